package io.fedstream.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.place.ClusterTaint;
import io.fedstream.place.ClusterTaint.Effect;
import io.fedstream.place.Toleration;
import io.fedstream.place.Toleration.Operator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Karmada's taint-manager timing, with the default toleration only for the not-ready and unreachable taints. */
class TaintEvictionTest {

    private static final Instant T0 = Instant.parse("2026-11-29T10:00:00Z");
    private static final TaintEviction EVICTION = new TaintEviction(Duration.ofMinutes(5));
    private static final TaintEviction.Carried UNREACHABLE = carried("cluster.karmada.io/unreachable", null, Effect.NoExecute, T0);

    private static TaintEviction.Carried carried(String key, String value, Effect effect, Instant added) {
        return new TaintEviction.Carried(new ClusterTaint(key, value, effect), added);
    }

    private static Toleration toleration(String key, Operator operator, String value, Effect effect, Long seconds) {
        return new Toleration(key, operator, value, effect, seconds);
    }

    @Test
    void aMatchingTolerationWithSecondsEndsThatLongAfterTheTaintWasAdded() {
        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE),
                List.of(toleration("cluster.karmada.io/unreachable", Operator.Exists, null, Effect.NoExecute, 60L))))
                .contains(T0.plusSeconds(60));
    }

    @Test
    void aMatchingTolerationWithoutSecondsToleratesForever() {
        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE),
                List.of(toleration("cluster.karmada.io/unreachable", Operator.Exists, null, Effect.NoExecute, null)))).isEmpty();
    }

    @Test
    void aTaintNoTolerationToleratesEndsAfterTheDefaultToleration() {
        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE),
                List.of(toleration("cluster.karmada.io/not-ready", Operator.Exists, null, Effect.NoExecute, 60L))))
                .contains(T0.plusSeconds(300));
        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE), List.of())).contains(T0.plusSeconds(300));
    }

    @Test
    void anUntoleratedNoExecuteTaintOfTheUserEvictsAtOnceAsKarmadasTaintManagerDoes() {
        TaintEviction.Carried maintenance = carried("maintenance", null, Effect.NoExecute, T0.plusSeconds(7));

        assertThat(EVICTION.evictionTime(List.of(maintenance), List.of())).contains(T0.plusSeconds(7));
        assertThat(EVICTION.evictionTime(List.of(maintenance),
                List.of(toleration("cluster.karmada.io/unreachable", Operator.Exists, null, Effect.NoExecute, 600L))))
                .contains(T0.plusSeconds(7));
        assertThat(EVICTION.evictionTime(List.of(carried("cluster.karmada.io/not-ready", null, Effect.NoExecute, T0)), List.of()))
                .as("the default toleration stays for fedstream's not-ready and unreachable taints").contains(T0.plusSeconds(300));
    }

    @Test
    void onlyNoExecuteTaintsCount() {
        assertThat(EVICTION.evictionTime(List.of(carried("gpu", null, Effect.NoSchedule, T0),
                carried("spot", null, Effect.PreferNoSchedule, T0)), List.of())).isEmpty();
    }

    @Test
    void theEarliestEndOverEveryNoExecuteTaintDecides() {
        TaintEviction.Carried maintenance = carried("maintenance", null, Effect.NoExecute, T0.plusSeconds(100));
        List<Toleration> tolerations = List.of(
                toleration("cluster.karmada.io/unreachable", Operator.Exists, null, Effect.NoExecute, 120L),
                toleration("maintenance", Operator.Exists, null, Effect.NoExecute, 30L));

        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE, maintenance), tolerations)).contains(T0.plusSeconds(120));
        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE, carried("maintenance", null, Effect.NoExecute, T0.plusSeconds(60))), tolerations))
                .contains(T0.plusSeconds(90));
    }

    @Test
    void aTaintToleratedForeverDoesNotShieldAnotherThatIsNot() {
        TaintEviction.Carried maintenance = carried("maintenance", null, Effect.NoExecute, T0);
        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE, maintenance),
                List.of(toleration("maintenance", Operator.Exists, null, Effect.NoExecute, null))))
                .as("unreachable is tolerated by nothing: the default").contains(T0.plusSeconds(300));
    }

    @Test
    void aUsedTolerationsSecondsCountAgainstEveryTaintItToleratesAsInGetMinTolerationTime() {
        // maintenance is tolerated first by the forever toleration, but the 30 s one (used for drain) tolerates it too.
        TaintEviction.Carried maintenance = carried("maintenance", null, Effect.NoExecute, T0);
        TaintEviction.Carried drain = carried("drain", null, Effect.NoExecute, T0.plusSeconds(50));
        assertThat(EVICTION.evictionTime(List.of(maintenance, drain), List.of(
                toleration("maintenance", Operator.Exists, null, Effect.NoExecute, null),
                toleration("", Operator.Exists, null, Effect.NoExecute, 30L))))
                .contains(T0.plusSeconds(30));
    }

    @Test
    void tolerationMatchingFollowsKubernetes() {
        TaintEviction.Carried dedicated = carried("dedicated", "ml", Effect.NoExecute, T0);
        assertThat(EVICTION.evictionTime(List.of(dedicated), List.of(toleration("dedicated", Operator.Equal, "ml", Effect.NoExecute, 10L))))
                .as("Equal with the same value").contains(T0.plusSeconds(10));
        assertThat(EVICTION.evictionTime(List.of(dedicated), List.of(toleration("dedicated", Operator.Equal, "web", Effect.NoExecute, 10L))))
                .as("Equal with another value does not match: at once").contains(T0);
        assertThat(EVICTION.evictionTime(List.of(dedicated), List.of(toleration("dedicated", Operator.Exists, null, null, 10L))))
                .as("Exists ignores the value, an empty effect matches every effect").contains(T0.plusSeconds(10));
        assertThat(EVICTION.evictionTime(List.of(dedicated), List.of(toleration("", Operator.Exists, null, null, 20L))))
                .as("an empty key with Exists matches every taint").contains(T0.plusSeconds(20));
        assertThat(EVICTION.evictionTime(List.of(dedicated), List.of(toleration("dedicated", Operator.Exists, null, Effect.NoSchedule, 10L))))
                .as("another effect does not match: at once").contains(T0);
    }

    @Test
    void zeroSecondsEndsAtTheTimeAdded() {
        assertThat(EVICTION.evictionTime(List.of(UNREACHABLE),
                List.of(toleration("cluster.karmada.io/unreachable", Operator.Exists, null, Effect.NoExecute, 0L)))).contains(T0);
    }

    @Test
    void aNegativeDefaultIsRefused() {
        assertThatThrownBy(() -> new TaintEviction(Duration.ofSeconds(-1)))
                .hasMessage("defaultToleration must not be negative (value: PT-1S)");
    }
}
