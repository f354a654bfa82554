package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The container resources already read from one manifest, by the identity of their
 * {@code resources} node, for a kind that reads the same containers more than once (e.g. a pod
 * template alone, then merged with another). Used only while the manifest has no problem
 * recorded: a read that records nothing depends on the node alone, so reading it again could
 * only give the same amounts and again record nothing.
 */
public final class ResourcesMemo {

    private final Problems problems;
    // Sized for the few containers of a manifest: the default (32) was the largest array a FlinkDeployment allocated.
    private final Map<JsonNode, ContainerResources> read = new IdentityHashMap<>(8);

    /** A memo for the manifest whose problems are recorded in {@code problems}. */
    public ResourcesMemo(Problems problems) {
        this.problems = problems;
    }

    /** The resources of the container at the cursor, read once while no problem is recorded. */
    ContainerResources containerResources(Cursor container) {
        JsonNode node = container.node().isObject() ? container.node().get("resources") : null;
        if (node == null || !problems.isEmpty()) {
            return PodRequests.containerResources(container);
        }
        ContainerResources known = read.get(node);
        if (known != null) {
            return known;
        }
        ContainerResources resources = PodRequests.containerResources(container);
        if (problems.isEmpty()) {
            read.put(node, resources);
        }
        return resources;
    }
}
