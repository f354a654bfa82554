package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Arrays;

/**
 * The container resources already read from one manifest, by the identity of their
 * {@code resources} node, for a kind that reads the same containers more than once (e.g. a pod
 * template alone, then merged with another). Used only while the manifest has no problem
 * recorded: a read that records nothing depends on the node alone, so reading it again could
 * only give the same amounts and again record nothing.
 */
public final class ResourcesMemo {

    private final Problems problems;
    // The few containers of a manifest, scanned by identity: an IdentityHashMap per manifest cost more than the scan.
    private JsonNode[] nodes = new JsonNode[4];
    private ContainerResources[] read = new ContainerResources[4];
    private int size;

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
        for (int i = 0; i < size; i++) {
            if (nodes[i] == node) {
                return read[i];
            }
        }
        ContainerResources resources = PodRequests.containerResources(container);
        if (problems.isEmpty()) {
            remember(node, resources);
        }
        return resources;
    }

    private void remember(JsonNode node, ContainerResources resources) {
        if (size == nodes.length) {
            nodes = Arrays.copyOf(nodes, size * 2);
            read = Arrays.copyOf(read, size * 2);
        }
        nodes[size] = node;
        read[size++] = resources;
    }
}
