package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestBindings;
import io.fedstream.api.TestStores;
import io.fedstream.avro.Admission;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code fedstream wait --for=condition=...} against a query server over a binding and its copies, as kubectl wait. */
class WaitCommandTest {

    private static final String TOKEN = "t0ken";
    /** Placed on eu-west-1, admitted at generation 2. */
    private static final ResourceBinding FRAUD = ResourceBinding.newBuilder(TestBindings.flink("flink.apache.org", "streaming", "fraud"))
            .setAdmission(Admission.newBuilder().setState(AdmissionState.ADMITTED).setChargedGeneration(2L).build()).build();

    private final TestStores stores = new TestStores().bindings(FRAUD);
    private String url;

    @BeforeEach
    void start() {
        url = "http://127.0.0.1:" + stores.serve(Optional.of(TOKEN)).endpoint().port();
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    private static WorkStatusEvent copy(WorkState state) {
        return WorkStatusEvent.newBuilder().setWorkloadKey(FRAUD.getWorkloadKey()).setCluster("eu-west-1")
                .setDispatch(WorkDispatch.newBuilder().setState(state).setGeneration(2).setMessage(state == WorkState.APPLIED ? null : "refused")
                        .build())
                .setObservedAt(Instant.parse("2026-12-06T12:00:00Z")).build();
    }

    private CliRunner waitFor(String condition, String object, String timeout) {
        return CliRunner.run("wait", "--for=" + condition, object, "-n", "streaming", "--timeout", timeout, "--server", url, "--token", TOKEN);
    }

    @Test
    void aConditionThatHoldsEndsTheWaitAtOnce() {
        stores.copies(copy(WorkState.APPLIED));

        CliRunner applied = waitFor("condition=FullyApplied", "resourcebinding/fraud-flinkdeployment", "10s");
        CliRunner scheduled = waitFor("condition=Scheduled", "rb/fraud-flinkdeployment", "10s");

        assertThat(applied.exitCode()).as(applied.err()).isZero();
        assertThat(applied.out()).as("kubectl's words").isEqualTo("resourcebinding.work.karmada.io/fraud-flinkdeployment condition met\n");
        assertThat(scheduled.exitCode()).as(scheduled.err()).isZero();
    }

    @Test
    void aConditionThatDoesNotHoldTimesOutWithExitOneAndTheLastStatus() {
        stores.copies(copy(WorkState.CONFLICT));

        CliRunner result = waitFor("condition=FullyApplied", "resourcebinding/fraud-flinkdeployment", "1500ms");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.err()).startsWith("error: timed out waiting for the condition on resourcebindings/fraud-flinkdeployment\n")
                .contains("""
                        - type: FullyApplied
                          status: "False"
                          reason: FullyAppliedFailed
                        """).contains("""
                        aggregatedStatus:
                        - clusterName: eu-west-1
                          applied: false
                          appliedMessage: refused
                          health: Unknown
                          state: CONFLICT
                          generation: 2
                        """);
        assertThat(waitFor("condition=FullyApplied=false", "resourcebinding/fraud-flinkdeployment", "10s").exitCode())
                .as("waiting for False is met").isZero();
    }

    @Test
    void aBindingThatDoesNotExistOrABadArgumentEndsTheWait() {
        CliRunner absent = waitFor("condition=FullyApplied", "resourcebinding/nope-deployment", "10s");
        CliRunner badFor = waitFor("delete", "resourcebinding/fraud-flinkdeployment", "10s");
        CliRunner badObject = waitFor("condition=FullyApplied", "deployment/fraud", "10s");

        assertThat(absent.exitCode()).isEqualTo(1);
        assertThat(absent.err()).isEqualTo("error: resourcebindings \"nope-deployment\" not found in streaming namespace\n");
        assertThat(badFor.exitCode()).isEqualTo(2);
        assertThat(badFor.err()).isEqualTo("error: --for: must be condition=NAME or condition=NAME=VALUE (value: delete)\n");
        assertThat(badObject.exitCode()).isEqualTo(2);
        assertThat(badObject.err()).isEqualTo("error: resourcebinding/NAME or clusterresourcebinding/NAME expected (value: deployment/fraud)\n");
        CliRunner absentCluster = waitFor("condition=FullyApplied", "crb/nope-namespace", "10s");
        assertThat(absentCluster.exitCode()).isEqualTo(1);
        assertThat(absentCluster.err()).isEqualTo("error: clusterresourcebindings \"nope-namespace\" not found\n");
    }

    @Test
    void aClusterResourceBindingIsWaitedForByItsNameAlone() {
        ResourceBinding namespace = TestBindings.namespaceObject("guestbook");
        stores.bindings(namespace).copies(WorkStatusEvent.newBuilder(copy(WorkState.APPLIED)).setWorkloadKey(namespace.getWorkloadKey())
                .setCluster("member1").setDispatch(WorkDispatch.newBuilder().setState(WorkState.APPLIED).setGeneration(1).build()).build());

        CliRunner scheduled = waitFor("condition=Scheduled", "clusterresourcebinding.work.karmada.io/guestbook-namespace", "10s");
        CliRunner applied = waitFor("condition=FullyApplied", "crb/guestbook-namespace", "1500ms");

        assertThat(scheduled.exitCode()).as(scheduled.err()).isZero();
        assertThat(scheduled.out()).isEqualTo("clusterresourcebinding.work.karmada.io/guestbook-namespace condition met\n");
        assertThat(applied.exitCode()).as("member2 has not reported its copy").isEqualTo(1);
        assertThat(applied.err()).startsWith("error: timed out waiting for the condition on clusterresourcebindings/guestbook-namespace\n");
    }
}
