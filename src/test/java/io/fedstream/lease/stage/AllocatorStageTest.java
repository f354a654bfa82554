package io.fedstream.lease.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseGiveBack;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.avro.StoredLeaseBook;
import io.fedstream.config.Topics;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The allocator's sub-topology alone on TopologyTestDriver, as the application configures Kafka Streams (dead-letter
 * handlers, explicit naming), with 6 partitions: the driver runs the task of partition 0, so the clusters it is sent
 * are ones whose name Kafka's default partitioner puts there. The driver's topics have one partition, where every grant
 * goes; the grant's partition field, which {@link AllocatorStage#TO_ASKING_TASK} routes by, says where it would go.
 */
class AllocatorStageTest {

    private static final Instant T0 = Instant.ofEpochMilli(1_800_000_000_000L);
    private static final long BUCKET = 180_000_000L;
    /** 10 s buckets, a 60 s TTL; no offers at a cluster's first view, so that each grant below answers a request. */
    private static final Map<String, String> TERMS = Map.of("lease.bucket.ms", "10000", "lease.ttl.ms", "60000", "topic.partitions", "6",
            "lease.offer.share", "0");
    private static final String OWNED = cluster(0);
    private static final String ELSEWHERE = IntStream.range(1, 100).mapToObj(i -> "member" + i)
            .filter(c -> AllocatorProcessor.ownerOf(c, 6) != 0).findFirst().orElseThrow();

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private Topics topics;
    private TestInputTopic<String, LeaseRequest> requests;
    private TestInputTopic<String, ClusterWatch> views;
    private TestOutputTopic<String, LeaseGrant> grants;
    private TestOutputTopic<String, byte[]> deadLetters;

