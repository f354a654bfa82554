package io.fedstream.admit;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.interpret.Resources;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DividedShareTest {

    private static Resources cpu(long milli) {
        return Resources.of(Map.of("cpu", milli));
    }

    @Test
    void aComponentWhoseCountTheOverrideLeavesAloneRunsItsShareWithTheOverriddenPerPodRequests() {
        Demand share = DividedShare.of(List.of(new DividedShare.Component(6, 6, cpu(2000), null)), new long[] {4, 2}, 1);

        assertThat(share.requests()).isEqualTo(cpu(4000));
        assertThat(share.pods()).isEqualTo(2);
    }

    @Test
    void anOverriddenCountDecidesTheClustersReplicasWhateverItsShare() {
        Demand share = DividedShare.of(List.of(new DividedShare.Component(6, 1, cpu(1000), cpu(3000))), new long[] {4, 2}, 0);

        assertThat(share.requests()).isEqualTo(cpu(1000));
        assertThat(share.limits()).isEqualTo(cpu(3000));
        assertThat(share.pods()).isEqualTo(1);
    }

    @Test
    void eachComponentIsSplitByTheSharesAndAMissingShareSplitsEvenly() {
        List<DividedShare.Component> components = List.of(
                new DividedShare.Component(1, 1, cpu(1000), null), new DividedShare.Component(4, 4, cpu(500), null));

        assertThat(DividedShare.of(components, new long[] {3, 1}, 0).pods()).as("1 of 1 and 3 of 4").isEqualTo(4);
        assertThat(DividedShare.of(components, new long[] {-1, 1}, 1).requests()).as("0 of 1 and 2 of 4").isEqualTo(cpu(1000));
    }

    @Test
    void aShareListedPerComponentIsChargedItsOwnPodsAndAnOverriddenCountStillDecides() {
        List<DividedShare.Component> components = List.of(
                new DividedShare.Component(1, 1, cpu(4000), null), new DividedShare.Component(3, 3, cpu(1000), cpu(2000)));

        Demand share = DividedShare.of(components, new long[] {1, 1});
        assertThat(share.requests()).as("the master's 4 cpu and one worker's 1, not 2/4 of 7").isEqualTo(cpu(5000));
        assertThat(share.limits()).isEqualTo(cpu(2000));
        assertThat(share.pods()).isEqualTo(2);

        List<DividedShare.Component> overridden = List.of(
                new DividedShare.Component(1, 1, cpu(4000), null), new DividedShare.Component(3, 2, cpu(1000), null));
        assertThat(DividedShare.of(overridden, new long[] {0, 1}).pods()).as("the override's 2 workers").isEqualTo(2);
    }
}
