package io.fedstream.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.KindRef;
import org.junit.jupiter.api.Test;

class ServedKindsTest {

    @Test
    void theAgentWatchesWorkloadsNotEveryConfigMapSecretAndServiceOfTheCluster() {
        assertThat(ServedKinds.workloadKinds()).contains(KindRef.of("apps/v1", "Deployment"), KindRef.of("flink.apache.org/v1beta1", "FlinkDeployment"))
                .doesNotContain(KindRef.of("v1", "ConfigMap"), KindRef.of("v1", "Secret"), KindRef.of("v1", "Service"),
                        KindRef.of("autoscaling/v2", "HorizontalPodAutoscaler"));
    }

    @Test
    void theExecutorLooksUpEveryKindABindingMayName() {
        assertThat(ServedKinds.interpreterKinds()).containsAll(ServedKinds.workloadKinds())
                .contains(KindRef.of("v1", "ConfigMap"), KindRef.of("v1", "Secret"), KindRef.of("networking.k8s.io/v1", "Ingress"));
    }
}