    @BeforeEach
    void start() {
        Fedstream fedstream = TestFedstream.create(TERMS);
        topics = fedstream.topics();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(properties)));
        new AllocatorStage(topics, fedstream.config().leaseSettings(),
                new AvroSerdes(fedstream.registry(), AvroSerdeConfig.defaults()).specific(StoredLeaseBook.class, false),
                (topic, cluster, grant, partitions) -> Optional.of(Set.of(0))).addTo(builder);
        driver = new TopologyTestDriver(builder.build(), properties, T0);
        requests = driver.createInputTopic(topics.leaseRequests().name(), Serdes.String().serializer(),
                topics.leaseRequests().valueSerde().serializer());
        views = driver.createInputTopic(topics.clusterViews().name(), Serdes.String().serializer(), topics.clusterViews().valueSerde().serializer());
        grants = driver.createOutputTopic(topics.leaseGrants().name(), Serdes.String().deserializer(),
                topics.leaseGrants().valueSerde().deserializer());
        deadLetters = driver.createOutputTopic(topics.deadLetters().name(), Serdes.String().deserializer(), Serdes.ByteArray().deserializer());
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void aRequestIsAnsweredWithAGrantKeyedByItsClusterAndTheBookIsKept() {
        views.pipeInput(OWNED, ready(OWNED, "16", "4"), T0);

        requests.pipeInput(OWNED, request(OWNED, 3, 0, Map.of("cpu", "5")), T0.plusMillis(1_500));

        assertThat(grants.readRecordsToList()).singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo(OWNED);
            assertThat(record.value().getPartition()).isEqualTo(3);
            assertThat(record.value().getBucket()).isEqualTo(BUCKET);
            assertThat(record.value().getGranted()).isEqualTo(Map.of("cpu", "5"));
            assertThat(record.value().getFree()).isEqualTo(Map.of("cpu", "7"));
            assertThat(record.value().getAnswers()).isEqualTo(0L);
            assertThat(record.value().getCountedUntil()).isEqualTo(T0.plusSeconds(70));
            assertThat(record.value().getUsableUntil()).isEqualTo(T0.plusSeconds(30));
            assertThat(record.getRecordTime()).as("stamped with the wall clock: its request is taken first in line, at time 0")
                    .isEqualTo(T0);
        });
        assertThat(books().get(OWNED).getChunks()).hasSize(1);
        assertThat(deadLetters.isEmpty()).isTrue();
    }

    @Test
    void viewsOfClustersAnotherTaskOwnsAreSkippedSoAViewCopiedToEveryPartitionIsKeptOnce() {
        views.pipeInput(ELSEWHERE, ready(ELSEWHERE, "16", "4"), T0);
        views.pipeInput(OWNED, ready(OWNED, "16", "4"), T0);

        assertThat(books().get(ELSEWHERE)).isNull();
        assertThat(books().get(OWNED).getView().getAllocatable()).isEqualTo(Map.of("cpu", "16"));
    }

    @Test
    void roomThatFreesWhenChunksStopBeingCountedIsGrantedOnTheWallClock() {
        views.pipeInput(OWNED, ready(OWNED, "8", "0"), T0);
        requests.pipeInput(OWNED, request(OWNED, 0, 0, Map.of("cpu", "8")), T0);
        requests.pipeInput(OWNED, request(OWNED, 5, 0, Map.of("cpu", "2")), T0.plusSeconds(1));
        assertThat(grants.readRecordsToList()).extracting(r -> r.value().getPartition(), r -> r.value().getGranted(), r -> r.value().getReclaim())
                .containsExactly(tuple(0, Map.of("cpu", "8"), false),
                        tuple(5, Map.of(), false),
                        tuple(0, Map.of(), true));

        driver.advanceWallClockTime(Duration.ofSeconds(60));
        assertThat(grants.isEmpty()).as("counted until bucket end + 60 s").isTrue();
        driver.advanceWallClockTime(Duration.ofSeconds(10));

        assertThat(grants.readRecordsToList()).singleElement().satisfies(record -> {
            assertThat(record.key()).isEqualTo(OWNED);
            assertThat(record.value().getPartition()).isEqualTo(5);
            assertThat(record.value().getGranted()).isEqualTo(Map.of("cpu", "2"));
            assertThat(record.value().getAnswers()).isNull();
        });
    }

    @Test
    void badRequestsGoToTheDeadLetterTopicNamingFieldAndValueAndTheAskingTaskIsToldWhy() {
        views.pipeInput(OWNED, ready(OWNED, "16", "4"), T0);
        requests.pipeInput(OWNED, request(OWNED, 0, 0, Map.of("cpu", "-2")), T0);
        requests.pipeInput(OWNED, request(OWNED, 9, 0, Map.of("cpu", "1")), T0);
        LeaseRequest giveBack = request(OWNED, 0, 1, Map.of());
        giveBack.setGiveBack(List.of(new LeaseGiveBack(BUCKET + 5, Map.of("cpu", "1"))));
        requests.pipeInput(OWNED, giveBack, T0);
        requests.pipeInput(ELSEWHERE, request(ELSEWHERE, 0, 0, Map.of("cpu", "1")), T0);
        requests.pipeInput(OWNED, (LeaseRequest) null, T0);
        requests.pipeInput(OWNED, request(OWNED, 1, 0, Map.of("cpu", "1")), T0);

        List<TestRecord<String, byte[]>> letters = deadLetters.readRecordsToList();
        assertThat(letters).extracting(r -> header(r, DeadLetter.FIELD), r -> header(r, DeadLetter.VALUE)).containsExactly(
                tuple("want.cpu", "-2"),
                tuple("partition", "9"),
                tuple("giveBack[0].bucket", Long.toString(BUCKET + 5)),
                tuple("key", ELSEWHERE),
                tuple("key", OWNED));
        assertThat(letters).allSatisfy(letter -> {
            assertThat(header(letter, DeadLetter.STAGE)).isEqualTo("allocate-leases");
            assertThat(header(letter, DeadLetter.TOPIC)).isEqualTo(topics.leaseRequests().name());
        });
        assertThat(header(letters.get(0), DeadLetter.REASON)).isEqualTo("want.cpu: must not be negative (value: -2)");
        assertThat(header(letters.get(3), DeadLetter.REASON)).startsWith("cluster " + ELSEWHERE + " belongs to the allocator of partition "
                + AllocatorProcessor.ownerOf(ELSEWHERE, 6) + ", not 0");
        assertThat(topics.leaseRequests().valueSerde().deserializer().deserialize(topics.leaseRequests().name(), letters.get(0).value()))
                .as("the original request").isEqualTo(request(OWNED, 0, 0, Map.of("cpu", "-2")));
        assertThat(grants.readRecordsToList()).as("a bad request of a task that can be named is answered with nothing and why")
                .extracting(r -> r.value().getPartition(), r -> r.value().getGranted(), r -> r.value().getAnswers(), r -> r.value().getWhy())
                .containsExactly(tuple(0, Map.of(), 0L, "the allocator refused the lease request: want.cpu: must not be negative (value: -2)"),
                        tuple(0, Map.of(), 1L, "the allocator refused the lease request: " + header(letters.get(2), DeadLetter.REASON)),
                        tuple(1, Map.of("cpu", "1"), 0L, null));
    }

    @Test
    void grantsGoToThePartitionOfTheTaskTheyAreFor() {
        StreamPartitioner<String, LeaseGrant> partitioner = AllocatorStage.TO_ASKING_TASK;
        LeaseGrant grant = LeaseGrant.newBuilder().setCluster(OWNED).setPartition(4).setBucket(BUCKET)
                .setCountedUntil(T0).setUsableUntil(T0).setGrantedAt(T0).build();

        assertThat(partitioner.partitions("fedstream.lease-grants", OWNED, grant, 6)).isEqualTo(Optional.of(Set.of(4)));
        assertThatThrownBy(() -> partitioner.partitions("fedstream.lease-grants", OWNED, grant, 3))
                .hasMessageContaining("topic fedstream.lease-grants has 3 partitions, too few for a grant to partition 4");
    }

    @Test
    void theStageNamesEveryNodeAndStoreAndCanShareTheViewsSourceWithAnotherStage() {
        Topology alone = driverTopology();
        assertThat(alone.describe().toString()).doesNotContain("KSTREAM-").contains("lease-requests-source", "lease-cluster-views-source",
                "allocate-leases", "lease-books-store", "lease-grants-sink", "lease-dead-letters-sink");

        Properties strict = new Properties();
        strict.put(StreamsConfig.APPLICATION_ID_CONFIG, "lease-test");
        strict.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        strict.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(strict)));
        KStream<String, ClusterWatch> shared = builder.stream(topics.clusterViews().name(), topics.clusterViews().consumedAs("views-source"));
        shared.mapValues(ClusterWatch::getCluster, Named.as("another-stage"));
        new AllocatorStage(topics, TestFedstream.create(TERMS).config().leaseSettings(),
                new AvroSerdes(TestFedstream.create().registry(), AvroSerdeConfig.defaults()).specific(StoredLeaseBook.class, false))
                .addTo(builder, shared);
        assertThat(builder.build().describe().toString()).contains("views-source", "another-stage", "lease-cluster-view-input");
    }

    private Topology driverTopology() {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "lease-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(properties)));
        Fedstream fedstream = TestFedstream.create(TERMS);
        new AllocatorStage(fedstream.topics(), fedstream.config().leaseSettings(),
                new AvroSerdes(fedstream.registry(), AvroSerdeConfig.defaults()).specific(StoredLeaseBook.class, false)).addTo(builder);
        return builder.build();
    }

    private KeyValueStore<String, StoredLeaseBook> books() {
        return driver.getKeyValueStore(AllocatorStage.STORE);
    }

    private static String header(TestRecord<String, byte[]> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }

    private static ClusterWatch ready(String cluster, String cpu, String allocatedCpu) {
        return ClusterWatch.newBuilder().setCluster(cluster).setState(ClusterState.READY).setReason("Joined").setSince(T0)
                .setHeartbeat(ClusterHealthEvent.newBuilder().setCluster(cluster).setHeartbeatAt(T0)
                        .setAllocatable(Map.of("cpu", cpu)).setAllocated(Map.of("cpu", allocatedCpu)).build())
                .build();
    }

    private static LeaseRequest request(String cluster, int partition, long sequence, Map<String, String> want) {
        return LeaseRequest.newBuilder().setCluster(cluster).setPartition(partition).setSequence(sequence)
                .setWant(new LinkedHashMap<>(want)).setRequestedAt(T0).build();
    }

    /** The first cluster name of the form memberN that the allocator of {@code partition} owns. */
    private static String cluster(int partition) {
        return IntStream.range(1, 100).mapToObj(i -> "member" + i).filter(c -> AllocatorProcessor.ownerOf(c, 6) == partition)
                .findFirst().orElseThrow();
    }
}
