package io.fedstream.failover;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;

class WorkloadHealthTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        // The agent's phases: Flink jobStatus.state, status.phase, the Ready / Available condition.
        "RUNNING, HEALTHY", "FINISHED, HEALTHY", "Running, HEALTHY", "Succeeded, HEALTHY", "Ready, HEALTHY",
        "Available, HEALTHY", "Bound, HEALTHY", "COMPLETED, HEALTHY", "Healthy, HEALTHY",
        "FAILED, UNHEALTHY", "FAILING, UNHEALTHY", "RESTARTING, UNHEALTHY", "Failed, UNHEALTHY", "NotReady, UNHEALTHY",
        "NotAvailable, UNHEALTHY", "Pending, UNHEALTHY", "CREATED, UNHEALTHY", "INITIALIZING, UNHEALTHY",
        "RECONCILING, UNHEALTHY", "SUBMISSION_FAILED, UNHEALTHY", "CrashLoopBackOff, UNHEALTHY", "not-ready, UNHEALTHY",
        "Unhealthy, UNHEALTHY", "Error, UNHEALTHY",
        "Unknown, UNKNOWN", "SUSPENDED, UNKNOWN", "CANCELED, UNKNOWN", "'', UNKNOWN", "Rolling, UNKNOWN"})
    void aPhaseNamesOneOfKarmadasThreeHealthStates(String phase, WorkloadHealth expected) {
        assertThat(WorkloadHealth.of(phase)).isEqualTo(expected);
    }

    @ParameterizedTest
    @NullSource
    void noPhaseIsUnknown(String phase) {
        assertThat(WorkloadHealth.of(phase)).isEqualTo(WorkloadHealth.UNKNOWN);
    }
}
