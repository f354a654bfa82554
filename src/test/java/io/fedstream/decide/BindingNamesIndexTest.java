package io.fedstream.decide;

import static io.fedstream.decide.BindStageTest.deployment;
import static io.fedstream.decide.BindStageTest.upsert;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.bind.BindingNames;
import io.fedstream.Fedstream;
import io.fedstream.TestFedstream;
import io.fedstream.decide.AdmitStores;
import io.fedstream.avro.Op;
import io.fedstream.avro.WorkloadEvent;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The names index of the bindings (kept by the admit stage) stays exactly one entry per binding through upserts, renames and deletes. */
class BindingNamesIndexTest {

    private static final Instant OBSERVED = Instant.parse("2026-11-29T10:00:00Z");
    private static final String WEB = "apps/Deployment/team-a/web";
    private static final String SHOP = "apps/Deployment/team-a/shop";

    @TempDir Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, WorkloadEvent> workloads;

    @BeforeEach
    void startDriver() {
        Fedstream fedstream = TestFedstream.create();
        Properties properties = fedstream.streamsProperties();
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        driver = new TopologyTestDriver(fedstream.topology(), properties, OBSERVED);
        workloads = driver.createInputTopic(fedstream.topics().workloads().name(),
                Serdes.String().serializer(), fedstream.topics().workloads().valueSerde().serializer());
    }

    @AfterEach
    void closeDriver() {
        driver.close();
    }

    @Test
    void bindingNameIsKarmadasNameDashLowerCaseKind() {
        assertThat(BindingNames.bindingName("FlinkDeployment", "fraud-detector")).isEqualTo("fraud-detector-flinkdeployment");
        assertThat(BindingNames.bindingName("ClusterRole", "system:viewer")).isEqualTo("system.viewer-clusterrole");
    }

    @Test
    void upsertAddsOneEntryAndAnUpdateKeepsIt() {
        workloads.pipeInput(WEB, upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput(WEB, upsert(deployment("web", 5, "1", "1Gi")), OBSERVED.plusSeconds(1));

        assertThat(index()).containsExactly(Map.entry("team-a/web-deployment/" + WEB, WEB));
    }

    @Test
    void renameIsADeleteOfTheOldWorkloadAndAnUpsertOfTheNewOne() {
        workloads.pipeInput(WEB, upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput(WEB, delete(), OBSERVED.plusSeconds(1));
        workloads.pipeInput(SHOP, upsert(deployment("shop", 1, "1", "1Gi")), OBSERVED.plusSeconds(2));

        assertThat(index()).containsExactly(Map.entry("team-a/shop-deployment/" + SHOP, SHOP));
    }

    @Test
    void deleteAndTombstoneRemoveTheEntry() {
        workloads.pipeInput(WEB, upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput(SHOP, upsert(deployment("shop", 1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput(WEB, delete(), OBSERVED.plusSeconds(1));
        workloads.pipeInput(SHOP, null, OBSERVED.plusSeconds(1));
        workloads.pipeInput(SHOP, delete(), OBSERVED.plusSeconds(2));

        assertThat(index()).isEmpty();
    }

    @Test
    void sameNameAndKindInTwoGroupsShareTheBindingNameUnderOnePrefix() {
        String other = "example.com/Deployment/team-a/web";
        workloads.pipeInput(WEB, upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput(other, upsert("""
                {"apiVersion":"example.com/v1","kind":"Deployment","metadata":{"name":"web","namespace":"team-a"},"spec":{}}
                """), OBSERVED);

        assertThat(prefix("team-a/web-deployment/")).containsExactly(
                KeyValue.pair("team-a/web-deployment/" + WEB, WEB),
                KeyValue.pair("team-a/web-deployment/" + other, other));
        assertThat(prefix("team-a/web-deploy/")).isEmpty();
    }

    @Test
    void invalidBindingIsIndexedUnderItsWorkloadKey() {
        workloads.pipeInput(WEB, upsert(deployment("web", -1, "1", "1Gi")), OBSERVED);
        workloads.pipeInput("apps/Deployment/team-a/other", upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);

        assertThat(index()).containsOnlyKeys(
                "team-a/web-deployment/" + WEB, "team-a/other-deployment/apps/Deployment/team-a/other");
    }

    @Test
    void keyThatIsNotAWorkloadKeyIsNotIndexed() {
        workloads.pipeInput("garbage", upsert(deployment("web", 1, "1", "1Gi")), OBSERVED);

        assertThat(driver.<String, Object>getKeyValueStore(AdmitStores.BINDINGS).get("garbage")).isNotNull();
        assertThat(index()).isEmpty();
    }

    private Map<String, String> index() {
        Map<String, String> entries = new LinkedHashMap<>();
        try (KeyValueIterator<String, String> all = names().all()) {
            all.forEachRemaining(kv -> entries.put(kv.key, kv.value));
        }
        return entries;
    }

    private List<KeyValue<String, String>> prefix(String prefix) {
        List<KeyValue<String, String>> entries = new ArrayList<>();
        try (KeyValueIterator<String, String> scan = names().prefixScan(prefix, Serdes.String().serializer())) {
            scan.forEachRemaining(entries::add);
        }
        return entries;
    }

    private KeyValueStore<String, String> names() {
        return driver.getKeyValueStore(AdmitStores.BINDING_NAMES);
    }

    private static WorkloadEvent delete() {
        return WorkloadEvent.newBuilder().setOp(Op.DELETE).setObservedAt(OBSERVED).build();
    }
}
