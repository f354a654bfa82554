package io.fedstream.api;

import io.fedstream.avro.ResourceBinding;
import java.util.List;
import java.util.Optional;

/**
 * Finds bindings across every instance of the application; each method throws {@link StoreUnavailableException}
 * rather than answer from an incomplete view.
 */
public interface BindingLookup {

    /** Every binding named {@code name} in {@code namespace}: none, one, or several when workloads share the name. */
    List<ResourceBinding> byName(String namespace, String name);

    /** Every binding of a namespace. */
    List<ResourceBinding> inNamespace(String namespace);

    /** The binding of one workload key {@code group/kind/namespace/name}. */
    Optional<ResourceBinding> byWorkloadKey(String workloadKey);
}
