package io.fedstream.api;

import io.fedstream.admit.ReadingNote;
import io.fedstream.admit.Charge;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.admit.LedgerState;
import io.fedstream.admit.NamespaceUsage;
import io.fedstream.admit.PendingWorkload;
import io.fedstream.admit.Violation;
import io.fedstream.decide.AdmitStores;
import io.fedstream.decide.AggregateKeys;
import io.fedstream.decide.ClusterShare;
import io.fedstream.decide.NamespaceAggregates;
import io.fedstream.decide.PassState;
import io.fedstream.decide.QuotaReport;
import io.fedstream.decide.QuotaSources;
import io.fedstream.decide.TestPassState;
import io.fedstream.avro.ClusterQuotaUsage;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.decide.Workloads;
import io.fedstream.recommend.stage.RightsizeStores;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.health.stage.WatchClustersStage;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Resources;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.workstatus.WorkStatusStage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.Stores;

/**
 * Every store the query API reads, under the stages' names, as real Kafka Streams stores on TopologyTestDriver (in
 * memory): one partition active on this instance (0 unless given), and optionally one more active on a peer instance,
 * which every key then belongs to. Fixtures are written as the stages write them (the ledger through its own encoding);
 * {@code unavailable} makes every partition unreadable, as while it moves to another instance.
 */
public final class TestStores implements Partitions, AutoCloseable {

    private static final HostInfo SELF = new HostInfo("127.0.0.1", 1);
    private static final List<String> BYTE_STORES = List.of(PassState.STORE, AdmitStores.USAGE, AdmitStores.AGGREGATES);

    private final int partition;
    private HostInfo peer;
    private int peerPartition;
    private final Path stateDir;
    private final TopologyTestDriver driver;
    /** The policies' serde, in which the namespace pass keeps them (the query API decodes them with it). */
    private final Serde<PolicyEvent> policyValues;
    private final List<QueryServer> servers = new ArrayList<>();
    volatile boolean unavailable;

    public TestStores() {
        this(0);
    }

    /** Stores whose one partition here is {@code partition}. */
    public TestStores(int partition) {
        this.partition = partition;
        try {
            stateDir = Files.createTempDirectory("fedstream-api-stores");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        AvroSerdes avro = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
        Topology topology = new Topology().addSource("fixtures", Serdes.String().deserializer(), Serdes.String().deserializer(), "fixtures").addProcessor("hold", Holder::new, "fixtures");
        BYTE_STORES.forEach(name -> add(topology, name, Serdes.ByteArray()));
        add(topology, Workloads.STORE, avro.specific(WorkloadRecord.class, false));
        add(topology, WatchClustersStage.STORE, avro.specific(ClusterWatch.class, false));
        policyValues = avro.specific(PolicyEvent.class, false);
        add(topology, RightsizeStores.RECOMMENDATIONS, avro.specific(WorkloadRecommendation.class, false));
        add(topology, RightsizeStores.QUOTAS, avro.specific(QuotaStatus.class, false));
        add(topology, WorkStatusStage.STORE, avro.specific(WorkStatusEvent.class, false));
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "query-api-test");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(topology, properties);
    }

    /** The processor the stores belong to; fixtures are written into the stores directly. */
    private static final class Holder implements Processor<Object, Object, Void, Void> {
        @Override
        public void process(Record<Object, Object> record) {}
    }

