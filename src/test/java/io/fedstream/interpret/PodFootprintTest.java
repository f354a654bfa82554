package io.fedstream.interpret;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link PodFootprint} sums in place exactly what the footprint computed with immutable
 * {@link Resources} (plus and max per step) gives, and overflows at the same container.
 */
class PodFootprintTest {

    private static final String[] NAMES = {"cpu", "memory", "ephemeral-storage", "nvidia.com/gpu", "hugepages-2Mi"};
    private static final long[] AMOUNTS = {0, 1, 500, 1L << 30, Long.MAX_VALUE / 2, Long.MAX_VALUE / 2 + 1, Long.MAX_VALUE};

    @Test
    void matchesTheImmutableFootprintOnRandomPods() {
        Random random = new Random(42);
        int overflows = 0;
        for (int pod = 0; pod < 20_000; pod++) {
            ImmutableFootprint expected = new ImmutableFootprint();
            PodFootprint actual = new PodFootprint();
            int steps = 1 + random.nextInt(6);
            String outcome = null;
            for (int step = 0; step < steps && outcome == null; step++) {
                Resources listed = randomResources(random);
                Resources defaults = random.nextBoolean() ? Resources.NONE : randomResources(random);
                int kind = random.nextInt(3);
                String wanted = outcome(() -> expected.add(kind, defaults.with(listed)));
                String got = outcome(() -> add(actual, kind, listed, defaults));
                assertThat(got).as("pod %d step %d", pod, step).isEqualTo(wanted);
                outcome = wanted;
            }
            if (outcome == null) {
                String wanted = outcome(() -> expected.pod().amounts().toString());
                assertThat(outcome(() -> actual.pod().amounts().toString())).as("pod %d", pod).isEqualTo(wanted);
                if (!"overflow".equals(wanted)) {
                    assertThat(actual.pod()).isEqualTo(expected.pod());
                }
                outcome = wanted;
            }
            if ("overflow".equals(outcome)) {
                overflows++;
            }
        }
        assertThat(overflows).as("overflows exercised").isGreaterThan(1000);
    }

    @Test
    void overflowsWhereTheSumOfSidecarAndInitContainerDoes() {
        PodFootprint footprint = new PodFootprint();
        footprint.sidecar(Resources.of(Map.of("cpu", Long.MAX_VALUE - 1)), Resources.NONE);
        footprint.init(Resources.of(Map.of("cpu", 1L)), Resources.NONE);
        assertThatThrownBy(() -> footprint.init(Resources.of(Map.of("memory", 1L)), Resources.of(Map.of("cpu", 2L))))
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void aRequestDefaultsToTheLimitOnlyWhereNoneIsListed() {
        PodFootprint footprint = new PodFootprint();
        footprint.container(Resources.of(Map.of("cpu", 100L)), Resources.of(Map.of("cpu", 500L, "memory", 64L)));
        assertThat(footprint.pod()).isEqualTo(Resources.of(Map.of("cpu", 100L, "memory", 64L)));
    }

    private static Resources randomResources(Random random) {
        Map<String, Long> amounts = new TreeMap<>();
        int count = random.nextInt(4);
        for (int i = 0; i < count; i++) {
            amounts.put(NAMES[random.nextInt(NAMES.length)], AMOUNTS[random.nextInt(AMOUNTS.length)]);
        }
        return Resources.of(amounts);
    }

    private static String outcome(ThrowingStep step) {
        try {
            return step.run();
        } catch (ArithmeticException e) {
            return "overflow";
        }
    }

    private interface ThrowingStep {
        String run();
    }

    /** The footprint as PodRequests computed it before, one immutable Resources per step. */
    private static final class ImmutableFootprint {

        private Resources app = Resources.NONE;
        private Resources sidecars = Resources.NONE;
        private Resources initPeak = Resources.NONE;

        String add(int kind, Resources resources) {
            switch (kind) {
                case 0 -> app = app.plus(resources);
                case 1 -> sidecars = sidecars.plus(resources);
                default -> initPeak = initPeak.max(resources.plus(sidecars));
            }
            return null;
        }

        Resources pod() {
            return app.plus(sidecars).max(initPeak);
        }
    }

    private static String add(PodFootprint footprint, int kind, Resources listed, Resources defaults) {
        switch (kind) {
            case 0 -> footprint.container(listed, defaults);
            case 1 -> footprint.sidecar(listed, defaults);
            default -> footprint.init(listed, defaults);
        }
        return null;
    }
}
