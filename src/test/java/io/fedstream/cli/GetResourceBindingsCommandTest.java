package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fedstream.api.Ages;
import io.fedstream.api.BindingObject;
import io.fedstream.api.TestBindings;
import io.fedstream.api.TestStores;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.InterpretationError;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ResourceBinding;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code fedstream get resourcebindings} against a query server over a bindings store holding fixed bindings. */
class GetResourceBindingsCommandTest {

    private static final String TOKEN = "t0ken";

    private final TestStores stores = new TestStores();
    private String url;

    @BeforeEach
    void start() {
        url = "http://127.0.0.1:" + stores.bindings(
                TestBindings.flink("flink.apache.org", "streaming", "fraud"),
                TestBindings.flink("flink.apache.org", "streaming", "etl"),
                TestBindings.flink("flink.apache.org", "other", "etl")).serve(Optional.of(TOKEN)).endpoint().port();
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void defaultOutputIsOneRowPerBinding() {
        CliRunner result = get("resourcebindings", "-n", "streaming");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).hasSize(3);
        assertThat(result.out()).containsPattern(
                        "NAME\\s+SCHEDULED\\s+FULLYAPPLIED\\s+KIND\\s+STATE\\s+ADMISSION\\s+CLUSTERS\\s+TEMPLATES\\s+CPU\\s+MEMORY\\s+UPDATED")
                .containsPattern("etl-flinkdeployment\\s+True\\s+False\\s+FlinkDeployment\\s+INTERPRETED\\s+PENDING\\s+eu-west-1\\s+2\\s+9\\s+18Gi\\s+\\d+[smhd]")
                .containsPattern("fraud-flinkdeployment\\s+True\\s+False\\s+FlinkDeployment\\s+INTERPRETED\\s+PENDING\\s+eu-west-1\\s+2\\s+9\\s+18Gi");
    }

