package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.propagate.CustomizationsInForce;
import io.fedstream.propagate.PublishedCustomizations;
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
import java.util.Set;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The agent's watch of fedstream's copies on a mock API server: presence, health (by a customization's script where one
 * covers the kind), status and version, on change only.
 */
class PropagatedCopiesTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String KEY = "core/ConfigMap/shop/web-config";
    private static final ResourceDefinitionContext WIDGET = new ResourceDefinitionContext.Builder().withGroup("example.com")
            .withVersion("v1").withKind("Widget").withPlural("widgets").withNamespaced(true).build();

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
    @Test
    void aCustomizedKindIsWatchedOnceItsCustomizationArrivesAndItsHealthIsItsScriptsOrUnknownWithWhy() throws Exception {
        cluster.client().apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                .withNewMetadata().withName("widgets.example.com").endMetadata()
                .withNewSpec().withGroup("example.com").withScope("Namespaced")
                .withNewNames().withKind("Widget").withPlural("widgets").withSingular("widget").endNames()
                .addNewVersion().withName("v1").withServed(true).withStorage(true).endVersion()
                .endSpec().build()).create();
        copies.start();
        await(() -> copies.watchedKinds() > 0);
        cluster.create(WIDGET, """
                {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"shop",
                 "labels":{"fedstream.io/managed":"true"},"annotations":{"fedstream.io/workload":"example.com/Widget/shop/w"}},
                 "spec":{"size":2},"status":{"ready":1}}""");

        copies.customizationsChanged(inForce("return obj.status.ready == obj.spec.size"), Set.of("example.com/v1/Widget"));
        await(() -> reports().size() == 1);
        assertThat(reports().get(0).getWorkloadKey()).isEqualTo("example.com/Widget/shop/w");
        assertThat(reports().get(0).getObservation().getHealth()).as("its script says it").isEqualTo(WorkHealth.UNHEALTHY);

        copies.customizationsChanged(inForce("return obj.status.missing.ready"), Set.of("example.com/v1/Widget"));
        await(() -> reports().size() == 2);
        assertThat(reports().get(1).getObservation().getHealth()).isEqualTo(WorkHealth.UNKNOWN);
        assertThat(reports().get(1).getObservation().getHealthReason())
                .startsWith("ResourceInterpreterCustomization widget-health, healthInterpretation: failed: ");
    }

    private static CustomizationsInForce inForce(String healthExpression) {
        PublishedCustomizations published = new PublishedCustomizations(InterpreterExtensions.none());
        published.accept("ResourceInterpreterCustomization//widget-health", """
                apiVersion: config.karmada.io/v1alpha1
                kind: ResourceInterpreterCustomization
                metadata: {name: widget-health}
                spec:
                  target: {apiVersion: example.com/v1, kind: Widget}
                  customizations:
                    healthInterpretation:
                      luaScript: "function InterpretHealth(obj) %s end"
                """.formatted(healthExpression));
        return published.inForce();
    }
}
