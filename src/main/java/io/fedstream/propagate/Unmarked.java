package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * A copy kept on its cluster when its Work goes under {@code preserveResourcesOnDeletion}: fedstream's marks removed,
 * as Karmada's execution controller removes its own ({@code cleanupPolicyClaimMetadata}: the managed labels and
 * annotations), and {@link PropagationMarks#PRESERVED} added so that the agent does not report it as a new workload.
 */
final class Unmarked {

    private static final List<String> ANNOTATIONS = List.of(PropagationMarks.WORKLOAD, PropagationMarks.GENERATION,
            PropagationMarks.APPLIED_DIGEST, PropagationMarks.APPLIED_OVERRIDES, PropagationMarks.MANAGED_LABELS,
            PropagationMarks.MANAGED_ANNOTATIONS, PropagationMarks.EVICTED);

    private Unmarked() {}

    static ObjectNode of(JsonNode live) {
        ObjectNode object = (ObjectNode) live.deepCopy();
        ObjectNode metadata = object.withObject("metadata");
        String workload = PropagationMarks.annotation(live, PropagationMarks.WORKLOAD);
        metadata.withObject("labels").remove(PropagationMarks.MANAGED_LABEL);
        ObjectNode annotations = metadata.withObject("annotations");
        ANNOTATIONS.forEach(annotations::remove);
        annotations.put(PropagationMarks.PRESERVED, workload == null ? "" : workload);
        return object;
    }
}
