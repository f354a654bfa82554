package io.fedstream.cli;

/**
 * A policy kind as {@code fedstream get} shows it: its name and plural as kubectl says them (the plural is also the
 * query API's path segment, e.g. {@code /apis/overridepolicies}) and its family's table columns.
 */
record PolicyKind(String name, String plural, PolicyTable.Columns columns) {

    static final PolicyKind PROPAGATION = new PolicyKind("propagationpolicy", "propagationpolicies", PolicyTable.PROPAGATION);
    static final PolicyKind OVERRIDE = new PolicyKind("overridepolicy", "overridepolicies", PolicyTable.OVERRIDE);
    static final PolicyKind CLUSTER_PROPAGATION =
            new PolicyKind("clusterpropagationpolicy", "clusterpropagationpolicies", PolicyTable.PROPAGATION);
    static final PolicyKind CLUSTER_OVERRIDE = new PolicyKind("clusteroverridepolicy", "clusteroverridepolicies", PolicyTable.OVERRIDE);
}
