package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fedstream.TestFedstream;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.config.Topic;
import io.fedstream.propagate.ObjectVersion;
import io.fedstream.propagate.PropagationMarks;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The agent's watch of fedstream's copies on a mock API server: presence, health, status and version, on change only. */
class PropagatedCopiesTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String KEY = "core/ConfigMap/shop/web-config";

    private final Topic<String, WorkStatusEvent> topic = TestFedstream.create().topics().workStatus();
    private final MockCluster cluster = new MockCluster();
    private final MockProducer<String, byte[]> producer = new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
    private final PropagatedCopies copies = new PropagatedCopies(cluster.client(), topic, producer, "member1",
            Clock.fixed(Instant.parse("2026-12-06T12:00:00Z"), ZoneOffset.UTC), Duration.ZERO);

    @AfterEach
    void close() {
        copies.close();
        cluster.close();
    }

    @Test
    void aCopyIsReportedPresentAndHealthyOnceThenGoneButAnotherObjectIsNot() throws Exception {
        copies.start();
        await(() -> copies.watchedKinds() > 0);
        cluster.client().configMaps().inNamespace("shop").resource(new ConfigMapBuilder().withNewMetadata().withName("mine")
                .withNamespace("shop").endMetadata().addToData("a", "1").build()).create();
        cluster.client().configMaps().inNamespace("shop").resource(new ConfigMapBuilder().withNewMetadata().withName("web-config")
                .withNamespace("shop").addToLabels(PropagationMarks.MANAGED_LABEL, "true")
                .addToAnnotations(PropagationMarks.WORKLOAD, KEY).endMetadata().addToData("a", "1").build()).create();

        await(() -> reports().size() == 1);
        WorkStatusEvent present = reports().get(0);
        assertThat(present.getWorkloadKey()).isEqualTo(KEY);
        assertThat(present.getCluster()).isEqualTo("member1");
        assertThat(present.getDispatch()).isNull();
        String created = version(cluster.client().configMaps().inNamespace("shop").withName("web-config").get());
        assertThat(present.getObservation()).isEqualTo(new WorkObservation(true, WorkHealth.HEALTHY, null, created, null));
        assertThat(producer.history().get(0).key()).isEqualTo(KEY);

        String edited = version(cluster.client().configMaps().inNamespace("shop").withName("web-config").edit(c -> {
            c.getData().put("a", "2");
            return c;
        }));
        await(() -> reports().size() == 2);
        assertThat(edited).isNotEqualTo(created);
        assertThat(reports().get(1).getObservation()).as("an edit by hand is a new version, for the executor to look at")
                .isEqualTo(new WorkObservation(true, WorkHealth.HEALTHY, null, edited, null));
        cluster.client().configMaps().inNamespace("shop").withName("web-config").delete();
        await(() -> reports().size() == 3);
        assertThat(reports().get(2).getObservation()).isEqualTo(new WorkObservation(false, WorkHealth.UNKNOWN, null, null, null));
    }

    private String version(ConfigMap object) throws Exception {
        return ObjectVersion.of(new ObjectMapper().readTree(cluster.client().getKubernetesSerialization().asJson(object)));
    }

    private List<WorkStatusEvent> reports() {
        return producer.history().stream().map(r -> topic.valueSerde().deserializer().deserialize(topic.name(), r.value())).toList();
    }

    private static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("within %s", WAIT).isLessThan(deadline);
            Thread.sleep(50);
        }
    }
}
