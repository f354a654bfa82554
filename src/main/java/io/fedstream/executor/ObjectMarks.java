package io.fedstream.executor;

/**
 * The labels and annotations the executor puts on the objects it applies or purges, which the agent reads to tell the
 * federation's own copies from what users submit.
 */
public final class ObjectMarks {

    /** On an object the executor created on a target: the id of the migration command that created it. */
    public static final String MIGRATION_COMMAND = "fedstream.io/migration-command";
    /** On an object being purged: the id of the PURGE command; its deletion is the federation's, not a user's. */
    public static final String PURGE_COMMAND = "fedstream.io/purge-command";
    /** On an object being purged: the incident of its PURGE command, for the report of a deletion done later. */
    public static final String PURGE_INCIDENT = "fedstream.io/purge-incident";
    /** On an object being purged gracefully: when (epoch milliseconds) the executor deletes it. */
    public static final String PURGE_AFTER = "fedstream.io/purge-after";
    /** Label on an object being purged gracefully, so that a restarted executor finds its pending deletions by selector. */
    public static final String PURGING_LABEL = "fedstream.io/purging";
    /** The checkpoint storage of the command, as JSON, on a restored object. */
    public static final String CHECKPOINT_STORAGE = "fedstream.io/checkpoint-storage";
    /** Label marking a workload as a Kafka consumer whose group offsets travel with it (exactly "true"). */
    public static final String KAFKA_CONSUMER_LABEL = io.fedstream.failover.MigrationPlanner.KAFKA_CONSUMER_LABEL;
    /** Annotation (or label) naming a Kafka consumer's group id; without it the group id is the workload's name. */
    public static final String CONSUMER_GROUP = "fedstream.io/consumer-group";

    private ObjectMarks() {}
}
