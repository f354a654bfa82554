package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.NamespaceWorkloads;
import io.fedstream.interpret.Problems;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * flink.apache.org/v1beta1 FlinkSessionJob: its tasks run in the TaskManagers of the session cluster (the
 * FlinkDeployment without {@code spec.job}) named by {@code spec.deploymentName}. A native session cluster starts
 * TaskManagers on demand for the jobs submitted to it (Flink's active resource manager asks for
 * ceil(parallelism / slots) of them), so the job is charged that many pods of the cluster's TaskManager size, as
 * component {@code taskmanager}; a standalone session cluster's TaskManagers are its own fixed replicas, already
 * charged on the FlinkDeployment, so the job is charged nothing. Without the namespace's workloads the job charges
 * nothing, with a warning.
 */
public final class FlinkSessionJobKind implements KindInterpreter {

    private static final String API_VERSION = "flink.apache.org/v1beta1";
    private static final FlinkDeploymentKind SESSION_CLUSTERS = new FlinkDeploymentKind();

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of(API_VERSION, "FlinkSessionJob"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        return components(manifest, NamespaceWorkloads.NONE);
    }

    @Override
    public List<Component> components(Cursor manifest, NamespaceWorkloads namespace) {
        // The operator refuses a session job without a target cluster or a job spec.
        Cursor deploymentName = manifest.at("spec.deploymentName");
        String name = deploymentName.requiredString();
        Cursor job = manifest.at("spec.job");
        if (!job.isPresent()) {
            job.error("is required");
        } else if (!job.node().isObject()) {
            job.error("must be a mapping (a JobSpec)");
        }
        if (name == null || name.isEmpty() || !job.node().isObject()) {
            return List.of();
        }
        if (!namespace.known()) {
            deploymentName.warning("the TaskManagers this job makes its session cluster start are not charged: the interpreter"
                    + " was not given the namespace's workloads");
            return List.of();
        }
        Optional<JsonNode> cluster = namespace.find(API_VERSION, "FlinkDeployment", name);
        if (cluster.isEmpty()) {
            deploymentName.uninterpretable("names FlinkDeployment " + name + ", which is not known in the namespace: its"
                    + " TaskManager size and slots decide what this job costs");
            return List.of();
        }
        Problems clusterProblems = new Problems();
        Cursor clusterRoot = Cursor.root(cluster.get(), clusterProblems);
        List<Component> clusterComponents = SESSION_CLUSTERS.components(clusterRoot);
        if (!clusterProblems.isEmpty()) {
            deploymentName.uninterpretable("names FlinkDeployment " + name + ", which is invalid: " + clusterProblems.list().stream()
                    .map(FieldError::message).collect(Collectors.joining("; ")));
            return List.of();
        }
        Cursor clusterSpec = clusterRoot.field("spec");
        if (clusterSpec.field("job").isPresent()) {
            deploymentName.error("names FlinkDeployment " + name + ", which runs its own job (an application cluster), not a"
                    + " session cluster");
            return List.of();
        }
        if ("standalone".equals(clusterSpec.field("mode").string())) {
            return List.of(); // the standalone cluster's TaskManagers are charged on the FlinkDeployment
        }
        FlinkConfiguration conf = FlinkConfiguration.of(clusterSpec.field("flinkConfiguration"));
        long slots = conf.positiveInt("taskmanager.numberOfTaskSlots", 1);
        Cursor parallelismField = job.field("parallelism");
        long parallelism = parallelismField.isPresent() ? parallelismField.count(1) : conf.positiveInt("parallelism.default", 1);
        if (parallelism < 1) {
            parallelismField.error("must be at least 1");
            return List.of();
        }
        Component taskManager = clusterComponents.stream().filter(c -> c.name().equals("taskmanager")).findFirst().orElseThrow();
        return List.of(Component.of("taskmanager", (parallelism + slots - 1) / slots, parallelismField, taskManager.pod()));
    }
}
