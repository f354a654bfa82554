package io.fedstream.decide;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.admit.Aggregate;
import io.fedstream.admit.LedgerCodecs;
import io.fedstream.avro.AuditEvent;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Op;
import io.fedstream.avro.Placement;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;

/** The whole topology on TopologyTestDriver, with the inputs and outputs the admit stage's tests talk about. */
final class AdmitDriver implements AutoCloseable {

    static final Instant START = Instant.parse("2026-11-29T10:00:00Z");
    private Instant clock = START;

    private final TopologyTestDriver driver;
    private final TestInputTopic<String, WorkloadEvent> workloads;
    private final TestInputTopic<String, PolicyEvent> policies;
    private final TestOutputTopic<String, ResourceBinding> bindingsOut;
    private final TestOutputTopic<String, QuotaStatus> statusesOut;
    private final TestOutputTopic<String, AuditEvent> auditOut;
    private final TestOutputTopic<String, byte[]> deadLettersOut;
    /** Latest value per key of each output, as a compacted topic would keep it. */
    final Map<String, ResourceBinding> bindings = new LinkedHashMap<>();
    final Map<String, QuotaStatus> statuses = new LinkedHashMap<>();
    final List<ResourceBinding> bindingHistory = new ArrayList<>();
    final List<QuotaStatus> statusHistory = new ArrayList<>();
    /** The admit stage's audit events (the place stage's, about the same bindings, are left out). */
    final List<AuditEvent> audit = new ArrayList<>();
    final List<TestRecord<String, byte[]>> deadLetters = new ArrayList<>();

    AdmitDriver(Path stateDir) {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(fedstream.topology(), properties, START);
        var topics = fedstream.topics();
        workloads = driver.createInputTopic(topics.workloads().name(), Serdes.String().serializer(), topics.workloads().valueSerde().serializer());
        policies = driver.createInputTopic(topics.policies().name(), Serdes.String().serializer(), topics.policies().valueSerde().serializer());
        bindingsOut = driver.createOutputTopic(topics.bindings().name(), Serdes.String().deserializer(), topics.bindings().valueSerde().deserializer());
        statusesOut = driver.createOutputTopic(topics.quotaStatus().name(), Serdes.String().deserializer(), topics.quotaStatus().valueSerde().deserializer());
        auditOut = driver.createOutputTopic(topics.audit().name(), Serdes.String().deserializer(), topics.audit().valueSerde().deserializer());
        deadLettersOut = driver.createOutputTopic(topics.deadLetters().name(), Serdes.String().deserializer(), Serdes.ByteArray().deserializer());
    }

    /** Applies a FederatedResourceQuota with {@code spec.overall} given as {@code key=value} pairs. */
    AdmitDriver quota(String namespace, String name, String... overall) {
        return quotaManifest(namespace, name, """
                {"apiVersion":"policy.karmada.io/v1alpha1","kind":"FederatedResourceQuota",
                 "metadata":{"name":"%s","namespace":"%s"},"spec":{"overall":%s}}""".formatted(name, namespace, object(overall)));
    }

    AdmitDriver quotaManifest(String namespace, String name, String manifest) {
        policies.pipeInput("FederatedResourceQuota/" + namespace + "/" + name,
                PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(START).build(), START);
        return drain();
    }

    AdmitDriver deleteQuota(String namespace, String name) {
        policies.pipeInput("FederatedResourceQuota/" + namespace + "/" + name,
                PolicyEvent.newBuilder().setOp(Op.DELETE).setObservedAt(START).build(), START);
        return drain();
    }

    AdmitDriver priorityClass(String name, int value) {
        policies.pipeInput("PriorityClass//" + name, PolicyEvent.newBuilder().setOp(Op.UPSERT).setObservedAt(START)
                .setManifest("{\"apiVersion\":\"scheduling.k8s.io/v1\",\"kind\":\"PriorityClass\",\"metadata\":{\"name\":\"" + name
                        + "\"},\"value\":" + value + "}").build(), START);
        return drain();
    }

    /** Fires wall-clock punctuators, e.g. the quota change relay. */
    /** The driver's wall clock now. */
    Instant now() {
        return clock;
    }

    private void advance(Duration by) {
        driver.advanceWallClockTime(by);
        clock = clock.plus(by);
    }

    AdmitDriver tick() {
        advance(Duration.ofSeconds(1));
        return drain();
    }

