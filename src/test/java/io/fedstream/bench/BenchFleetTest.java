package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BenchFleetTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final BenchFleet fleet = BenchFleet.of(40, 20, List.of("member1", "member2", "member3"));

    @Test
    void workloadsTakeTheFiveKindsAndTheNamespacesInTurnWithUniqueNames() throws Exception {
        Map<String, String> workloads = new LinkedHashMap<>();
        fleet.forEachWorkload(workloads::put);

        assertThat(workloads).hasSize(40);
        List<String> keys = new ArrayList<>(workloads.keySet());
        assertThat(keys.get(0)).isEqualTo("apps/Deployment/bench-000/checkout-api-0");
        assertThat(keys.get(2)).isEqualTo("flink.apache.org/FlinkDeployment/bench-002/fraud-scoring-2");
        assertThat(keys.get(23)).isEqualTo("kubeflow.org/PyTorchJob/bench-003/llama-ft-support-v3-23");
        Set<String> names = new HashSet<>();
        Interpreter interpreter = Interpreter.builtIn();
        for (Map.Entry<String, String> workload : workloads.entrySet()) {
            JsonNode metadata = JSON.readTree(workload.getValue()).path("metadata");
            assertThat(workload.getKey()).endsWith("/" + metadata.path("namespace").asText() + "/" + metadata.path("name").asText());
            assertThat(names.add(metadata.path("name").asText())).isTrue();
            assertThat(interpreter.interpret(workload.getValue()).outcome()).isEqualTo(Interpretation.Outcome.INTERPRETED);
        }
    }

    @Test
    void everyNamespaceHasAPolicyOverTheClustersAndAQuotaTightInEveryTenth() throws Exception {
        Map<String, String> policies = fleet.policies();

        assertThat(policies).hasSize(40).containsKeys("PropagationPolicy/bench-000/bench", "FederatedResourceQuota/bench-019/bench");
        JsonNode policy = JSON.readTree(policies.get("PropagationPolicy/bench-004/bench"));
        assertThat(policy.at("/spec/placement/clusterAffinity/clusterNames").toString())
                .isEqualTo("[\"member1\",\"member2\",\"member3\"]");
        assertThat(policy.at("/spec/resourceSelectors")).hasSize(5);
        // bench-000 holds workloads 0 and 20 (Deployments): twice their cpu; bench-009 holds 9 and 29 (Jobs): 90%.
        Resources deployment = Interpreter.builtIn().interpret(fleet.manifestOf(0)).total();
        Resources job = Interpreter.builtIn().interpret(fleet.manifestOf(9)).total();
        assertThat(quotaCpu(policies, "bench-000")).isEqualTo(deployment.get("cpu") * 2 * 2);
        assertThat(quotaCpu(policies, "bench-009")).isEqualTo(job.get("cpu") * 2 * 9 / 10);
    }

    @Test
    void theFailoverFleetHomesEveryOtherNamespaceOnTheFirstClusterAndAdmitsAll() throws Exception {
        Map<String, String> policies = BenchFleet.forFailover(40, 20, List.of("member1", "member2", "member3")).policies();

        JsonNode first = JSON.readTree(policies.get("PropagationPolicy/bench-000/bench")).at("/spec/placement");
        assertThat(first.path("clusterAffinity").isMissingNode()).isTrue();
        assertThat(first.path("clusterAffinities").toString()).isEqualTo(
                "[{\"affinityName\":\"first\",\"clusterNames\":[\"member1\"]},"
                        + "{\"affinityName\":\"others\",\"clusterNames\":[\"member2\",\"member3\"]}]");
        JsonNode second = JSON.readTree(policies.get("PropagationPolicy/bench-001/bench")).at("/spec/placement");
        assertThat(second.at("/clusterAffinity/clusterNames").toString()).isEqualTo("[\"member2\",\"member3\"]");
        assertThat(second.path("clusterAffinities").isMissingNode()).isTrue();
        assertThat(JSON.readTree(policies.get("PropagationPolicy/bench-018/bench")).at("/spec/placement/clusterAffinities")).hasSize(2);
        // bench-009 holds workloads 9 and 29 (Jobs): its quota admits twice their cpu, as every namespace's.
        Resources job = Interpreter.builtIn().interpret(fleet.manifestOf(9)).total();
        assertThat(quotaCpu(policies, "bench-009")).isEqualTo(job.get("cpu") * 2 * 2);
    }

    @Test
    void eachClusterHasRoomForTheWholeFleet() {
        Resources all = Resources.NONE;
        for (int i = 0; i < 40; i++) {
            all = all.plus(Interpreter.builtIn().interpret(fleet.manifestOf(i)).total());
        }

        assertThat(fleet.clusterAllocatable()).isEqualTo(all.toQuantities());
    }

    private static long quotaCpu(Map<String, String> policies, String namespace) throws Exception {
        JsonNode overall = JSON.readTree(policies.get("FederatedResourceQuota/" + namespace + "/bench")).at("/spec/overall");
        return Resources.fromQuantities(Map.of("cpu", overall.path("cpu").asText())).get("cpu");
    }
}
