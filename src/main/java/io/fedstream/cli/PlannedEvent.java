package io.fedstream.cli;

/** One document of {@code apply} or {@code delete}: which topic, which key, its kubectl-style name and its JSON. */
record PlannedEvent(Destination destination, String key, String displayName, String manifestJson) {

    /** The topic a document goes to. */
    enum Destination { WORKLOADS, POLICIES, CLUSTER_HEALTH }
}
