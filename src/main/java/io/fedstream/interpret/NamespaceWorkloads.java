package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The other workloads of the namespace a manifest is interpreted in, for the kinds whose pods depend on another object
 * (a FlinkSessionJob runs in the TaskManagers of the FlinkDeployment it names). The engine's namespace pass holds
 * every workload of a namespace in one task, so it can answer; without it ({@link #NONE}) such kinds charge nothing.
 */
@FunctionalInterface
public interface NamespaceWorkloads {

    /** Nothing is known of the namespace's other workloads. */
    NamespaceWorkloads NONE = (apiVersion, kind, name) -> Optional.empty();

    /** The latest manifest of the workload {@code apiVersion/kind/name} of the same namespace, if there is one. */
    Optional<JsonNode> find(String apiVersion, String kind, String name);

    /** Whether this lookup can answer at all (false for {@link #NONE}). */
    default boolean known() {
        return this != NONE;
    }
}
