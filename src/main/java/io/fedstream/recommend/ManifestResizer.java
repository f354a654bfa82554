package io.fedstream.recommend;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.fedstream.interpret.Resources;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Writes recommended requests into a workload manifest, per template, in the kind's own fields: a FlinkDeployment's
 * {@code jobManager}/{@code taskManager} {@code resource} (or {@code resources.requests}), a Kubeflow job's replica
 * spec's main container, a Deployment's (or StatefulSet's, Job's, CronJob's, Pod's) container. Where a pod has several
 * containers and none is the kind's main one, each container's requests are scaled by the pod's recommended/requested
 * ratio. Templates without a recommendation, and kinds whose templates are not mapped, are left as they are, with a note.
 */
public final class ManifestResizer {

    private static final Set<String> POD_TEMPLATE_KINDS = Set.of("Deployment", "ReplicaSet", "StatefulSet", "ReplicationController",
            "Rollout", "CloneSet", "DaemonSet");
    /** Where each Kubeflow job keeps its replica specs, and the container its operator runs the training in (its default name). */
    private record ReplicaSpecs(String field, String mainContainer) {}

    private static final Map<String, ReplicaSpecs> KUBEFLOW = Map.of(
            "PyTorchJob", new ReplicaSpecs("pytorchReplicaSpecs", "pytorch"),
            "TFJob", new ReplicaSpecs("tfReplicaSpecs", "tensorflow"),
            "XGBoostJob", new ReplicaSpecs("xgbReplicaSpecs", "xgboost"),
            "PaddleJob", new ReplicaSpecs("paddleReplicaSpecs", "paddle"),
            "MXJob", new ReplicaSpecs("mxReplicaSpecs", "mxnet"),
            "JAXJob", new ReplicaSpecs("jaxReplicaSpecs", "jax"));

    /** The resized manifest and what could not be done. */
    public record Result(JsonNode manifest, List<String> notes) {}

    private ManifestResizer() {}

    /** A copy of {@code manifest} with each template of {@code targets} (per pod) written in. */
    public static Result resize(JsonNode manifest, Map<String, Estimate.Amounts> targets) {
        ObjectNode copy = manifest.deepCopy();
        List<String> notes = new ArrayList<>();
        String kind = copy.path("kind").asText();
        JsonNode spec = copy.path("spec");
        if ("FlinkDeployment".equals(kind)) {
            flinkComponent(spec.path("jobManager"), "jobmanager", targets, notes);
            flinkComponent(spec.path("taskManager"), "taskmanager", targets, notes);
        } else if (KUBEFLOW.containsKey(kind)) {
            ReplicaSpecs replicaSpecs = KUBEFLOW.get(kind);
            Iterator<Map.Entry<String, JsonNode>> specs = spec.path(replicaSpecs.field()).fields();
            while (specs.hasNext()) {
                Map.Entry<String, JsonNode> replicaSpec = specs.next();
                podTemplate(replicaSpec.getValue().path("template"), replicaSpec.getKey().toLowerCase(Locale.ROOT),
                        replicaSpecs.mainContainer(), targets, notes);
            }
        } else if (POD_TEMPLATE_KINDS.contains(kind) || "Job".equals(kind) && copy.path("apiVersion").asText().startsWith("batch/")) {
            podTemplate(spec.path("template"), "main", null, targets, notes);
        } else if ("CronJob".equals(kind)) {
            podTemplate(spec.path("jobTemplate").path("spec").path("template"), "main", null, targets, notes);
        } else if ("Pod".equals(kind)) {
            podTemplate(copy, "pod", null, targets, notes);
        } else {
            notes.add(kind + ": its templates are not mapped to fields yet; nothing written");
        }
        return new Result(copy, notes);
    }

    private static void flinkComponent(JsonNode component, String template, Map<String, Estimate.Amounts> targets, List<String> notes) {
        Estimate.Amounts target = targets.get(template);
        if (target == null || !(component instanceof ObjectNode object)) {
            noteMissing(template, targets, notes);
            return;
        }
        if (object.get("resources") instanceof ObjectNode resources) {
            writeRequests(resources, target);
            return;
        }
        ObjectNode resource = object.get("resource") instanceof ObjectNode given ? given : object.putObject("resource");
        // Flink reads cpu as cores and memory in its own syntax, where "m" is MiB (docs/interpretation.md).
        resource.set("cpu", DoubleNode.valueOf(BigDecimal.valueOf(target.cpuMillis()).movePointLeft(3).doubleValue()));
        resource.set("memory", TextNode.valueOf(ceilDiv(target.memoryBytes(), 1L << 20) + "m"));
    }

    private static void podTemplate(JsonNode template, String name, String mainContainer, Map<String, Estimate.Amounts> targets,
                                    List<String> notes) {
        Estimate.Amounts target = targets.get(name);
        JsonNode containers = template.path("spec").path("containers");
        if (target == null || !containers.isArray() || containers.isEmpty()) {
            noteMissing(name, targets, notes);
            return;
        }
        ObjectNode main = null;
        for (JsonNode container : containers) {
            if (containers.size() == 1 || container.path("name").asText().equals(mainContainer)) {
                main = (ObjectNode) container;
            }
        }
        if (main != null) {
            writeRequests(resources(main), target);
            return;
        }
        long cpu = 0;
        long memory = 0;
        for (JsonNode container : containers) {
            Estimate.Amounts requested = requests(container);
            cpu += requested.cpuMillis();
            memory += requested.memoryBytes();
        }
        for (JsonNode container : containers) {
            Estimate.Amounts requested = requests(container);
            writeRequests(resources((ObjectNode) container), new Estimate.Amounts(
                    cpu == 0 ? target.cpuMillis() / containers.size() : ceilDiv(requested.cpuMillis() * target.cpuMillis(), cpu),
                    memory == 0 ? target.memoryBytes() / containers.size() : ceilDiv(requested.memoryBytes() * target.memoryBytes(), memory)));
        }
        notes.add(name + ": " + containers.size() + " containers, none the main one: each container's requests scaled to the recommendation");
    }

    private static void noteMissing(String template, Map<String, Estimate.Amounts> targets, List<String> notes) {
        if (!targets.containsKey(template)) {
            notes.add(template + ": no recommendation; its requests are left as they are");
        } else {
            notes.add(template + ": no pod template or containers where the manifest should have them; nothing written");
        }
    }

    private static ObjectNode resources(ObjectNode container) {
        return container.get("resources") instanceof ObjectNode resources ? resources : container.putObject("resources");
    }

    private static void writeRequests(ObjectNode resources, Estimate.Amounts target) {
        ObjectNode requests = resources.get("requests") instanceof ObjectNode given ? given : resources.putObject("requests");
        requests.put("cpu", target.cpuMillis() % 1000 == 0 ? Long.toString(target.cpuMillis() / 1000) : target.cpuMillis() + "m");
        requests.put("memory", memory(target.memoryBytes()));
    }

    /** Bytes as a Kubernetes quantity rounded up to a whole Mi (requests need no finer). */
    private static String memory(long bytes) {
        return ceilDiv(bytes, 1L << 20) + "Mi";
    }

    private static Estimate.Amounts requests(JsonNode container) {
        JsonNode requests = container.path("resources").path("requests");
        Map<String, String> given = new TreeMap<>();
        requests.fields().forEachRemaining(field -> {
            if (field.getKey().equals("cpu") || field.getKey().equals("memory")) {
                given.put(field.getKey(), field.getValue().asText());
            }
        });
        Resources parsed = Resources.fromQuantities(given);
        return new Estimate.Amounts(parsed.get("cpu"), parsed.get("memory"));
    }

    private static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