    @Test
    void allNamespacesListsEveryBindingWithItsNamespaceFirst() {
        CliRunner result = get("rb", "-A");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).hasSize(4);
        assertThat(result.out().lines().toList().get(0)).matches("NAMESPACE\\s+NAME\\s+SCHEDULED\\s+FULLYAPPLIED\\s+KIND\\s+STATE\\s+ADMISSION\\s+CLUSTERS.*");
        assertThat(result.out().lines().skip(1).map(line -> line.split("\\s+")[0] + " " + line.split("\\s+")[1]).toList())
                .containsExactly("other etl-flinkdeployment", "streaming etl-flinkdeployment", "streaming fraud-flinkdeployment");
    }

    @Test
    void allNamespacesWithANameIsRefusedAsKubectlRefusesIt() {
        CliRunner byName = get("rb", "etl-flinkdeployment", "-A");
        CliRunner both = get("rb", "-A", "-n", "streaming");

        assertThat(byName.exitCode()).isEqualTo(2);
        assertThat(byName.err().strip())
                .isEqualTo("error: a resourcebinding cannot be retrieved by name across all namespaces: give -n NS with etl-flinkdeployment");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("mutually exclusive");
    }

    @Test
    void theClustersColumnNamesCopiesDividedReplicasAndUnplaced() {
        ResourceBinding copies = placed(TestBindings.flink("flink.apache.org", "streaming", "copies"),
                target("member1", null), target("member2", null));
        ResourceBinding divided = placed(TestBindings.flink("flink.apache.org", "streaming", "divided"),
                target("member1", 3L), target("member3", 2L));
        ResourceBinding unplaced = ResourceBinding.newBuilder(TestBindings.flink("flink.apache.org", "streaming", "waiting"))
                .setPlacement(null).setUnplacedReason("no cluster has room").build();

        String table = BindingSummaryTable.render(objects(copies, divided, unplaced), Instant.now(), false);

        assertThat(table.lines().toList()).hasSize(4);
        assertThat(table).containsPattern("copies-flinkdeployment\\s+True\\s+False\\s+FlinkDeployment\\s+INTERPRETED\\s+PENDING\\s+member1,member2\\s+2\\s")
                .containsPattern("divided-flinkdeployment\\s+True\\s+False\\s+FlinkDeployment\\s+INTERPRETED\\s+PENDING\\s+member1:3,member3:2\\s+2\\s")
                .containsPattern("waiting-flinkdeployment\\s+\\S+\\s+False\\s+FlinkDeployment\\s+INTERPRETED\\s+PENDING\\s+-\\s+2\\s");
    }

    @Test
    void theReasonColumnSaysWhyABindingIsNotInterpretedAdmittedOrPlaced() {
        ResourceBinding admitted = admitted("running");
        ResourceBinding rejected = ResourceBinding.newBuilder(admitted("scaled"))
                .setAdmission(Admission.newBuilder().setState(AdmissionState.REJECTED)
                        .setReason("exceeded quota streaming/compute: requested cpu=6, used cpu=7, limited cpu=12").build()).build();
        ResourceBinding unplaced = ResourceBinding.newBuilder(admitted("waiting")).setPlacement(null)
                .setUnplacedReason("no cluster fits (0/3 clusters are available: 3 cluster(s) had insufficient cpu)").build();
        ResourceBinding invalid = ResourceBinding.newBuilder(admitted("broken"))
                .setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INVALID).setInterpreter(null)
                        .setErrors(List.of(new InterpretationError("spec.replicas", "-3", "must not be negative"))).build())
                .setAdmission(Admission.newBuilder().setState(AdmissionState.NOT_APPLICABLE).build()).build();

        String table = BindingSummaryTable.render(objects(admitted, rejected, unplaced, invalid), Instant.now(), false);

        assertThat(table.lines().findFirst().orElseThrow()).endsWith("UPDATED   REASON");
        assertThat(table).containsPattern("running-flinkdeployment\\s+.*\\s+ADMITTED\\s+eu-west-1\\s+2\\s+9\\s+18Gi\\s+\\d+d\\s+-\n")
                .containsPattern("scaled-flinkdeployment\\s+.*\\s+REJECTED\\s+eu-west-1\\s+.*\\d+d\\s+"
                        + "exceeded quota streaming/compute: requested cpu=6, used cpu=7, limited cpu=12\n")
                .containsPattern("waiting-flinkdeployment\\s+.*\\s+ADMITTED\\s+-\\s+.*\\d+d\\s+"
                        + "no cluster fits \\(0/3 clusters are available: 3 cluster\\(s\\) had insufficient cpu\\)\n")
                .containsPattern("broken-flinkdeployment\\s+.*\\s+INVALID\\s+NOT_APPLICABLE\\s+.*\\d+d\\s+"
                        + "spec.replicas: must not be negative \\(value: -3\\)\n");
    }

    private static List<JsonNode> objects(ResourceBinding... bindings) {
        return java.util.Arrays.stream(bindings).map(binding -> (JsonNode) BindingObject.toJson(binding, List.of())).toList();
    }

    private static ResourceBinding admitted(String name) {
        return ResourceBinding.newBuilder(TestBindings.flink("flink.apache.org", "streaming", name))
                .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).build()).build();
    }

    private static ResourceBinding placed(ResourceBinding binding, ClusterTarget... targets) {
        return ResourceBinding.newBuilder(binding)
                .setPlacement(Placement.newBuilder(binding.getPlacement()).setClusters(List.of(targets)).build()).build();
    }

    private static ClusterTarget target(String cluster, Long replicas) {
        return ClusterTarget.newBuilder().setName(cluster).setReplicas(replicas).build();
    }

    @Test
    void agesReadAsKubectlsDo() {
        assertThat(Ages.of(Duration.ofSeconds(-3))).isEqualTo("0s");
        assertThat(Ages.of(Duration.ofSeconds(119))).isEqualTo("119s");
        assertThat(Ages.of(Duration.ofMinutes(119))).isEqualTo("119m");
        assertThat(Ages.of(Duration.ofHours(47))).isEqualTo("47h");
        assertThat(Ages.of(Duration.ofDays(9))).isEqualTo("9d");
    }

    @Test
    void wideOutputIsOneRowPerTemplate() {
        CliRunner result = get("rb", "fraud-flinkdeployment", "-n", "streaming", "-o", "wide");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out())
                .containsPattern("streaming/fraud\\s+FlinkDeployment\\s+INTERPRETED\\s+jobmanager\\s+1\\s+1\\s+2Gi\\s+1\\s+2Gi")
                .containsPattern("taskmanager\\s+4\\s+2\\s+4Gi\\s+8\\s+16Gi\\s+nvidia.com/gpu=4")
                .containsPattern("= total\\s+9\\s+18Gi");
    }

    @Test
    void yamlAndJsonPrintTheApiObject() {
        CliRunner yaml = get("resourcebindings", "fraud-flinkdeployment", "-n", "streaming", "-o", "yaml");
        CliRunner json = get("resourcebindings", "fraud-flinkdeployment", "-n", "streaming", "-o", "json");

        assertThat(yaml.exitCode()).isZero();
        assertThat(yaml.out()).startsWith("apiVersion: work.karmada.io/v1alpha2\nkind: ResourceBinding\n")
                .contains("  resourceRequests:\n  - templateName: jobmanager\n    replicas: 1\n");
        assertThat(json.exitCode()).isZero();
        assertThat(json.out()).startsWith("{\n  \"apiVersion\" : \"work.karmada.io/v1alpha2\",")
                .contains("\"name\" : \"fraud-flinkdeployment\"");
    }

    @Test
    void yamlReadsBackAsTheJsonAnswerSoQuantitiesStayStrings() throws Exception {
        CliRunner yaml = get("resourcebindings", "fraud-flinkdeployment", "-n", "streaming", "-o", "yaml");
        CliRunner json = get("resourcebindings", "fraud-flinkdeployment", "-n", "streaming", "-o", "json");

        assertThat(yaml.out()).contains("cpu: \"1\"\n");
        assertThat(new YAMLMapper().readTree(yaml.out())).isEqualTo(new ObjectMapper().readTree(json.out()));
    }

    @Test
    void absentBindingExitsOneNamingIt() {
        CliRunner result = get("resourcebindings", "nope", "-n", "streaming");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err().strip()).isEqualTo("error: resourcebinding streaming/nope not found");
    }

    @Test
    void wrongTokenExitsOne() {
        CliRunner result = CliRunner.run("get", "resourcebindings", "-n", "streaming", "--server", url, "--token", "bad");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("unauthorized by " + url).contains("--token");
    }

    @Test
    void unreachableServerExitsOneWithAClearMessage() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        CliRunner result = CliRunner.run("get", "resourcebindings", "-n", "streaming", "--server", "http://127.0.0.1:" + closedPort);

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).isEqualTo("error: cannot reach the fedstream query API at http://127.0.0.1:" + closedPort
                + " (is `fedstream run` up? set --server, FEDSTREAM_SERVER or a context): nothing accepts connections there\n");
    }

    @Test
    void emptyNamespaceSaysSo() {
        CliRunner result = get("resourcebindings", "-n", "empty");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).contains("No resourcebindings found in empty namespace.");
    }

    private CliRunner get(String... args) {
        return CliRunner.get(url, TOKEN, args);
    }
}
