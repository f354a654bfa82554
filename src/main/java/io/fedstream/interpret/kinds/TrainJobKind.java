package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Component;
import io.fedstream.interpret.ContainerResources;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;

import java.util.List;
import java.util.function.UnaryOperator;

/**
 * trainer.kubeflow.org/v1alpha1 TrainJob (Kubeflow Trainer): one component {@code node} with
 * {@code spec.trainer.numNodes} pods from its runtime's trainer job, whose container {@code node}
 * has {@code spec.trainer.resourcesPerNode} merged into its resources key by key; what the
 * TrainJob leaves unset comes from the runtime, as the Trainer builds the JobSet. A TrainJob
 * whose runtime is needed but not in the {@link TrainingRuntimes} is UNINTERPRETED. The rules
 * and their sources are in docs/interpretation.md.
 */
public final class TrainJobKind implements KindInterpreter {

    static final String NODE = "node";
    private static final String API_GROUP = "trainer.kubeflow.org";
    private static final String ANCESTOR_LABEL = "trainer.kubeflow.org/trainjob-ancestor-step";
    private static final String ANCESTOR_TRAINER = "trainer";

    private final TrainingRuntimes runtimes;

    /** A TrainJob interpreter resolving runtimes in the given catalog. */
    public TrainJobKind(TrainingRuntimes runtimes) {
        this.runtimes = runtimes;
    }

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of(TrainingRuntimes.API_VERSION, "TrainJob"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor trainer = manifest.at("spec.trainer");
        Cursor numNodesField = trainer.field("numNodes");
        Long numNodes = numNodesField.optionalCount();
        ContainerResources perNode = resourcesPerNode(trainer.field("resourcesPerNode"));
        boolean sizesNode = !perNode.requests().isEmpty() || !perNode.limits().isEmpty();
        // The Trainer merges resourcesPerNode into the node container key by key (a strategic merge
        // patch of requests and limits), so a runtime key the TrainJob does not repeat stays.
        UnaryOperator<ContainerResources> merge = runtimeResources -> runtimeResources.overlay(perNode);

        Cursor ref = manifest.at("spec.runtimeRef");
        String name = ref.field("name").requiredString();
        String kind = orDefault(ref.field("kind").string(), TrainingRuntimes.CLUSTER_TRAINING_RUNTIME);
        String apiGroup = orDefault(ref.field("apiGroup").string(), API_GROUP);
        String namespace = orDefault(manifest.at("metadata.namespace").string(), "default");
        if (name == null) {
            return List.of();
        }
        JsonNode runtime = apiGroup.equals(API_GROUP) ? runtimes.find(kind, namespace, name) : null;
        String runtimeName = kind.equals(TrainingRuntimes.TRAINING_RUNTIME) ? kind + "/" + namespace + "/" + name : kind + "/" + name;

        if (runtime == null) {
            if (numNodes != null && sizesNode) {
                // Both values are given, but the runtime's other containers and the node container's
                // other resource keys cannot be seen: the pod is resourcesPerNode alone.
                PodRequest pod = PodRequests.of(Cursor.root(null, trainer.path(), manifest.problems()), NODE, merge);
                return List.of(Component.of(NODE, numNodes, numNodesField, pod));
            }
            ref.uninterpretable("runtime " + runtimeName + (apiGroup.equals(API_GROUP) ? "" : " of API group " + apiGroup)
                    + " is not known, and the TrainJob leaves " + (numNodes == null ? "spec.trainer.numNodes" : "spec.trainer.resourcesPerNode")
                    + " to it");
            return List.of();
        }

        Cursor spec = Cursor.root(runtime, runtimeName, manifest.problems()).field("spec");
        Cursor job = trainerJob(spec.at("template.spec.replicatedJobs"));
        if (job == null) {
            ref.uninterpretable("runtime " + runtimeName + " has no trainer job (a replicated job labelled "
                    + ANCESTOR_LABEL + ": " + ANCESTOR_TRAINER + ", or named " + NODE + ")");
            return List.of();
        }
        Cursor countField = numNodesField;
        long count;
        if (numNodes != null) {
            count = numNodes;
        } else {
            Cursor mlPolicy = spec.field("mlPolicy");
            countField = mlPolicy.isPresent() ? mlPolicy.field("numNodes") : job.at("template.spec.parallelism");
            count = countField.count(1);
        }
        Cursor podSpec = job.at("template.spec.template.spec");
        // The Trainer applies resourcesPerNode to the container named node only; without one it changes nothing.
        boolean hasNode = podSpec.field("containers").elements().stream().anyMatch(c -> NODE.equals(c.field("name").string()));
        boolean perNodeApplies = sizesNode && hasNode && takesResourcesPerNode(job, spec.field("mlPolicy"));
        PodRequest pod = perNodeApplies ? PodRequests.of(podSpec, NODE, merge) : PodRequests.of(podSpec);
        return List.of(Component.of(NODE, count, countField, pod));
    }

    /** The TrainJob's requests and limits per node, read even where they change nothing, as the API server validates them. */
    private static ContainerResources resourcesPerNode(Cursor field) {
        try {
            return new ContainerResources(field.field("requests").resourceList(), field.field("limits").resourceList());
        } catch (ArithmeticException e) {
            field.error("does not fit a 64-bit integer");
            return ContainerResources.NONE;
        }
    }

    /**
     * Whether the Trainer merges resourcesPerNode into this job: only in a runtime with an
     * mlPolicy, into the labelled trainer job, or into the job named node when MPI runs its
     * launcher as a node.
     */
    private static boolean takesResourcesPerNode(Cursor job, Cursor mlPolicy) {
        if (!mlPolicy.isPresent()) {
            return false;
        }
        return isLabelledTrainer(job)
                || NODE.equals(job.field("name").string()) && mlPolicy.at("mpi.runLauncherAsNode").bool(false);
    }

    /** The runtime's trainer job: the one labelled as the trainer ancestor, else (older runtimes) the one named node. */
    private static Cursor trainerJob(Cursor replicatedJobs) {
        List<Cursor> jobs = replicatedJobs.elements();
        for (Cursor job : jobs) {
            if (ANCESTOR_TRAINER.equals(job.at("template.metadata.labels").field(ANCESTOR_LABEL).string())) {
                return job;
            }
        }
        return jobs.stream().filter(job -> NODE.equals(job.field("name").string())).findFirst().orElse(null);
    }

    /** Whether the job carries the trainer ancestor label; read from the tree, as trainerJob already reported a bad label. */
    private static boolean isLabelledTrainer(Cursor job) {
        JsonNode label = job.at("template.metadata.labels").field(ANCESTOR_LABEL).node();
        return label.isTextual() && ANCESTOR_TRAINER.equals(label.textValue());
    }

    private static String orDefault(String value, String defaultValue) {
        return value == null || value.isEmpty() ? defaultValue : value;
    }
}
