package io.fedstream.decide;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.decide.AdmitSettings;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ClusterCondition;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.MigrationPhase;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.Taint;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.recommend.stage.RightsizeStores;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import io.fedstream.serde.SchemaRegistry;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.processor.internals.GlobalStateUpdateTask;
import org.apache.kafka.streams.processor.internals.StreamTask;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.apache.kafka.streams.state.internals.WrappedStateStore;
import org.apache.kafka.streams.test.TestRecord;

/**
 * The whole topology on TopologyTestDriver with a fleet of member clusters that heart-beat as the clock moves:
 * workloads, policies, statuses, deltas and executor reports in; bindings, commands, transitions, audit out.
 */
final class FleetDriver implements AutoCloseable {

    static final Instant START = Instant.parse("2026-11-29T10:00:00Z");
    /**
     * Short clocks so that a test runs an incident in simulated seconds; no lease offers at a cluster's first view, as
     * TopologyTestDriver runs partition 0's task alone: offers to the other tasks would hold room no task here can use
     * or give back ({@code FirstPlacementStageTest} runs with them).
     */
    static final Map<String, String> CLOCKS = Map.of(
            "health.failure.threshold.ms", "3000",
            "health.toleration.ms", "10000",
            "health.success.threshold.ms", "2000",
            "health.check.interval.ms", "1000",
            "place.retry.interval.ms", "2000",
            "lease.offer.share", "0");

    private final Path stateDir;
    private final Map<String, String> overrides;
    /** Kept for a restart: the schema ids in the stores are this registry's, as a real registry keeps them. */
    private final SchemaRegistry registry;
    private final String applicationId;
    /** The codecs of the pass's state, over {@link #registry}. */
    private final PassState.Codecs stateCodecs;
    private final TopologyTestDriver driver;
    private final io.fedstream.metrics.FedstreamMetrics metrics;
    private final PoliciesAtStart policiesAtStart;
    private final TestInputTopic<String, ClusterHealthEvent> health;
    private final TestInputTopic<String, WorkloadEvent> workloads;
    private final TestInputTopic<String, PolicyEvent> policies;
    private final TestInputTopic<String, WorkloadStatusEvent> statuses;
    private final TestInputTopic<String, byte[]> deltas;
    private final TestInputTopic<String, MigrationEvent> migrationEvents;
    private final TestInputTopic<String, ClusterStateEvent> transitions;
    private final TestInputTopic<String, WorkloadUsage> usage;
    private final TestInputTopic<String, byte[]> bindingsIn;
    private final TestOutputTopic<String, byte[]> bindingsOut;
    private final Deserializer<ResourceBinding> bindingValues;
    private final String bindingsTopic;
    private final TestOutputTopic<String, MigrationCommand> commandsOut;
    private final TestOutputTopic<String, ClusterStateEvent> statesOut;
    private final TestOutputTopic<String, AuditEvent> auditOut;
    private final TestOutputTopic<String, byte[]> deadLettersOut;
    private final TestOutputTopic<String, QuotaStatus> quotaStatusOut;
    private final TestOutputTopic<String, io.fedstream.avro.LeaseRequest> leaseRequestsOut;
    private final TestOutputTopic<String, ClusterWatch> viewsOut;
    /** Every cluster's latest record on the cluster-views topic, from which a restart restores the tasks' views. */
    private final Map<String, ClusterWatch> viewsOnTopic = new LinkedHashMap<>();
    private final TestInputTopic<String, io.fedstream.avro.LeaseGrant> leaseGrants;
    private final Map<String, ClusterHealthEvent> beating = new LinkedHashMap<>();
    private Instant now;
    final Map<String, ResourceBinding> bindings = new HashMap<>();
    /** Every record written to fedstream.bindings, in order (a tombstone as null). */
    final List<TestRecord<String, ResourceBinding>> published = new ArrayList<>();
    /** The value bytes of each workload's latest record on fedstream.bindings, as written. */
    final Map<String, byte[]> bindingBytes = new HashMap<>();
    final List<MigrationCommand> commands = new ArrayList<>();
    final List<ClusterStateEvent> states = new ArrayList<>();
    final List<AuditEvent> audit = new ArrayList<>();
    final List<TestRecord<String, byte[]>> deadLetters = new ArrayList<>();
    final Map<String, QuotaStatus> quotaStatuses = new HashMap<>();