    private static <V> void add(Topology topology, String name, Serde<V> values) {
        topology.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), values), "hold");
    }

    /** Another instance, active for {@code partition}; every key belongs to it from now on. */
    public TestStores withPeer(HostInfo peer, int partition) {
        this.peer = peer;
        this.peerPartition = partition;
        return this;
    }

    /** A started server on a free loopback port over these stores; {@link #close} stops it. */
    public QueryServer serve(Optional<String> token) {
        return serve(QueryServer.bind("127.0.0.1", 0, token), token);
    }

    /** Starts {@code bound} over these stores, asking peers (if any) with {@code token}; {@link #close} stops it. */
    public QueryServer serve(QueryServer bound, Optional<String> token) {
        servers.add(bound);
        FanOut fanOut = new FanOut(this, new PeerClient(token, Optional.empty()));
        return bound.start(fanOut, fanOut, policyValues);
    }

    /** Bindings in their workloads' records, as the namespace pass stores them. */
    public TestStores bindings(ResourceBinding... bindings) {
        KeyValueStore<String, WorkloadRecord> table = driver.getKeyValueStore(Workloads.STORE);
        for (ResourceBinding binding : bindings) {
            table.put(Workloads.storeKey(binding.getWorkloadKey()), WorkloadRecord.newBuilder().setBinding(binding).build());
        }
        return this;
    }

    /** Takes bindings away, with their workloads' records, as when their workloads are deleted. */
    public TestStores remove(ResourceBinding... bindings) {
        KeyValueStore<String, WorkloadRecord> table = driver.getKeyValueStore(Workloads.STORE);
        for (ResourceBinding binding : bindings) {
            table.delete(Workloads.storeKey(binding.getWorkloadKey()));
        }
        return this;
    }

    /** Policies as the policies topic carries them: key {@code kind/namespace/name} (no namespace: empty) to manifest. */
    public TestStores policies(Map<String, String> manifests) {
        KeyValueStore<String, byte[]> store = driver.getKeyValueStore(PassState.STORE);
        manifests.forEach((key, manifest) -> TestPassState.putPolicy(store, policyValues, key, PolicyEvent.newBuilder().setOp(Op.UPSERT)
                .setManifest(manifest).setObservedAt(Instant.parse("2026-12-03T10:00:00Z")).build()));
        return this;
    }

    /** Recommendations and quota statuses as the right-sizing stage stores them. */
    public TestStores recommendations(List<WorkloadRecommendation> recommendations, List<QuotaStatus> quotas) {
        KeyValueStore<String, WorkloadRecommendation> store = driver.getKeyValueStore(RightsizeStores.RECOMMENDATIONS);
        recommendations.forEach(recommendation -> store.put(recommendation.getWorkloadKey(), recommendation));
        KeyValueStore<String, QuotaStatus> quotaStore = driver.getKeyValueStore(RightsizeStores.QUOTAS);
        quotas.forEach(quota -> quotaStore.put(quota.getNamespace() + "/" + quota.getName(), quota));
        return this;
    }

    /** The copies of workloads on the member clusters, as the workstatus stage keeps them (workload key NUL cluster). */
    public TestStores copies(WorkStatusEvent... copies) {
        KeyValueStore<String, WorkStatusEvent> store = driver.getKeyValueStore(WorkStatusStage.STORE);
        Stream.of(copies).forEach(copy -> store.put(copy.getWorkloadKey() + "\u0000" + copy.getCluster(), copy));
        return this;
    }

    public TestStores clusters(ClusterWatch... watches) {
        KeyValueStore<String, ClusterWatch> store = driver.getKeyValueStore(WatchClustersStage.STORE);
        Stream.of(watches).forEach(watch -> store.put(watch.getCluster(), watch));
        return this;
    }

    /** The workloads' records as the namespace pass stored them, by store key ({@code Workloads.storeKey}). */
    public TestStores workloadRecords(Map<String, WorkloadRecord> byStoreKey) {
        KeyValueStore<String, WorkloadRecord> store = driver.getKeyValueStore(Workloads.STORE);
        byStoreKey.forEach(store::put);
        return this;
    }

    /** The migrations, each in its workload's record (added to what the record holds). */
    public TestStores migrations(MigrationRecord... migrations) {
        KeyValueStore<String, WorkloadRecord> store = driver.getKeyValueStore(Workloads.STORE);
        for (MigrationRecord migration : migrations) {
            String key = Workloads.storeKey(migration.getCommand().getWorkloadKey());
            WorkloadRecord record = store.get(key);
            WorkloadRecord kept = record == null ? WorkloadRecord.newBuilder().build() : record;
            Map<String, MigrationRecord> held = new HashMap<>(kept.getMigrations());
            held.put(migration.getCommand().getCommandId(), migration);
            kept.setMigrations(held);
            store.put(key, kept);
        }
        return this;
    }

    /** Namespace aggregates (total and components) in the aggregates store's key layout. */
    public TestStores aggregates(NamespaceAggregates... aggregates) {
        KeyValueStore<String, byte[]> store = driver.getKeyValueStore(AdmitStores.AGGREGATES);
        for (NamespaceAggregates namespace : aggregates) {
            store.put(AggregateKeys.namespace(namespace.namespace()), LedgerCodecs.AGGREGATE.encode(namespace.total()));
            namespace.components().forEach(c -> store.put(AggregateKeys.component(namespace.namespace(), c.kind(), c.component()),
                    LedgerCodecs.AGGREGATE.encode(c.aggregate())));
        }
        return this;
    }

    public TestStores shares(ClusterShare... shares) {
        KeyValueStore<String, byte[]> store = driver.getKeyValueStore(AdmitStores.AGGREGATES);
        Stream.of(shares).forEach(s -> store.put(AggregateKeys.cluster(s.cluster(), s.namespace()), LedgerCodecs.AGGREGATE.encode(s.aggregate())));
        return this;
    }

    /**
     * The ledger state behind each report: its quota in force, the namespace's usage as the report shows it (overall and
     * per cluster), its admitted count, one queued workload per rejection, the problems of a refused version and the notes
     * on the version in force.
     */
    public TestStores quotas(QuotaReport... reports) {
        KeyValueStore<String, byte[]> passState = driver.getKeyValueStore(PassState.STORE);
        LedgerState ledger = QuotaSources.ledger(passState, driver.getKeyValueStore(AdmitStores.USAGE));
        for (QuotaReport report : reports) {
            QuotaStatus status = report.status();
            report.inForce().ifPresent(quota -> {
                ledger.putQuota(quota);
                TreeMap<String, Resources> clusters = new TreeMap<>();
                for (ClusterQuotaUsage cluster : status.getClusters()) {
                    clusters.put(cluster.getCluster(), Resources.fromQuantities(cluster.getUsed()));
                }
                ledger.putUsage(new NamespaceUsage(quota.namespace(), Resources.fromQuantities(status.getUsed()), clusters,
                        status.getAdmittedCount(), status.getRejectedCount()));
                for (long sequence = 0; sequence < status.getRejectedCount(); sequence++) {
                    ledger.putPending(new PendingWorkload(quota.namespace(), "apps/Deployment/" + quota.namespace() + "/queued-" + sequence,
                            1, 0, sequence, Charge.NONE, List.of(new Violation(quota.key(), null, "cpu", 1, 1, 1))));
                }
            });
            if (!status.getProblems().isEmpty() || !status.getNotes().isEmpty()) {
                List<FieldError> problems = status.getProblems().stream()
                        .map(p -> new FieldError(p.getField(), p.getValue(), p.getReason())).toList();
                List<ReadingNote> notes = status.getNotes().stream().map(n -> new ReadingNote(n.getField(), n.getText())).toList();
                QuotaSources.taken(passState, status.getNamespace() + "/" + status.getName(), QuotaSources.entry("taken", problems, notes));
            }
        }
        return this;
    }

    @Override
    public HostInfo self() {
        return SELF;
    }

    @Override
    public KeyQueryMetadata owner(String store, String key) {
        return peer != null ? new KeyQueryMetadata(peer, Set.of(), peerPartition) : new KeyQueryMetadata(SELF, Set.of(), partition);
    }

    @Override
    public Map<HostInfo, Set<Integer>> owners(String store) {
        return peer != null ? Map.of(SELF, Set.of(partition), peer, Set.of(peerPartition)) : Map.of(SELF, Set.of(partition));
    }

    @Override
    public <V> ReadOnlyKeyValueStore<String, V> store(String store, int partition) {
        if (unavailable || partition != this.partition) {
            throw new InvalidStateStoreException("partition " + partition + " of " + store + " is not active here (migrating)");
        }
        return driver.getKeyValueStore(store);
    }


    @Override
    public void close() {
        servers.forEach(QueryServer::close);
        driver.close();
        try (Stream<Path> files = Files.walk(stateDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
