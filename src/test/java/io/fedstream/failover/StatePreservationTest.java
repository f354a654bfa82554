package io.fedstream.failover;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class StatePreservationTest {

    private static final String STATUS = "{\"jobStatus\":{\"jobId\":\"a1b2\",\"state\":\"RUNNING\","
            + "\"checkpointInfo\":{\"lastCheckpoint\":{\"id\":90071992547409931,\"size\":1.50}}},"
            + "\"history\":[{\"cluster\":\"member1\"},{\"cluster\":\"member2\"}],\"ready\":true,"
            + "\"labels\":{\"a\":\"b\"},\"gone\":null}";

    private static StatePreservation rules(String... aliasAndPath) {
        StatePreservation.Rule[] rules = new StatePreservation.Rule[aliasAndPath.length / 2];
        for (int i = 0; i < aliasAndPath.length; i += 2) {
            rules[i / 2] = StatePreservation.Rule.of(aliasAndPath[i], aliasAndPath[i + 1]);
        }
        return new StatePreservation(List.of(rules));
    }

    @Test
    void karmadaBracedPathsPlainPathsAndIndexesAllRead() {
        StatePreservation p = rules("jobid", "{ .jobStatus.jobId }", "state", ".jobStatus.state",
                "first", "{.history[0].cluster}", "second", "{.history[1].cluster}");

        assertThat(p.extract(STATUS)).containsExactly(entry("first", "member1"), entry("jobid", "a1b2"),
                entry("second", "member2"), entry("state", "RUNNING"));
    }

    @Test
    void numbersKeepEveryDigitAndObjectsAreCompactJson() {
        StatePreservation p = rules("chk", "{.jobStatus.checkpointInfo.lastCheckpoint.id}",
                "size", "{.jobStatus.checkpointInfo.lastCheckpoint.size}", "ready", "{.ready}", "labels", "{.labels}");

        assertThat(p.extract(STATUS)).containsExactly(entry("chk", "90071992547409931"), entry("labels", "{\"a\":\"b\"}"),
                entry("ready", "true"), entry("size", "1.50"));
    }

    @Test
    void aMissingOrNullPathIsLeftOutWithoutLosingTheOthers() {
        StatePreservation p = rules("jobid", "{.jobStatus.jobId}", "none", "{.jobStatus.nope}",
                "out", "{.history[5].cluster}", "gone", "{.gone}", "deep", "{.ready.x}");

        assertThat(p.extract(STATUS)).containsExactly(entry("jobid", "a1b2"));
    }

    @Test
    void noStatusOrAnUnreadableOneExtractsNothing() {
        StatePreservation p = rules("jobid", "{.jobStatus.jobId}");
        assertThat(p.extract(null)).isEmpty();
        assertThat(p.extract("{not json")).isEmpty();
    }

    @Test
    void unsupportedPathsFailWhenThePolicyIsRead() {
        assertThatThrownBy(() -> StatusPath.parse("{.items[*].name}")).hasMessageContaining("array indexes");
        assertThatThrownBy(() -> StatusPath.parse("jobStatus.jobId")).hasMessageContaining("must start with '.'");
        assertThatThrownBy(() -> StatusPath.parse("{.a..b}")).hasMessageContaining("unsupported field step");
        assertThatThrownBy(() -> StatusPath.parse("{.a[?(@.x)]}")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void preservedStateSurvivesASecondFailoverBeforeTheWorkloadReportsAgain() {
        StatePreservation p = rules("jobid", "{.jobStatus.jobId}", "chk", "{.jobStatus.checkpointInfo.lastCheckpoint.id}");

        Map<String, String> first = p.preserve(STATUS, Map.of());
        // The workload restarted on member2 and failed again before it reported a job id (karmada#6232).
        Map<String, String> second = p.preserve("{\"jobStatus\":{\"state\":\"INITIALIZING\"}}", first);

        assertThat(second).containsExactly(entry("chk", "90071992547409931"), entry("jobid", "a1b2"));
    }

    @Test
    void newValuesWinOverPreservedOnes() {
        Map<String, String> merged = rules("jobid", "{.jobStatus.jobId}")
                .preserve(STATUS, Map.of("jobid", "old", "kept", "x"));
        assertThat(merged).containsExactly(entry("jobid", "a1b2"), entry("kept", "x"));
    }
}
