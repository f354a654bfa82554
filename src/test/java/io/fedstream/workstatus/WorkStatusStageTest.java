package io.fedstream.workstatus;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.config.Topic;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The copies' store: the executor's and the agent's reports of one copy merged, a removed copy forgotten. */
class WorkStatusStageTest {

    private static final String TOPIC = "work-status";
    private static final String WEB = "apps/Deployment/shop/web";
    private static final String API = "apps/Deployment/shop/api";
    private static final Instant AT = Instant.parse("2026-12-06T12:00:00Z");

    @TempDir Path stateDir;
    private TopologyTestDriver driver;
    private TestInputTopic<String, WorkStatusEvent> reports;
    private KeyValueStore<String, WorkStatusEvent> store;

    @BeforeEach
    void start() {
        AvroSerdes avro = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
        Topic<String, WorkStatusEvent> topic = new Topic<>(TOPIC, Serdes.String(), avro.specific(WorkStatusEvent.class, false),
                WorkStatusEvent.class);
        StreamsBuilder builder = new StreamsBuilder();
        new WorkStatusStage(topic).addTo(builder);
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "work-status-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(builder.build(), properties, AT);
        reports = driver.createInputTopic(TOPIC, Serdes.String().serializer(), topic.valueSerde().serializer());
        store = driver.getKeyValueStore(WorkStatusStage.STORE);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    private static WorkStatusEvent dispatch(String key, String cluster, WorkState state, long generation) {
        return WorkStatusEvent.newBuilder().setWorkloadKey(key).setCluster(cluster)
                .setDispatch(WorkDispatch.newBuilder().setState(state).setGeneration(generation).build()).setObservedAt(AT).build();
    }

    private static WorkStatusEvent observation(String key, String cluster, boolean present, WorkHealth health) {
        return WorkStatusEvent.newBuilder().setWorkloadKey(key).setCluster(cluster)
                .setObservation(WorkObservation.newBuilder().setPresent(present).setHealth(health).setStatus("{\"readyReplicas\":2}").build())
                .setObservedAt(AT.plusSeconds(1)).build();
    }

    @Test
    void theExecutorsAndTheAgentsReportsOfACopyMeetInOneEntryPerCluster() {
        reports.pipeInput(WEB, dispatch(WEB, "member1", WorkState.APPLIED, 1));
        reports.pipeInput(WEB, observation(WEB, "member1", true, WorkHealth.HEALTHY));
        reports.pipeInput(WEB, dispatch(WEB, "member2", WorkState.CONFLICT, 1));
        reports.pipeInput(API, dispatch(API, "member1", WorkState.APPLIED, 4));
        reports.pipeInput(WEB, dispatch(WEB, "member1", WorkState.APPLIED, 2));

        List<WorkStatusEvent> web = WorkStatusStage.copiesOf(store, WEB);
        assertThat(web).extracting(WorkStatusEvent::getCluster).containsExactly("member1", "member2");
        assertThat(web.get(0).getDispatch().getGeneration()).isEqualTo(2);
        assertThat(web.get(0).getObservation().getHealth()).as("the agent's part stays when the executor reports").isEqualTo(WorkHealth.HEALTHY);
        assertThat(web.get(1).getDispatch().getState()).isEqualTo(WorkState.CONFLICT);
        assertThat(web.get(1).getObservation()).isNull();
        assertThat(WorkStatusStage.copiesOf(store, API)).hasSize(1);
        assertThat(WorkStatusStage.copiesOf(store, "apps/Deployment/shop/we")).as("a prefix of a key is another key").isEmpty();
    }

    @Test
    void aRemovedCopyIsForgottenAndTheAgentsLateWordOfItsDeletionAddsNothing() {
        reports.pipeInput(WEB, dispatch(WEB, "member1", WorkState.APPLIED, 1));
        reports.pipeInput(WEB, observation(WEB, "member1", true, WorkHealth.HEALTHY));
        reports.pipeInput(WEB, dispatch(WEB, "member1", WorkState.REMOVED, 1));
        reports.pipeInput(WEB, observation(WEB, "member1", false, WorkHealth.UNKNOWN));

        assertThat(WorkStatusStage.copiesOf(store, WEB)).isEmpty();
    }

    @Test
    void aCopyDeletedOnTheClusterShowsSoUntilTheExecutorActs() {
        reports.pipeInput(WEB, dispatch(WEB, "member1", WorkState.APPLIED, 1));
        reports.pipeInput(WEB, observation(WEB, "member1", false, WorkHealth.UNKNOWN));

        assertThat(WorkStatusStage.copiesOf(store, WEB)).singleElement().satisfies(copy -> {
            assertThat(copy.getDispatch().getState()).isEqualTo(WorkState.APPLIED);
            assertThat(copy.getObservation().getPresent()).isFalse();
        });
    }
}
