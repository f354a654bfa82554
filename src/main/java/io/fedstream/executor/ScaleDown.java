package io.fedstream.executor;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.Map;

/**
 * Stops a copy without deleting it, for a graceful purge: a Flink job is suspended ({@code spec.job.state: suspended},
 * which the Flink operator honours by taking a savepoint first under the savepoint upgrade mode), a kind with
 * {@code spec.replicas} goes to 0, a Job or JobSet is suspended ({@code spec.suspend: true}); other kinds are left running
 * until their deletion.
 */
final class ScaleDown {

    private ScaleDown() {}

    @SuppressWarnings("unchecked")
    static void apply(GenericKubernetesResource object) {
        Object spec = object.getAdditionalProperties().get("spec");
        if (!(spec instanceof Map<?, ?> raw)) {
            return;
        }
        Map<String, Object> fields = (Map<String, Object>) raw;
        if (RestoredManifest.FLINK_KINDS.contains(object.getKind()) && fields.get("job") instanceof Map<?, ?> job) {
            ((Map<String, Object>) job).put("state", "suspended");
        } else if (fields.containsKey("replicas")) {
            fields.put("replicas", 0);
        } else if (fields.containsKey("suspend") || "Job".equals(object.getKind()) || "JobSet".equals(object.getKind())) {
            fields.put("suspend", true);
        }
    }
}
