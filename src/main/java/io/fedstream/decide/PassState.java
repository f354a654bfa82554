package io.fedstream.decide;

import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.StoredApplicationFailure;
import io.fedstream.avro.StoredLease;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * The namespace pass's small state: one logged in-memory store ({@link #STORE}) with a {@link Section} per kind, keys
 * {@code <section>/<key>}, each section's values in its own codec. It was ten stores, each with a changelog of a
 * partition per task, and a first start waits for the broker to create every partition (docs/operations.md).
 */
public record PassState(Section<PolicyEvent> policies, Section<Long> policyPositions, Section<String> refusedPolicies,
                        Section<ClusterStateEvent> openIncidents, Section<ApplicationFailure> applicationFailures,
                        Section<StoredLease> leases, Section<byte[]> quotas, Section<byte[]> quotaSources,
                        Section<byte[]> pending, Section<byte[]> queue) {

    /** The store; its partitions are the pass's, by namespace. */
    public static final String STORE = "pass-state-store";

    /** Policy key to its latest event, exactly as on the policies topic ({@link TaskPolicies}). */
    static final String POLICIES = "policies";
    /** Source partition of the policies topic to the highest offset of it applied ({@link TaskPolicies}). */
    static final String POLICY_POSITIONS = "policy-positions";
    /** PropagationPolicy key to the version of it last dead-lettered as refused. */
    static final String REFUSED_POLICIES = "refused-propagation-policies";
    /** Cluster to the transition that opened its current incident (FailingOver); every task holds all of them. */
    static final String OPEN_INCIDENTS = "open-incidents";
    /** {@code workload key NUL cluster} to the {@link ApplicationFailure} of a workload unhealthy there, until its failover is over. */
    static final String APPLICATION_FAILURES = "application-failures";
    /** Cluster to the task's lease there ({@link StoredLeases}). */
    static final String LEASES = "leases";
    /** Quotas in force: {@code namespace/name} to a {@code LedgerCodecs.QUOTA}. */
    static final String QUOTAS = "admission-quotas";
    /** {@code namespace/name} of a quota on the policies topic to the version last taken in, and why it was refused ({@link QuotaSource}). */
    static final String QUOTA_SOURCES = "admission-quota-sources";
    /** Workload key to its queued (rejected) version. */
    static final String PENDING = "admission-pending";
    /** The namespace queues, keyed in queue order ({@code PendingWorkload.queueKey}). */
    static final String QUEUE = "admission-queue";

    /** The codecs of the sections that hold records of the schema registry. */
    public record Codecs(Serde<PolicyEvent> policies, Serde<ClusterStateEvent> transitions,
                         Serde<StoredApplicationFailure> applicationFailures, Serde<StoredLease> leases) {
    }

    /** The sections of the store of a processor connected to it. */
    static PassState of(ProcessingContext context, Codecs codecs) {
        return of(context.getStateStore(STORE), context.applicationId(), codecs);
    }

    static PassState of(KeyValueStore<String, byte[]> store, String applicationId, Codecs codecs) {
        String changelog = changelog(applicationId);
        return new PassState(Section.of(store, POLICIES, codecs.policies(), topicOf(changelog, POLICIES)),
                Section.of(store, POLICY_POSITIONS, Serdes.Long(), topicOf(changelog, POLICY_POSITIONS)),
                Section.of(store, REFUSED_POLICIES, Serdes.String(), topicOf(changelog, REFUSED_POLICIES)),
                Section.of(store, OPEN_INCIDENTS, codecs.transitions(), topicOf(changelog, OPEN_INCIDENTS)),
                Section.of(store, APPLICATION_FAILURES, ApplicationFailureAvro.serde(codecs.applicationFailures()),
                        topicOf(changelog, APPLICATION_FAILURES)),
                Section.of(store, LEASES, codecs.leases(), topicOf(changelog, LEASES)),
                Section.of(store, QUOTAS, Serdes.ByteArray(), topicOf(changelog, QUOTAS)),
                Section.of(store, QUOTA_SOURCES, Serdes.ByteArray(), topicOf(changelog, QUOTA_SOURCES)),
                Section.of(store, PENDING, Serdes.ByteArray(), topicOf(changelog, PENDING)),
                Section.of(store, QUEUE, Serdes.ByteArray(), topicOf(changelog, QUEUE)));
    }

    /**
     * The sections whose values are records of the schema registry, each by the topic its codec is told ({@link
     * #topicOf}) to the type of its values: what the start registers before the first record of each.
     */
    public static Map<String, Class<? extends SpecificRecord>> registrySections(String applicationId) {
        String changelog = changelog(applicationId);
        return Map.of(topicOf(changelog, POLICIES), PolicyEvent.class,
                topicOf(changelog, OPEN_INCIDENTS), ClusterStateEvent.class,
                topicOf(changelog, APPLICATION_FAILURES), StoredApplicationFailure.class,
                topicOf(changelog, LEASES), StoredLease.class);
    }

    private static String changelog(String applicationId) {
        return applicationId + "-" + STORE + "-changelog";
    }

    /**
     * The topic a section's codec is told it writes to. Kafka Streams tells a store's serde the store's changelog, and a
     * codec of the registry names its subject after that topic ({@code <topic>-value}): one changelog for every section
     * would put policies, transitions, failures and leases under one subject, whose second record type a registry under
     * BACKWARD compatibility refuses. The changelog's name and the section's give each section a subject of its own,
     * beside the changelog it lives in, the same on every instance and at every start of the application.
     */
    static String topicOf(String changelog, String section) {
        return changelog + "-" + section;
    }

    /**
     * Adds the store. In memory, restored from its changelog: a RocksDB store costs each task about 50 ms of CPU to open
     * at start (docs/benchmarks.md, "Start-up"), and these sections hold kilobytes.
     */
    static void addTo(StreamsBuilder builder) {
        // Cached, as the quotas, quota sources and leases stores were: a burst changes a namespace's quota entries and a
        // cluster's lease once per decision, and the cache sends the changelog only the last value per commit (a lease
        // per commit, not per placement). A store is cached as a whole; the other sections change seldom or hold only the
        // rejected and the unhealthy workloads, so what the cache costs on them (sorting its dirty keys) stays small.
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), Serdes.ByteArray())
                .withCachingEnabled());
    }

    /** A queried partition's policies, as the query API reads them: the section {@link TaskPolicies} writes. */
    public static ReadOnlyKeyValueStore<String, PolicyEvent> policies(ReadOnlyKeyValueStore<String, byte[]> store, Serde<PolicyEvent> values) {
        return Section.readOnly(store, POLICIES, values);
    }

    /** A queried partition's section of encoded ledger values ({@link #QUOTAS}, {@link #QUOTA_SOURCES}, ...). */
    static Section<byte[]> encoded(ReadOnlyKeyValueStore<String, byte[]> store, String section) {
        return Section.readOnly(store, section, Serdes.ByteArray());
    }
}
