package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeartbeatLagTest {

    private static Heartbeats.SentBeat beat(String cluster, long at) {
        return new Heartbeats.SentBeat(cluster, at);
    }

    @Test
    void aBeatIsProcessedWhenARecordFirstShowsItOrALaterBeatOfItsCluster() {
        HeartbeatLag lag = new HeartbeatLag();
        lag.recorded("member1", 1_000, 1_200);
        // member1's beat of 2,000 ms never shows on its own: the record of the 3,000 ms beat proves it processed.
        lag.recorded("member1", 3_000, 5_500);
        lag.recorded("member2", 1_000, 1_050);
        // Another cluster's record says nothing about member2's beat of 2,000 ms.
        List<Heartbeats.SentBeat> sent = List.of(beat("member1", 1_000), beat("member2", 1_000),
                beat("member1", 2_000), beat("member2", 2_000), beat("member1", 3_000));

        HeartbeatLag.Result result = lag.of(sent, 0, 10_000, 9_000);

        // member2's 2,000 ms beat was never seen: at least 9,000 - 2,000.
        assertThat(result).isEqualTo(new HeartbeatLag.Result(5, 7_000, 1));
    }

    @Test
    void onlyBeatsSentInTheWindowCount() {
        HeartbeatLag lag = new HeartbeatLag();
        lag.recorded("member1", 1_000, 20_000);
        lag.recorded("member1", 5_000, 5_300);

        HeartbeatLag.Result result = lag.of(List.of(beat("member1", 1_000), beat("member1", 5_000)), 4_000, 6_000, 30_000);

        assertThat(result).isEqualTo(new HeartbeatLag.Result(1, 300, 0));
    }
}
