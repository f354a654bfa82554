package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.interpret.ContainerResources;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;
import io.fedstream.interpret.Problems;
import io.fedstream.interpret.Resources;

import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The effective request of a pod as an operator assembles it: the user's pod spec plus the
 * containers and init containers the operator appends (e.g. KubeRay's autoscaler sidecar, Spark
 * operator's sidecars). Each part is first read alone, so errors name the manifest field they
 * come from; then the assembled spec is computed by {@link PodRequests}.
 */
final class AssembledPod {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Cursor podSpec;
    private final boolean required;
    private final List<Cursor> containers;
    private final List<Cursor> initContainers;

    private AssembledPod(Cursor podSpec, boolean required, List<Cursor> containers, List<Cursor> initContainers) {
        this.podSpec = podSpec;
        this.required = required;
        this.containers = containers;
        this.initContainers = initContainers;
    }

    /** A pod spec that must exist and list a container, plus appended containers and init containers. */
    static AssembledPod of(Cursor podSpec, List<Cursor> containers, List<Cursor> initContainers) {
        return new AssembledPod(podSpec, true, containers, initContainers);
    }

    /** A pod spec that may be absent (the operator builds the main container), plus appended containers. */
    static AssembledPod optional(Cursor podSpec, List<Cursor> containers, List<Cursor> initContainers) {
        return new AssembledPod(podSpec, false, containers, initContainers);
    }

    /** A container the operator adds with fixed resources; it is never the source of an error. */
    static Cursor container(String name, ContainerResources resources, Problems problems) {
        ObjectNode container = JSON.objectNode().put("name", name);
        ObjectNode requirements = container.putObject("resources");
        put(requirements.putObject("requests"), resources.requests());
        put(requirements.putObject("limits"), resources.limits());
        return Cursor.root(container, "", problems);
    }

    /** A container named {@code name} whose {@code resources} is the ResourceRequirements at the cursor. */
    static Cursor container(String name, Cursor resources) {
        ObjectNode container = JSON.objectNode().put("name", name);
        if (resources.isPresent()) {
            container.set("resources", resources.node());
        }
        // Keeps the path of the resources, so errors name the manifest field.
        return Cursor.root(container, parentPath(resources.path()), resources.problems());
    }

    /** The request, with no container adjusted. */
    PodRequest request() {
        return request(null, null);
    }

    /**
     * The request with the resources of the container named {@code mainName} adjusted by the
     * operator (the container is added when the spec has none of that name).
     */
    PodRequest request(String mainName, UnaryOperator<ContainerResources> adjust) {
        Problems problems = podSpec.problems();
        int before = problems.size();
        if (required) {
            PodRequests.of(podSpec);
        } else if (podSpec.isPresent()) {
            PodRequests.of(podSpec, "", UnaryOperator.identity());
        }
        for (Cursor c : containers) {
            PodRequests.containerResources(c);
        }
        for (Cursor c : initContainers) {
            PodRequests.containerResources(c);
            c.field("restartPolicy").string();
        }
        if (problems.size() > before) {
            return PodRequest.NONE;
        }
        ObjectNode spec = podSpec.node().isObject() ? ((ObjectNode) podSpec.node()).deepCopy() : JSON.objectNode();
        append(spec, "containers", containers);
        append(spec, "initContainers", initContainers);
        Cursor assembled = Cursor.root(spec, podSpec.path(), problems);
        return adjust == null ? PodRequests.of(assembled) : PodRequests.of(assembled, mainName, adjust);
    }

    private static void append(ObjectNode spec, String field, List<Cursor> added) {
        if (added.isEmpty()) {
            return;
        }
        JsonNode existing = spec.get(field);
        ArrayNode list = existing instanceof ArrayNode array ? array : spec.putArray(field);
        added.forEach(c -> list.add(c.node()));
    }

    private static void put(ObjectNode list, Resources resources) {
        for (Map.Entry<String, String> e : resources.toQuantities().entrySet()) {
            list.put(e.getKey(), e.getValue());
        }
    }

    private static String parentPath(String path) {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }
}
