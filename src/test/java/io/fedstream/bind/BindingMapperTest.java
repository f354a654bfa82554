package io.fedstream.bind;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.Op;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How an interpretation's requests and limits land in the Avro ResourceBinding. */
class BindingMapperTest {

    private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
    private static final String KEY = "apps/Deployment/team-a/web";
    private static final Interpreter INTERPRETER = Interpreter.builtIn();

    private final BindingMapper mapper = new BindingMapper();

    @Test
    void limitsFillPerPodLimitsTotalLimitsAndTheBindingsTotalLimits() {
        ResourceBinding binding = bind("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: team-a}
                spec:
                  replicas: 3
                  template:
                    spec:
                      containers:
                      - name: app
                        resources:
                          requests: {cpu: 500m, memory: 512Mi}
                          limits: {cpu: "1", memory: 1Gi, ephemeral-storage: 2Gi}
                      - {name: shipper, resources: {requests: {cpu: 100m, memory: 64Mi}}}
                """);

        assertThat(binding.getComponents()).containsExactly(Component.newBuilder()
                .setName("main").setReplicas(3).setMinReplicas(null).setMaxReplicas(null)
                .setPerPod(Map.of("cpu", "600m", "memory", "576Mi", "ephemeral-storage", "2Gi"))
                .setTotal(Map.of("cpu", "1800m", "memory", "1728Mi", "ephemeral-storage", "6Gi"))
                .setPerPodLimits(Map.of("cpu", "1", "memory", "1Gi", "ephemeral-storage", "2Gi"))
                .setTotalLimits(Map.of("cpu", "3", "memory", "3Gi", "ephemeral-storage", "6Gi"))
                .build());
        assertThat(binding.getTotal()).isEqualTo(Map.of("cpu", "1800m", "memory", "1728Mi", "ephemeral-storage", "6Gi"));
        assertThat(binding.getTotalLimits()).isEqualTo(Map.of("cpu", "3", "memory", "3Gi", "ephemeral-storage", "6Gi"));
    }

    @Test
    void aWorkloadWithoutLimitsHasEmptyLimitMaps() {
        ResourceBinding binding = bind("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: team-a}
                spec:
                  replicas: 2
                  template:
                    spec:
                      containers: [{name: app, resources: {requests: {cpu: "1"}}}]
                """);

        assertThat(binding.getComponents()).singleElement().satisfies(c -> {
            assertThat(c.getPerPodLimits()).isEmpty();
            assertThat(c.getTotalLimits()).isEmpty();
        });
        assertThat(binding.getTotalLimits()).isEmpty();
    }

    @Test
    void anInvalidWorkloadHasNoLimits() {
        ResourceBinding binding = bind("""
                apiVersion: apps/v1
                kind: Deployment
                metadata: {name: web, namespace: team-a}
                spec:
                  replicas: -1
                  template:
                    spec:
                      containers: [{name: app, resources: {limits: {cpu: "1"}}}]
                """);

        assertThat(binding.getInterpretation().getState()).isEqualTo(InterpretationState.INVALID);
        assertThat(binding.getComponents()).isEmpty();
        assertThat(binding.getTotal()).isEmpty();
        assertThat(binding.getTotalLimits()).isEmpty();
    }

    private ResourceBinding bind(String manifest) {
        Interpretation interpretation = INTERPRETER.interpret(manifest);
        WorkloadEvent event = WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(NOW).build();
        return mapper.toBinding(KEY, event, interpretation, NOW);
    }
}
