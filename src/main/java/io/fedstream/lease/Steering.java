package io.fedstream.lease;

import io.fedstream.avro.ClusterState;
import io.fedstream.interpret.Resources;

/**
 * What a cluster's allocator said in its latest grant to this task: the room still unleased there (for ranking
 * clusters: the views show allocated pods, not leased room), what it still owes the task and the least of that worth
 * granting, the cluster's state, why it grants nothing (null when it can), and when it was heard.
 */
public record Steering(Resources free, Resources unmet, Resources unmetLeast, ClusterState state, String why, long heardAt) {
}