    /**
     * A ClusterPropagationPolicy for every kind these tests deploy, at the lowest priority so that any policy a test
     * gives wins: without a policy nothing is placed (docs/placement.md). It asks for one active cluster
     * ({@code [{spreadByField: cluster, maxGroups: 1}]}), as Karmada's stateful-failover examples do.
     */
    static final String DEFAULT_POLICY_KEY = "ClusterPropagationPolicy//fleet-driver-default";
    private static final String DEFAULT_POLICY = """
            {"apiVersion":"policy.karmada.io/v1alpha1","kind":"ClusterPropagationPolicy",
             "metadata":{"name":"fleet-driver-default"},
             "spec":{"priority":-2147483648,"resourceSelectors":[
               {"apiVersion":"apps/v1","kind":"Deployment"},{"apiVersion":"apps/v1","kind":"StatefulSet"},
               {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment"},{"apiVersion":"batch/v1","kind":"Job"},
               {"apiVersion":"kubeflow.org/v1","kind":"PyTorchJob"}],
             "placement":{"spreadConstraints":[{"spreadByField":"cluster","maxGroups":1}]}}}""";

    FleetDriver(Path stateDir) {
        this(stateDir, Map.of());
    }

    FleetDriver(Path stateDir, Map<String, String> overrides) {
        this(stateDir, overrides, true);
    }

    /** {@code defaultPolicy}: whether {@link #DEFAULT_POLICY_KEY} is applied from the start. */
    FleetDriver(Path stateDir, Map<String, String> overrides, boolean defaultPolicy) {
        this(stateDir, overrides, defaultPolicy, new InProcessSchemaRegistry(), START);
    }

    private FleetDriver(Path stateDir, Map<String, String> overrides, boolean defaultPolicy, SchemaRegistry registry, Instant start) {
        this.stateDir = stateDir;
        this.overrides = Map.copyOf(overrides);
        this.registry = registry;
        this.now = start;
        Map<String, String> config = new HashMap<>(CLOCKS);
        config.putAll(overrides);
        Fedstream fedstream = TestFedstream.create(config, registry);
        this.metrics = fedstream.metrics();
        this.policiesAtStart = fedstream.policiesAtStart();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        applicationId = properties.getProperty(StreamsConfig.APPLICATION_ID_CONFIG);
        stateCodecs = TestPassState.codecs(new io.fedstream.serde.AvroSerdes(registry, io.fedstream.serde.AvroSerdeConfig.defaults()));
        driver = new TopologyTestDriver(fedstream.topology(), properties, start);
        var topics = fedstream.topics();
        var keys = Serdes.String();
        health = driver.createInputTopic(topics.clusterHealth().name(), keys.serializer(), topics.clusterHealth().valueSerde().serializer());
        workloads = driver.createInputTopic(topics.workloads().name(), keys.serializer(), topics.workloads().valueSerde().serializer());
        policies = driver.createInputTopic(topics.policies().name(), keys.serializer(), topics.policies().valueSerde().serializer());
        statuses = driver.createInputTopic(topics.workloadStatus().name(), keys.serializer(), topics.workloadStatus().valueSerde().serializer());
        deltas = driver.createInputTopic(topics.stateDeltas().name(), keys.serializer(), Serdes.ByteArray().serializer());
        migrationEvents = driver.createInputTopic(topics.migrationEvents().name(), keys.serializer(), topics.migrationEvents().valueSerde().serializer());
        transitions = driver.createInputTopic(topics.clusterTransitions().name(), keys.serializer(),
                topics.clusterTransitions().valueSerde().serializer());
        usage = driver.createInputTopic(topics.workloadUsage().name(), keys.serializer(), topics.workloadUsage().valueSerde().serializer());
        bindingsTopic = topics.bindings().name();
        bindingValues = topics.bindings().valueSerde().deserializer();
        bindingsIn = driver.createInputTopic(bindingsTopic, keys.serializer(), Serdes.ByteArray().serializer());
        bindingsOut = driver.createOutputTopic(bindingsTopic, keys.deserializer(), Serdes.ByteArray().deserializer());
        commandsOut = driver.createOutputTopic(topics.migrations().name(), keys.deserializer(), topics.migrations().valueSerde().deserializer());
        statesOut = driver.createOutputTopic(topics.clusterState().name(), keys.deserializer(), topics.clusterState().valueSerde().deserializer());
        auditOut = driver.createOutputTopic(topics.audit().name(), keys.deserializer(), topics.audit().valueSerde().deserializer());
        deadLettersOut = driver.createOutputTopic(topics.deadLetters().name(), keys.deserializer(), Serdes.ByteArray().deserializer());
        leaseRequestsOut = driver.createOutputTopic(topics.leaseRequests().name(), keys.deserializer(),
                topics.leaseRequests().valueSerde().deserializer());
        leaseGrants = driver.createInputTopic(topics.leaseGrants().name(), keys.serializer(), topics.leaseGrants().valueSerde().serializer());
        quotaStatusOut = driver.createOutputTopic(topics.quotaStatus().name(), keys.deserializer(), topics.quotaStatus().valueSerde().deserializer());
        viewsOut = driver.createOutputTopic(topics.clusterViews().name(), keys.deserializer(), topics.clusterViews().valueSerde().deserializer());
        if (defaultPolicy) {
            policy(DEFAULT_POLICY_KEY, DEFAULT_POLICY);
        }
    }

