package io.fedstream.agent;

import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fedstream.interpret.KindRef;

/** One interpreter kind that the cluster serves, with what fabric8 needs to list and watch it. */
public record WatchedKind(KindRef kind, ResourceDefinitionContext context) {}
