package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;

import java.util.List;

/**
 * flink.apache.org/v1beta1 FlinkSessionJob: no components of its own, since its tasks run in
 * the TaskManagers of the session cluster named by {@code spec.deploymentName}.
 */
public final class FlinkSessionJobKind implements KindInterpreter {

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("flink.apache.org/v1beta1", "FlinkSessionJob"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        // The operator refuses a session job without a target cluster or a job spec.
        manifest.at("spec.deploymentName").requiredString();
        Cursor job = manifest.at("spec.job");
        if (!job.isPresent()) {
            job.error("is required");
        } else if (!job.node().isObject()) {
            job.error("must be a mapping (a JobSpec)");
        }
        return List.of();
    }
}