    /** dc-1 (64 cpu), dc-2 (32) and dc-3 (16) heart-beating Ready: dc-1 is the roomiest, so workloads land there first. */
    static FleetDriver threeClusters(Path stateDir) {
        return new FleetDriver(stateDir)
                .cluster("dc-1", "64", "256Gi").cluster("dc-2", "32", "256Gi").cluster("dc-3", "16", "256Gi")
                .advance(Duration.ofSeconds(1));
    }

    /** A cluster that heart-beats Ready every second from now on, with the given room (cpu, memory) and labels. */
    FleetDriver cluster(String name, String cpu, String memory, Map<String, String> labels, Taint... taints) {
        return cluster(name, Map.of("cpu", cpu, "memory", memory), labels, taints);
    }

    /** A cluster that heart-beats Ready every second from now on, with the given allocatable resources. */
    FleetDriver cluster(String name, Map<String, String> allocatable, Map<String, String> labels, Taint... taints) {
        return cluster(name, allocatable, Map.of(), labels, taints);
    }

    /** A cluster that heart-beats Ready every second from now on, with pods of its own already using {@code allocated}. */
    FleetDriver cluster(String name, Map<String, String> allocatable, Map<String, String> allocated, Map<String, String> labels,
                        Taint... taints) {
        ClusterHealthEvent beat = ClusterHealthEvent.newBuilder()
                .setCluster(name)
                .setHeartbeatAt(now)
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("True").build()))
                .setAllocatable(allocatable)
                .setAllocated(allocated)
                .setLabels(labels)
                .setTaints(List.of(taints))
                .build();
        beating.put(name, beat);
        return beat(name);
    }

    FleetDriver cluster(String name, String cpu, String memory) {
        return cluster(name, cpu, memory, Map.of());
    }

    /** The beating cluster's heartbeats say from now on where it is (Karmada Cluster spec.provider, region, zones). */
    FleetDriver topology(String name, String provider, String region, String... zones) {
        beating.put(name, ClusterHealthEvent.newBuilder(beating.get(name)).setProvider(provider).setRegion(region)
                .setZones(List.of(zones)).build());
        return beat(name);
    }

    /** The beating cluster's heartbeats say from now on which kinds ({@code apiVersion/kind}) it serves (Karmada's apiEnablements). */
    FleetDriver servedKinds(String name, String... kinds) {
        beating.put(name, ClusterHealthEvent.newBuilder(beating.get(name)).setServedKinds(List.of(kinds)).build());
        return beat(name);
    }

    /** One heartbeat as given, e.g. with a refused value. */
    FleetDriver heartbeat(ClusterHealthEvent heartbeat) {
        health.pipeInput(heartbeat.getCluster(), heartbeat, now);
        return drain();
    }

    /** The cluster keeps heart-beating, with Ready False. */
    FleetDriver notReady(String name) {
        beating.put(name, ClusterHealthEvent.newBuilder(beating.get(name))
                .setConditions(List.of(ClusterCondition.newBuilder().setType("Ready").setStatus("False").build())).build());
        return this;
    }

    /** A cluster transition as the health client copies it to the fail-over stage, e.g. one written by an older version. */
    FleetDriver transition(ClusterStateEvent event) {
        transitions.pipeInput(event.getCluster(), event, now);
        return drain();
    }

    /** The cluster stops heart-beating. */
    FleetDriver silence(String name) {
        beating.remove(name);
        return this;
    }

    /** Moves the wall clock second by second; the beating clusters heart-beat each second. */
    FleetDriver advance(Duration duration) {
        for (long s = 0; s < duration.toSeconds(); s++) {
            driver.advanceWallClockTime(Duration.ofSeconds(1));
            now = now.plusSeconds(1);
            beating.keySet().forEach(this::beat);
        }
        return drain();
    }

    /** Moves the wall clock by less than a heartbeat period, with no heartbeat (punctuators due in it run). */
    FleetDriver tick(Duration duration) {
        driver.advanceWallClockTime(duration);
        now = now.plus(duration);
        return drain();
    }

    Instant now() {
        return now;
    }

    FleetDriver deployment(String namespace, String name, int replicas, String cpu, Map<String, String> labels) {
        StringBuilder labelJson = new StringBuilder();
        labels.forEach((k, v) -> labelJson.append(labelJson.length() == 0 ? "" : ",").append('"').append(k).append("\":\"").append(v).append('"'));
        String manifest = """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s","labels":{%s}},
                 "spec":{"replicas":%d,"template":{"spec":{"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"%s","memory":"1Gi"}}}]}}}}"""
                .formatted(name, namespace, labelJson, replicas, cpu);
        return workload("apps/Deployment/" + namespace + "/" + name, manifest);
    }

    FleetDriver deployment(String namespace, String name, int replicas, String cpu) {
        return deployment(namespace, name, replicas, cpu, Map.of());
    }

    /** A FlinkDeployment: one JobManager and two TaskManagers of one cpu each. */
    FleetDriver flink(String namespace, String name) {
        String manifest = """
                {"apiVersion":"flink.apache.org/v1beta1","kind":"FlinkDeployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"image":"flink:1.20","flinkVersion":"v1_20","flinkConfiguration":{"taskmanager.numberOfTaskSlots":"2"},
                  "jobManager":{"resource":{"memory":"2048m","cpu":1}},"taskManager":{"resource":{"memory":"2048m","cpu":1}},
                  "job":{"jarURI":"local:///opt/job.jar","parallelism":3,"upgradeMode":"last-state"}}}""".formatted(name, namespace);
        return workload("flink.apache.org/FlinkDeployment/" + namespace + "/" + name, manifest);
    }

    FleetDriver workload(String key, String manifest) {
        return workload(key, manifest, now);
    }

    /** One cluster's usage report of a workload, as an agent publishes it, at the driver's time. */
    FleetDriver usage(WorkloadUsage report) {
        usage.pipeInput(report.getWorkloadKey(), report, now);
        return drain();
    }

    /** A workload event whose record carries the given (event) time, e.g. one that waited in a backlog. */
    FleetDriver workload(String key, String manifest, Instant eventTime) {
        workloads.pipeInput(key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(eventTime).build(),
                eventTime);
        return drain();
    }

    /** A workload event with its placement already decided by the user: every replica on {@code cluster}. */
    FleetDriver placedWorkload(String key, String manifest, String cluster) {
        workloads.pipeInput(key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now)
                .setPlacement(Placement.newBuilder().setClusters(List.of(new ClusterTarget(cluster, null, List.of()))).build()).build(), now);
        return drain();
    }

    /** A workload event with its placement already decided by the user, as given. */
    FleetDriver placedWorkload(String key, String manifest, Placement placement) {
        workloads.pipeInput(key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).setPlacement(placement)
                .build(), now);
        return drain();
    }

    /**
     * A record on fedstream.bindings with the value bytes as given, as another writer may leave one (a newer version's
     * schema, a broken producer); the place-and-fail-over stage reads it, the admit stage does not.
     */
    FleetDriver bindingRecord(String key, byte[] value) {
        bindingsIn.pipeInput(key, value, now);
        return drain();
    }

    /** The registry the topology's serdes use: a record written in a schema of a test's own registers it here. */
    SchemaRegistry registry() {
        return registry;
    }

    /** The room each workload held on each cluster at the last {@link #roomChanges()}: pods per component. */
    private Map<String, List<io.fedstream.avro.RoomHeld>> heldBefore = new HashMap<>();

    /**
     * A change of the room a workload holds on a cluster: a chunk taken ({@code RESERVE}, each component with the pods it
     * was taken for), or everything it held there given back ({@code RELEASE}, no components).
     */
    record RoomChange(Kind kind, String cluster, String workloadKey, List<Pods> components) {

        enum Kind { RESERVE, RELEASE }

        record Pods(String name, long replicas) {
        }
    }

    /**
     * The room the workloads took or gave back since the last call, read from their records: a RESERVE per chunk of room
     * a workload took on a cluster, then a RELEASE per cluster whose room it gave back, in workload-key order, each
     * workload's in the order taken. A refused ask holds nothing: the audit says it.
     */
    List<RoomChange> roomChanges() {
        Map<String, List<io.fedstream.avro.RoomHeld>> held = new java.util.TreeMap<>();
        try (var all = this.<io.fedstream.avro.WorkloadRecord>store(Workloads.STORE).all()) {
            all.forEachRemaining(entry -> {
                if (!entry.value.getHoldings().isEmpty()) {
                    held.put(Workloads.workloadKey(entry.key), List.copyOf(entry.value.getHoldings()));
                }
            });
        }
        List<RoomChange> changes = new ArrayList<>();
        Set<String> keys = new TreeSet<>(held.keySet());
        keys.addAll(heldBefore.keySet());
        for (String key : keys) {
            List<io.fedstream.avro.RoomHeld> before = heldBefore.getOrDefault(key, List.of());
            List<io.fedstream.avro.RoomHeld> after = held.getOrDefault(key, List.of());
            // Counted as a multiset: a growth taken from the same chunk as an earlier hold, of the same size, is a chunk of its own.
            List<io.fedstream.avro.RoomHeld> unmatched = new ArrayList<>(before);
            after.stream().filter(h -> !unmatched.remove(h)).forEach(h -> changes.add(new RoomChange(RoomChange.Kind.RESERVE, h.getCluster(), key,
                    h.getPods().entrySet().stream().map(pods -> new RoomChange.Pods(pods.getKey(), pods.getValue())).toList())));
            before.stream().map(io.fedstream.avro.RoomHeld::getCluster).distinct()
                    .filter(cluster -> after.stream().noneMatch(h -> h.getCluster().equals(cluster)))
                    .forEach(cluster -> changes.add(new RoomChange(RoomChange.Kind.RELEASE, cluster, key, List.of())));
        }
        heldBefore = held;
        return changes;
    }

    /** The records asking the clusters' allocators for room (or giving it back) since the last call. */
    /** What Prometheus would scrape from this fleet's fedstream now. */
    String scrape() {
        return metrics.scrape();
    }

    List<TestRecord<String, io.fedstream.avro.LeaseRequest>> leaseRequests() {
        return leaseRequestsOut.readRecordsToList();
    }

    /**
     * Room the cluster's allocator counts for pods this task placed long ago (a chunk past its use, still counted), as
     * another task's placements take room this task's view of the fleet cannot see.
     */
    FleetDriver heldElsewhere(String cluster, Map<String, String> amounts) {
        KeyValueStore<String, io.fedstream.avro.StoredLeaseBook> books = store(io.fedstream.lease.stage.AllocatorStage.STORE);
        io.fedstream.avro.StoredLeaseBook book = books.get(cluster);
        long bucketMs = io.fedstream.lease.LeaseSettings.DEFAULT_BUCKET.toMillis();
        long bucket = (now.toEpochMilli() - io.fedstream.lease.LeaseSettings.DEFAULT_TTL.toMillis() / 2) / bucketMs - 1;
        List<io.fedstream.avro.LeaseBookChunk> chunks = new ArrayList<>(book == null ? List.of() : book.getChunks());
        chunks.add(new io.fedstream.avro.LeaseBookChunk(0, bucket, amounts));
        books.put(cluster, book == null
                ? io.fedstream.avro.StoredLeaseBook.newBuilder().setCluster(cluster).setChunks(chunks).build()
                : io.fedstream.avro.StoredLeaseBook.newBuilder(book).setChunks(chunks).build());
        return this;
    }

    /** A grant on the lease-grants topic as a cluster's allocator writes it, e.g. from an allocator this driver does not run. */
    FleetDriver leaseGrant(io.fedstream.avro.LeaseGrant grant) {
        leaseGrants.pipeInput(grant.getCluster(), grant, now);
        return drain();
    }

    FleetDriver delete(String key) {
        workloads.pipeInput(key, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(now).build(), now);
        return drain();
    }

    /**
     * The policies topic as it stood before this driver's instance started, as the runner reads it: the tasks seed
     * themselves from it at their first processing, so it is given before anything is piped.
     */
    FleetDriver publishedBeforeStart(PolicySnapshot snapshot) {
        policiesAtStart.taken(snapshot);
        return this;
    }

    FleetDriver policy(String key, String manifest) {
        policies.pipeInput(key, PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).build(), now);
        return drain();
    }

    FleetDriver deletePolicy(String key) {
        policies.pipeInput(key, PolicyEvent.newBuilder().setOp(Op.DELETE).setObservedAt(now).build(), now);
        return drain();
    }

    FleetDriver status(String key, String cluster, Checkpoint checkpoint, String statusJson) {
        statuses.pipeInput(key, WorkloadStatusEvent.newBuilder().setCluster(cluster).setPhase("RUNNING")
                .setLastCompletedCheckpoint(checkpoint).setStatus(statusJson).setObservedAt(now).build(), now);
        return drain();
    }

    FleetDriver status(WorkloadStatusEvent event, String key) {
        statuses.pipeInput(key, event, now);
        return drain();
    }

    FleetDriver delta(String key, int bytes) {
        deltas.pipeInput(key, new byte[bytes], now);
        return drain();
    }

    FleetDriver report(MigrationCommand command, MigrationPhase phase, String reason) {
        migrationEvents.pipeInput(command.getWorkloadKey(), MigrationEvent.newBuilder().setCommandId(command.getCommandId())
                .setIncidentId(command.getIncidentId()).setWorkloadKey(command.getWorkloadKey()).setPhase(phase)
                .setCluster(command.getTargetCluster() == null ? command.getSourceCluster() : command.getTargetCluster())
                .setReason(reason).setReportedAt(now).build(), now);
        return drain();
    }

    FleetDriver report(String key, MigrationEvent event) {
        migrationEvents.pipeInput(key, event, now);
        return drain();
    }

    /**
     * The quota's latest status once the admit stage wrote the statuses due: the wall clock moves one status interval
     * first (statuses are written once per interval, docs/admission.md). Null when it has none.
     */
    QuotaStatus quotaStatus(String quotaKey) {
        tick(AdmitSettings.DEFAULT_STATUS_INTERVAL);
        return quotaStatuses.get(quotaKey);
    }

    /** A cluster's share of a quota's use, as its status shows it once written ({@link #quotaStatus}); empty when it has none. */
    Map<String, String> usedOn(String quotaKey, String cluster) {
        QuotaStatus status = quotaStatus(quotaKey);
        if (status == null) {
            return Map.of();
        }
        return status.getClusters().stream().filter(c -> c.getCluster().equals(cluster)).findFirst()
                .map(c -> (Map<String, String>) c.getUsed()).orElse(Map.of());
    }

    ResourceBinding binding(String key) {
        return bindings.get(key);
    }

    /** The cluster the binding is placed on, or null. */
    String placement(String key) {
        ResourceBinding binding = bindings.get(key);
        return binding == null || binding.getPlacement() == null ? null : binding.getPlacement().getClusters().get(0).getName();
    }

    String decidedBy(String key) {
        return bindings.get(key).getPlacement().getDecidedBy();
    }

    List<MigrationCommand> commandsFor(String key) {
        return commands.stream().filter(c -> c.getWorkloadKey().equals(key)).toList();
    }

    List<String> decisions(String workloadKey) {
        return audit.stream().filter(a -> workloadKey.equals(a.getWorkloadKey())).map(AuditEvent::getDecision).toList();
    }

    Set<String> stateChanges(String cluster) {
        Set<String> out = new TreeSet<>();
        states.stream().filter(s -> s.getCluster().equals(cluster)).forEach(s -> out.add(s.getState().name()));
        return out;
    }

    <V> KeyValueStore<String, V> store(String name) {
        return driver.getKeyValueStore(name);
    }

    /** The namespace pass's state, section by section, as partition 0's task holds it. */
    PassState state() {
        return PassState.of(driver.getKeyValueStore(PassState.STORE), applicationId, stateCodecs);
    }

    /** The records written to the store's changelog topic since the last call (a null value deletes the key). */
    List<TestRecord<String, byte[]>> changelog(String store) {
        try {
            return driver.createOutputTopic(applicationId + "-" + store + "-changelog", Serdes.String().deserializer(),
                    Serdes.ByteArray().deserializer()).readRecordsToList();
        } catch (NoSuchElementException e) {
            // TopologyTestDriver knows a topic that is no sink only once something was written to it.
            return List.of();
        }
    }

    /** How many records each store's changelog got since the last call (or {@link #changelog}), stores with none left out. */
    Map<String, Integer> changelogCounts() {
        Map<String, Integer> counts = new java.util.TreeMap<>();
        driver.getAllStateStores().keySet().forEach(name -> {
            int written = changelog(name).size();
            if (written > 0) {
                counts.put(name, written);
            }
        });
        return counts;
    }

    /**
     * Stops this driver and starts another on the same state directory at the same wall-clock time, as an instance
     * restarts: every processor is initialised again over the stores as they were committed. TopologyTestDriver deletes
     * its state directory when it closes, so this one's tasks are closed the way {@link TopologyTestDriver#close()} closes
     * them, without that; the new driver's in-memory stores, which Kafka Streams would restore from their changelogs
     * before processing, get this driver's changelog records right after it starts (its processors' {@code init} sees
     * them empty). The cluster views and right-sizing's quotas, whose changelogs are the cluster-views and quota-status
     * topics, get those topics' latest record per key so too. The clusters keep heart-beating; what was read from the output topics so far is kept.
     */
    FleetDriver restarted() {
        Map<String, List<TestRecord<String, byte[]>>> inMemory = new LinkedHashMap<>();
        driver.getAllStateStores().forEach((name, store) -> {
            if (store instanceof KeyValueStore && !store.persistent() && !name.equals(TaskClusterViews.STORE)
                    && !name.equals(RightsizeStores.QUOTAS)) {
                inMemory.put(name, changelog(name));
            }
        });
        viewsOut.readRecordsToList().forEach(view -> viewsOnTopic.put(view.key(), view.value()));
        drain();
        closeKeepingState();
        FleetDriver restarted = new FleetDriver(stateDir, overrides, false, registry, now);
        inMemory.forEach((name, records) -> {
            KeyValueStore<Bytes, byte[]> bytes = restarted.bytes(name);
            records.forEach(record -> {
                Bytes key = Bytes.wrap(record.key().getBytes(StandardCharsets.UTF_8));
                if (record.value() == null) {
                    bytes.delete(key);
                } else {
                    bytes.put(key, record.value());
                }
            });
        });
        KeyValueStore<String, ValueAndTimestamp<ClusterWatch>> views = restarted.driver.getTimestampedKeyValueStore(TaskClusterViews.STORE);
        viewsOnTopic.forEach((cluster, view) -> {
            if (view == null) {
                views.delete(cluster);
            } else {
                views.put(cluster, ValueAndTimestamp.make(view, 0));
            }
        });
        // The quotas' table, whose changelog is the quota-status topic, gets that topic's latest record per quota.
        KeyValueStore<String, ValueAndTimestamp<QuotaStatus>> quotas = restarted.driver.getTimestampedKeyValueStore(RightsizeStores.QUOTAS);
        quotaStatuses.forEach((quota, status) -> {
            if (status != null) {
                quotas.put(quota, ValueAndTimestamp.make(status, 0));
            }
        });
        restarted.viewsOnTopic.putAll(viewsOnTopic);
        restarted.beating.putAll(beating);
        restarted.bindings.putAll(bindings);
        restarted.bindingBytes.putAll(bindingBytes);
        restarted.commands.addAll(commands);
        restarted.states.addAll(states);
        restarted.audit.addAll(audit);
        restarted.deadLetters.addAll(deadLetters);
        restarted.quotaStatuses.putAll(quotaStatuses);
        return restarted;
    }

    /** What {@link TopologyTestDriver#close()} does up to deleting the state directory: its tasks commit and close. */
    private void closeKeepingState() {
        try {
            Field taskField = TopologyTestDriver.class.getDeclaredField("task");
            taskField.setAccessible(true);
            StreamTask task = (StreamTask) taskField.get(driver);
            task.suspend();
            task.prepareCommit(true);
            task.postCommit(true);
            task.closeClean();
            Field globalField = TopologyTestDriver.class.getDeclaredField("globalStateTask");
            globalField.setAccessible(true);
            GlobalStateUpdateTask global = (GlobalStateUpdateTask) globalField.get(driver);
            if (global != null) {
                global.close(false);
            }
        } catch (ReflectiveOperationException | IOException e) {
            throw new IllegalStateException("TopologyTestDriver's tasks could not be closed: " + e, e);
        }
    }

    /**
     * Writes bytes no serde can read under the key, below the typed store (as a registry that lost its schemas would
     * leave them), e.g. to see what a punctuator does with an entry it cannot read.
     */
    void corruptEntry(String store, String key) {
        putBytes(store, store.equals(Workloads.STORE) ? Workloads.storeKey(key) : key, new byte[] {0, 0, 0, 0, 99, 1});
    }

    /** What the namespace task keeps of a workload (an empty record when it keeps nothing). */
    io.fedstream.avro.WorkloadRecord workload(String key) {
        io.fedstream.avro.WorkloadRecord record = this.<io.fedstream.avro.WorkloadRecord>store(Workloads.STORE).get(Workloads.storeKey(key));
        return record == null ? io.fedstream.avro.WorkloadRecord.newBuilder().build() : record;
    }

    /** The command and its life-cycle as its workload's record keeps it; null when it keeps no command of the id. */
    io.fedstream.avro.MigrationRecord migration(String commandId) {
        return workload(MigrationRecords.workloadKey(commandId)).getMigrations().get(commandId);
    }

    /** The workloads whose stored binding places them on the cluster, in key order. */
    List<String> onCluster(String cluster) {
        List<String> keys = new ArrayList<>();
        try (var all = this.<io.fedstream.avro.WorkloadRecord>store(Workloads.STORE).all()) {
            all.forEachRemaining(entry -> {
                if (WorkloadBindings.placedClusters(entry.value.getBinding()).contains(cluster)) {
                    keys.add(Workloads.workloadKey(entry.key));
                }
            });
        }
        keys.sort(null);
        return keys;
    }

    /** Writes the bytes under the key below the typed store, e.g. a value in the form an earlier version stored. */
    void putBytes(String store, String key, byte[] value) {
        bytes(store).put(Bytes.wrap(key.getBytes(StandardCharsets.UTF_8)), value);
    }

    /** The store below its serdes. */
    @SuppressWarnings("unchecked")
    private KeyValueStore<Bytes, byte[]> bytes(String store) {
        var typed = (WrappedStateStore<?, ?, ?>) (Object) driver.getKeyValueStore(store);
        return (KeyValueStore<Bytes, byte[]>) typed.wrapped();
    }

    private FleetDriver beat(String name) {
        ClusterHealthEvent beat = ClusterHealthEvent.newBuilder(beating.get(name)).setHeartbeatAt(now).build();
        health.pipeInput(name, beat, now);
        return drain();
    }

    private FleetDriver drain() {
        for (TestRecord<String, byte[]> record : bindingsOut.readRecordsToList()) {
            if (record.value() == null) {
                bindings.remove(record.key());
                bindingBytes.remove(record.key());
                published.add(new TestRecord<>(record.key(), null));
            } else {
                ResourceBinding binding = bindingValues.deserialize(bindingsTopic, record.value());
                bindings.put(record.key(), binding);
                bindingBytes.put(record.key(), record.value());
                published.add(new TestRecord<>(record.key(), binding));
            }
        }
        commands.addAll(commandsOut.readValuesToList());
        states.addAll(statesOut.readValuesToList());
        audit.addAll(auditOut.readValuesToList());
        deadLetters.addAll(deadLettersOut.readRecordsToList());
        quotaStatusOut.readRecordsToList().forEach(record -> quotaStatuses.put(record.key(), record.value()));
        return this;
    }

    @Override
    public void close() {
        driver.close();
    }
}
