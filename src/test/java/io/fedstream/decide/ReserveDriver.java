package io.fedstream.decide;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.ReservationRequest;
import io.fedstream.dlq.DeadLetterDeserializationHandler;
import io.fedstream.dlq.DeadLetterProcessingHandler;
import io.fedstream.avro.ReservationType;
import io.fedstream.avro.ReservedComponent;
import io.fedstream.decide.ClusterDirectory;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.test.TestRecord;

/** The reserving processor alone on TopologyTestDriver: requests in, answers out, cluster watches filled by hand. */
final class ReserveDriver implements AutoCloseable {

    static final Instant START = Instant.parse("2026-11-29T10:00:00Z");
    static final Duration TTL = Duration.ofMinutes(2);

    private static final String REQUESTS = "reservation-requests";
    private static final String ANSWERS = "reservation-answers";
    private static final String VIEWS = "cluster-views";
    private static final String DEAD_LETTERS = "dead-letters";

    private final TopologyTestDriver driver;
    private final TestInputTopic<String, ReservationRequest> requests;
    private final TestOutputTopic<String, ReservationAnswer> answers;
    private final TestOutputTopic<String, byte[]> deadLetters;
    private Instant now = START;

    ReserveDriver(Path stateDir) {
        AvroSerdes avro = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
        Serde<ReservationRequest> requestSerde = avro.specific(ReservationRequest.class, false);
        Serde<ReservationAnswer> answerSerde = avro.specific(ReservationAnswer.class, false);
        Topology topology = new Topology()
                .addSource("reservation-requests-source", Serdes.String().deserializer(), requestSerde.deserializer(), REQUESTS)
                .addProcessor("reserve-capacity", () -> new ReserveCapacityProcessor(TTL), "reservation-requests-source")
                .addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ReserveCapacityProcessor.STORE),
                        Serdes.String(), avro.specific(Reservation.class, false)), "reserve-capacity")
                .addSink("reservation-answers-sink", ANSWERS, Serdes.String().serializer(), answerSerde.serializer(), "reserve-capacity")
                // The cluster views as the global store holds them; the tests fill it by hand.
                .addGlobalStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(ClusterDirectory.STORE), Serdes.String(),
                                avro.specific(ClusterWatch.class, false)).withLoggingDisabled(),
                        "cluster-views-source", Serdes.String().deserializer(), avro.specific(ClusterWatch.class, false).deserializer(),
                        VIEWS, "cluster-views-mirror", FilledByHand::new);
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "reserve-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        // As in the application: a record the processor fails on goes to the dead-letter topic, what it forwarded stays.
        properties.put(StreamsConfig.PROCESSING_EXCEPTION_HANDLER_CLASS_CONFIG, DeadLetterProcessingHandler.class.getName());
        properties.put(DeadLetterDeserializationHandler.TOPIC_CONFIG, DEAD_LETTERS);
        driver = new TopologyTestDriver(topology, properties, START);
        requests = driver.createInputTopic(REQUESTS, Serdes.String().serializer(), requestSerde.serializer());
        answers = driver.createOutputTopic(ANSWERS, Serdes.String().deserializer(), answerSerde.deserializer());
        deadLetters = driver.createOutputTopic(DEAD_LETTERS, Serdes.String().deserializer(), Serdes.ByteArray().deserializer());
    }

    /** The dead letters written since the last call. */
    List<TestRecord<String, byte[]>> deadLetters() {
        return deadLetters.readRecordsToList();
    }

    /** A cluster in the given state whose latest heartbeat reports these resources. */
    ReserveDriver cluster(String name, ClusterState state, String reason, Map<String, String> allocatable, Map<String, String> allocated) {
        ClusterHealthEvent heartbeat = ClusterHealthEvent.newBuilder()
                .setCluster(name)
                .setHeartbeatAt(START)
                .setAllocatable(allocatable)
                .setAllocated(allocated)
                .build();
        watches().put(name, watch(name, state, reason).setHeartbeat(heartbeat).build());
        return this;
    }

    ReserveDriver ready(String name, Map<String, String> allocatable, Map<String, String> allocated) {
        return cluster(name, ClusterState.READY, "Joined", allocatable, allocated);
    }

    static ClusterWatch.Builder watch(String name, ClusterState state, String reason) {
        return ClusterWatch.newBuilder().setCluster(name).setState(state).setReason(reason).setSince(START);
    }

    KeyValueStore<String, ClusterWatch> watches() {
        return driver.getKeyValueStore(ClusterDirectory.STORE);
    }

    KeyValueStore<String, Reservation> reservations() {
        return driver.getKeyValueStore(ReserveCapacityProcessor.STORE);
    }

    Reservation reservation(String cluster, String workloadKey) {
        return reservations().get(ClusterReservations.key(cluster, workloadKey));
    }

    /** Sends a RESERVE keyed by the cluster and returns the answers it produced. */
    /** What each answer said the cluster holds reserved, in answer order. */
    final List<Map<String, String>> clusterReserved = new ArrayList<>();

    List<TestRecord<String, ReservationAnswer>> reserve(String requestId, String cluster, String workloadKey, ReservedComponent... components) {
        return send(cluster, request(ReservationType.RESERVE, requestId, cluster, workloadKey, components));
    }

    List<TestRecord<String, ReservationAnswer>> release(String cluster, String workloadKey) {
        return send(cluster, request(ReservationType.RELEASE, workloadKey + "-release", cluster, workloadKey));
    }

    /**
     * The answers, each with its {@code clusterReserved} moved to {@link #clusterReserved} so that the tests of one
     * decision compare the decision alone.
     */
    List<TestRecord<String, ReservationAnswer>> send(String key, ReservationRequest request) {
        requests.pipeInput(key, request, now());
        return answered();
    }

    /** The answers not read yet, as {@link #send} returns them: e.g. those of a record that then failed. */
    List<TestRecord<String, ReservationAnswer>> answered() {
        List<TestRecord<String, ReservationAnswer>> out = new ArrayList<>();
        for (TestRecord<String, ReservationAnswer> record : answers.readRecordsToList()) {
            clusterReserved.add(record.value().getClusterReserved());
            ReservationAnswer decision = ReservationAnswer.newBuilder(record.value()).setClusterReserved(Map.of()).build();
            out.add(new TestRecord<>(record.key(), decision, record.headers(), record.getRecordTime()));
        }
        return out;
    }

    static ReservationRequest request(ReservationType type, String requestId, String cluster, String workloadKey, ReservedComponent... components) {
        return ReservationRequest.newBuilder()
                .setType(type)
                .setRequestId(requestId)
                .setCluster(cluster)
                .setWorkloadKey(workloadKey)
                .setComponents(List.of(components))
                .setRequestedAt(START)
                .build();
    }

    static ReservedComponent component(String name, long replicas, Map<String, String> perPod) {
        return ReservedComponent.newBuilder().setName(name).setReplicas(replicas).setPerPod(perPod).build();
    }

    /** Moves the wall clock, which is what the processor measures reservations' age in. */
    ReserveDriver advance(Duration duration) {
        driver.advanceWallClockTime(duration);
        now = now.plus(duration);
        return this;
    }

    Instant now() {
        return now;
    }

    @Override
    public void close() {
        driver.close();
    }

    /** The global store's processor: the tests put the views themselves. */
    private static final class FilledByHand implements org.apache.kafka.streams.processor.api.Processor<String, ClusterWatch, Void, Void> {
        @Override
        public void process(org.apache.kafka.streams.processor.api.Record<String, ClusterWatch> record) {
        }
    }
}