    /** Moves the wall clock by one status interval, at the end of which the admit stage writes the statuses due. */
    AdmitDriver writeStatuses() {
        advance(AdmitSettings.DEFAULT_STATUS_INTERVAL);
        return drain();
    }

    /** A Deployment of {@code replicas} pods requesting cpu and memory each; optional priority class and placement. */
    AdmitDriver deployment(String namespace, String name, int replicas, String cpu, String memory) {
        return deployment(namespace, name, replicas, cpu, memory, null, null);
    }

    AdmitDriver deployment(String namespace, String name, int replicas, String cpu, String memory, String priorityClass, Placement placement) {
        String manifest = """
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"%s","namespace":"%s"},
                 "spec":{"replicas":%d,"template":{"spec":{%s"containers":[
                   {"name":"app","resources":{"requests":{"cpu":"%s","memory":"%s"}}}]}}}}"""
                .formatted(name, namespace, replicas, priorityClass == null ? "" : "\"priorityClassName\":\"" + priorityClass + "\",", cpu, memory);
        return workload("apps/Deployment/" + namespace + "/" + name, manifest, placement);
    }

    AdmitDriver workload(String key, String manifest, Placement placement) {
        workloads.pipeInput(key, WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setPlacement(placement)
                .setObservedAt(START).build(), START);
        return drain();
    }

    AdmitDriver delete(String key) {
        workloads.pipeInput(key, WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(START).build(), START);
        return drain();
    }

    static Placement duplicated(String... clusters) {
        return Placement.newBuilder().setScheduling(ReplicaScheduling.DUPLICATED)
                .setClusters(Arrays.stream(clusters).map(c -> ClusterTarget.newBuilder().setName(c).build()).toList()).build();
    }

    static Placement divided(Map<String, Long> replicas) {
        return Placement.newBuilder().setScheduling(ReplicaScheduling.DIVIDED)
                .setClusters(replicas.entrySet().stream()
                        .map(e -> ClusterTarget.newBuilder().setName(e.getKey()).setReplicas(e.getValue()).build()).toList()).build();
    }

    ResourceBinding binding(String key) {
        return bindings.get(key);
    }

    QuotaStatus status(String namespace, String name) {
        return statuses.get(namespace + "/" + name);
    }

    /** The aggregates store, decoded. */
    Map<String, Aggregate> aggregates() {
        KeyValueStore<String, byte[]> store = driver.getKeyValueStore(AdmitStores.AGGREGATES);
        Map<String, Aggregate> out = new TreeMap<>();
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            all.forEachRemaining(kv -> out.put(kv.key, LedgerCodecs.AGGREGATE.decode(kv.value)));
        }
        return out;
    }

    KeyValueStore<String, byte[]> store(String name) {
        return driver.getKeyValueStore(name);
    }

    /** What the admit task keeps apart as the admitted version of the workload (null: the latest binding is it, or none is). */
    ResourceBinding keptApart(String key) {
        KeyValueStore<String, io.fedstream.avro.WorkloadRecord> store = driver.getKeyValueStore(Workloads.STORE);
        io.fedstream.avro.WorkloadRecord record = store.get(Workloads.storeKey(key));
        return record == null ? null : record.getAdmittedBinding();
    }

    private AdmitDriver drain() {
        for (TestRecord<String, ResourceBinding> record : bindingsOut.readRecordsToList()) {
            if (record.value() == null) {
                bindings.remove(record.key());
            } else {
                bindings.put(record.key(), record.value());
                bindingHistory.add(record.value());
            }
        }
        for (TestRecord<String, QuotaStatus> record : statusesOut.readRecordsToList()) {
            if (record.value() == null) {
                statuses.remove(record.key());
            } else {
                statuses.put(record.key(), record.value());
                statusHistory.add(record.value());
            }
        }
        auditOut.readValuesToList().stream().filter(event -> "admit".equals(event.getStage())).forEach(audit::add);
        deadLetters.addAll(deadLettersOut.readRecordsToList());
        return this;
    }

    private static String object(String... pairs) {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < pairs.length; i++) {
            String[] kv = pairs[i].split("=", 2);
            json.append(i == 0 ? "" : ",").append('"').append(kv[0]).append("\":\"").append(kv[1]).append('"');
        }
        return json.append('}').toString();
    }

    @Override
    public void close() {
        driver.close();
    }
}
