package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fedstream.TestFedstream;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.config.Topic;
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

/** The agent's watch of fedstream's copies on a mock API server: presence, health and status, on change only. */
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
        assertThat(present.getObservation()).isEqualTo(new WorkObservation(true, WorkHealth.HEALTHY, null, null, null));
        assertThat(producer.history().get(0).key()).isEqualTo(KEY);

        cluster.client().configMaps().inNamespace("shop").withName("web-config").edit(c -> {
            c.getMetadata().getAnnotations().put("touched", "yes");
            return c;
        });
        cluster.client().configMaps().inNamespace("shop").withName("web-config").delete();
        await(() -> reports().size() == 2);
        assertThat(reports().get(1).getObservation()).as("an edit that changes neither health nor status reports nothing")
                .isEqualTo(new WorkObservation(false, WorkHealth.UNKNOWN, null, null, null));
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
