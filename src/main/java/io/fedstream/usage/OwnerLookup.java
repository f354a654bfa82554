package io.fedstream.usage;

import io.fabric8.kubernetes.api.model.OwnerReference;
import java.util.Optional;

/** The controller of an object that owns pods (a ReplicaSet's Deployment, a Job's CronJob, a RayCluster's RayJob), if any. */
@FunctionalInterface
public interface OwnerLookup {

    Optional<OwnerReference> controllerOf(String namespace, OwnerReference owned);
}
