package io.fedstream.interpret;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The limits side of {@link PodRequests}, rule by rule as Kubernetes' {@code PodLimits}
 * (component-helpers resource helpers) computes them, each next to the request of the same pod.
 */
class PodLimitsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void regularContainersAreSummed() {
        PodRequest pod = pod("""
                containers:
                - {name: a, resources: {requests: {cpu: 500m, memory: 1Gi}, limits: {cpu: "1", memory: 2Gi}}}
                - {name: b, resources: {limits: {cpu: "2", memory: 1Gi}}}
                """);

        assertThat(pod.limits().toQuantities()).isEqualTo(Map.of("cpu", "3", "memory", "3Gi"));
        assertThat(pod.resources().toQuantities()).isEqualTo(Map.of("cpu", "2500m", "memory", "2Gi"));
    }

    @Test
    void aContainerWithoutALimitContributesNothingToThatResource() {
        PodRequest pod = pod("""
                containers:
                - {name: a, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {memory: 2Gi}}}
                - {name: b, resources: {requests: {cpu: "1", memory: 1Gi}}}
                - {name: c}
                """);

        // Only what is limited is named: cpu is unlimited, not limited to 0.
        assertThat(pod.limits().toQuantities()).isEqualTo(Map.of("memory", "2Gi"));
        assertThat(pod.resources().toQuantities()).isEqualTo(Map.of("cpu", "2", "memory", "2Gi"));
    }

    @Test
    void noLimitsAtAllIsEmpty() {
        PodRequest pod = pod("containers: [{name: a, resources: {requests: {cpu: '1'}}}]");

        assertThat(pod.limits()).isEqualTo(Resources.NONE);
    }

    @Test
    void sidecarsAddToTheContainersAndToTheInitContainersAfterThem() {
        PodRequest pod = pod("""
                initContainers:
                - {name: before, resources: {limits: {cpu: "3", memory: 1Gi}}}
                - {name: proxy, restartPolicy: Always, resources: {limits: {cpu: 500m, memory: 256Mi}}}
                - {name: after, resources: {limits: {cpu: "2", memory: 4Gi}}}
                containers:
                - {name: app, resources: {limits: {cpu: "1", memory: 1Gi}}}
                """);

        // cpu: max(app 1 + sidecar 0.5, before 3, after 2 + 0.5) = 3; memory: max(1.25Gi, 1Gi, 4.25Gi).
        assertThat(pod.limits().toQuantities()).isEqualTo(Map.of("cpu", "3", "memory", "4352Mi"));
    }

    @Test
    void aLimitOnlyAnInitContainerNamesIsThePodsLimit() {
        PodRequest pod = pod("""
                initContainers:
                - {name: migrate, resources: {limits: {ephemeral-storage: 2Gi}}}
                containers:
                - {name: app, resources: {limits: {cpu: "1"}}}
                """);

        // As PodLimits does: the max over init containers adds the names they limit.
        assertThat(pod.limits().toQuantities()).isEqualTo(Map.of("cpu", "1", "ephemeral-storage", "2Gi"));
    }

    @Test
    void podLevelLimitsReplaceTheContainersLimitsForCpuMemoryAndHugepages() {
        PodRequest pod = pod("""
                resources:
                  requests: {cpu: "1"}
                  limits: {memory: 8Gi, hugepages-2Mi: 1Gi}
                containers:
                - name: a
                  resources:
                    requests: {cpu: 500m, memory: 1Gi, hugepages-2Mi: 256Mi}
                    limits: {cpu: "2", memory: 2Gi, hugepages-2Mi: 256Mi, ephemeral-storage: 1Gi}
                """);

        // A pod-level request changes no limit; pod-level limits replace only what they name.
        assertThat(pod.limits().toQuantities()).isEqualTo(
                Map.of("cpu", "2", "memory", "8Gi", "hugepages-2Mi", "1Gi", "ephemeral-storage", "1Gi"));
        assertThat(pod.resources().toQuantities()).isEqualTo(
                Map.of("cpu", "1", "memory", "8Gi", "hugepages-2Mi", "1Gi", "ephemeral-storage", "1Gi"));
    }

    @Test
    void podLevelLimitsApplyWhenNoContainerHasALimit() {
        PodRequest pod = pod("""
                resources: {limits: {cpu: "4"}}
                containers: [{name: a}, {name: b}]
                """);

        assertThat(pod.limits().toQuantities()).isEqualTo(Map.of("cpu", "4"));
    }

    @Test
    void overheadIsAddedOnlyToLimitsThePodHasAndThatAreNotZero() {
        PodRequest pod = pod("""
                overhead: {cpu: 250m, memory: 120Mi, ephemeral-storage: 1Gi}
                containers:
                - {name: a, resources: {requests: {cpu: "1", memory: 1Gi}, limits: {memory: 2Gi, ephemeral-storage: "0"}}}
                """);

        assertThat(pod.limits().toQuantities()).isEqualTo(Map.of("memory", "2168Mi", "ephemeral-storage", "0"));
        // The request takes all of the overhead.
        assertThat(pod.resources().toQuantities()).isEqualTo(
                Map.of("cpu", "1250m", "memory", "1144Mi", "ephemeral-storage", "1Gi"));
    }

    @Test
    void anAdjustedContainerKeepsTheLimitsTheAdjustmentGivesIt() {
        Resources twoCpus = Resources.of(Map.of("cpu", 2000L));
        PodRequest pod = PodRequests.of(spec("""
                containers:
                - {name: main, resources: {limits: {cpu: "8", ephemeral-storage: 1Gi}}}
                - {name: side, resources: {limits: {cpu: 100m}}}
                """), "main", c -> c.overlay(new ContainerResources(twoCpus, twoCpus)));

        assertThat(pod.limits().toQuantities()).isEqualTo(Map.of("cpu", "2100m", "ephemeral-storage", "1Gi"));
    }

    @Test
    void aLimitTooLargeToSumIsAnErrorNotAWrongTotal() {
        Problems problems = new Problems();
        PodRequest pod = PodRequests.of(Cursor.root(node("""
                containers:
                - {name: a, resources: {limits: {memory: 5E}}}
                - {name: b, resources: {limits: {memory: 5E}}}
                """), "spec", problems));

        assertThat(pod).isEqualTo(PodRequest.NONE);
        assertThat(problems.list()).singleElement().satisfies(e -> {
            assertThat(e.field()).isEqualTo("spec");
            assertThat(e.reason()).isEqualTo("the pod's total request or limit does not fit a 64-bit integer");
        });
    }

    private static PodRequest pod(String spec) {
        Problems problems = new Problems();
        PodRequest pod = PodRequests.of(Cursor.root(node(spec), "spec", problems));
        assertThat(problems.list()).isEmpty();
        return pod;
    }

    private static Cursor spec(String yaml) {
        return Cursor.root(node(yaml), "spec", new Problems());
    }

    private static com.fasterxml.jackson.databind.JsonNode node(String yaml) {
        try {
            return YAML.readTree(yaml);
        } catch (IOException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
