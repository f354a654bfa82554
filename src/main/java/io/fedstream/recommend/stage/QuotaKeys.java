package io.fedstream.recommend.stage;

/**
 * Quota statuses are keyed {@code namespace/name}; the task keys them as a workload key of the FederatedResourceQuota
 * kind, {@code policy.karmada.io/FederatedResourceQuota/namespace/name}, so that {@link io.fedstream.config.NamespacePartitioner}
 * puts them with the namespace's workloads and a namespace's quotas are one prefix of the store.
 */
public final class QuotaKeys {

    static final String PREFIX = "policy.karmada.io/FederatedResourceQuota/";

    private QuotaKeys() {}

    /** The task's key of the quota-status key {@code namespace/name}. */
    static String of(String statusKey) {
        return PREFIX + statusKey;
    }

    /** The prefix of every quota of a namespace in the task's store. */
    public static String namespacePrefix(String namespace) {
        return PREFIX + namespace + "/";
    }
}
