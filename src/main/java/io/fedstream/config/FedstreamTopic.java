package io.fedstream.config;

import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.avro.WorkloadUsage;
import org.apache.kafka.common.config.ConfigDef.Importance;

/**
 * Every topic fedstream reads or writes, declared once: its configuration key, default name, value type (an Avro record,
 * or raw bytes) and documentation. {@link FedstreamConfig} defines a key per topic from here and {@link Topics} binds
 * each to its serdes. Order: the documentation's, inputs first.
 */
public enum FedstreamTopic {

    WORKLOADS("workloads", "fedstream.workloads", WorkloadEvent.class, Importance.MEDIUM, 1,
            "Workload manifests (WorkloadEvent), keyed by group/kind/namespace/name."),
    POLICIES("policies", "fedstream.policies", PolicyEvent.class, Importance.MEDIUM, 2,
            "Quota, propagation and interpreter-customization policies (PolicyEvent)."),
    CLUSTER_HEALTH("cluster.health", "fedstream.cluster-health", ClusterHealthEvent.class, Importance.MEDIUM, 3,
            "Member cluster heartbeats and capacity (ClusterHealthEvent), keyed by cluster."),
    WORKLOAD_STATUS("workload.status", "fedstream.workload-status", WorkloadStatusEvent.class, Importance.MEDIUM, 4,
            "Workload phase, checkpoints and consumer offsets (WorkloadStatusEvent)."),
    STATE_DELTAS("state.deltas", "fedstream.state-deltas", byte[].class, Importance.MEDIUM, 5,
            "State deltas written by running workloads since their last checkpoint."),
    MIGRATION_EVENTS("migration.events", "fedstream.migration-events", MigrationEvent.class, Importance.MEDIUM, 10,
            "Migration progress reported by the executor."),
    WORKLOAD_USAGE("workload.usage", "fedstream.workload-usage", WorkloadUsage.class, Importance.MEDIUM, 18,
            "Pod usage per workload and template from the clusters' metrics API (WorkloadUsage), keyed by workload key and"
                    + " partitioned by namespace."),
    WORK_STATUS("work.status", "fedstream.work-status", WorkStatusEvent.class, Importance.MEDIUM, 20,
            "The copies of each workload on the member clusters (WorkStatusEvent: applied by the executor, seen by the"
                    + " agent), keyed by workload key, partitioned by namespace."),
    BINDINGS("bindings", "fedstream.bindings", ResourceBinding.class, Importance.MEDIUM, 6,
            "Resource bindings: components, totals, placement and admission (output)."),
    QUOTA_STATUS("quota.status", "fedstream.quota-status", QuotaStatus.class, Importance.MEDIUM, 7,
            "FederatedResourceQuota status: hard and used, overall and per cluster (output)."),
    CLUSTER_STATE("cluster.state", "fedstream.cluster-state", ClusterStateEvent.class, Importance.MEDIUM, 8,
            "Cluster state transitions with reasons (output)."),
    MIGRATIONS("migrations", "fedstream.migrations", MigrationCommand.class, Importance.MEDIUM, 9,
            "Migration commands for the executor (output)."),
    RECOMMENDATIONS("recommendations", "fedstream.recommendations", WorkloadRecommendation.class, Importance.MEDIUM, 19,
            "Right-sizing per workload and template: requested, used, recommended with bounds (WorkloadRecommendation),"
                    + " keyed by workload key and partitioned by namespace (output)."),
    AUDIT("audit", "fedstream.audit", AuditEvent.class, Importance.MEDIUM, 11,
            "One AuditEvent per decision (output)."),
    DLQ("dlq", "fedstream.dlq", byte[].class, Importance.MEDIUM, 12,
            "Dead-letter topic: the original bytes plus headers naming stage, reason, topic, partition and offset."),
    CLUSTER_VIEWS("cluster.views", "fedstream.cluster-views", ClusterWatch.class, Importance.LOW, 16,
            "fedstream's own: each member cluster's state and latest heartbeat, whenever something placement uses changes,"
                    + " on every partition for the namespace tasks and the clusters' allocators; topic.partitions partitions."),
    CLUSTER_TRANSITIONS("cluster.transitions", "fedstream.cluster-transitions", ClusterStateEvent.class, Importance.LOW, 17,
            "fedstream's own: the health client copies every cluster transition (with the migration brake) to every"
                    + " partition here, for the namespace tasks' failover; topic.partitions partitions."),
    LEASE_REQUESTS("lease.requests", "fedstream.lease-requests", LeaseRequest.class, Importance.LOW, 18,
            "fedstream's own: the namespace tasks ask the clusters' allocators for room here, keyed by cluster, at most one"
                    + " request outstanding per task and cluster; topic.partitions partitions."),
    LEASE_GRANTS("lease.grants", "fedstream.lease-grants", LeaseGrant.class, Importance.LOW, 19,
            "fedstream's own: the allocators' grants, keyed by cluster, each on the partition of the namespace task it is"
                    + " for; topic.partitions partitions.");

    private final String configKey;
    private final String defaultName;
    private final Class<?> valueType;
    private final Importance importance;
    private final int orderInGroup;
    private final String doc;

    FedstreamTopic(String key, String defaultName, Class<?> valueType, Importance importance, int orderInGroup, String doc) {
        this.configKey = "topic." + key;
        this.defaultName = defaultName;
        this.valueType = valueType;
        this.importance = importance;
        this.orderInGroup = orderInGroup;
        this.doc = doc;
    }

    /** The configuration key of the topic's name, e.g. {@code topic.workloads}. */
    public String configKey() {
        return configKey;
    }

    public String defaultName() {
        return defaultName;
    }

    /** The generated Avro class of the topic's values, or {@code byte[]} for raw bytes. */
    public Class<?> valueType() {
        return valueType;
    }

    Importance importance() {
        return importance;
    }

    int orderInGroup() {
        return orderInGroup;
    }

    String doc() {
        return doc;
    }
}
