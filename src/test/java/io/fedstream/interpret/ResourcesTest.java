package io.fedstream.interpret;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class ResourcesTest {

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource({
        "cpu, 2000, 2",
        "cpu, 1500, 1500m",
        "cpu, 1, 1m",
        "cpu, 0, 0",
        "nvidia.com/gpu, 3000, 3",
        "memory, 4294967296, 4Gi",
        "memory, 1610612736, 1536Mi",
        "memory, 1024, 1Ki",
        "memory, 1000, 1k",
        "memory, 3000000, 3M",
        "memory, 1536, 1536",
        "memory, 1002, 1002",
        "ephemeral-storage, 5000000000, 5G",
        "hugepages-2Mi, 1073741824, 1Gi",
        "limits.memory, 2048, 2Ki",
        "limits.cpu, 500, 500m",
    })
    void canonicalQuantities(String name, long amount, String expected) {
        Resources r = Resources.of(Map.of(name, amount));
        assertThat(r.toQuantities()).containsExactly(entry(Resources.normalizeName(name), expected));
        assertThat(Resources.fromQuantities(r.toQuantities())).isEqualTo(r);
    }

    @Test
    void largestSuffixesAndLimits() {
        assertThat(Resources.of(Map.of("storage", 1L << 60)).toQuantities()).containsExactly(entry("storage", "1Ei"));
        assertThat(Resources.of(Map.of("memory", 7L << 60)).toQuantities()).containsExactly(entry("memory", "7Ei"));
        assertThat(Resources.of(Map.of("memory", 1_000_000_000_000_000_000L)).toQuantities()).containsExactly(entry("memory", "976562500000000Ki")); // 10^18 = 2^18 x 5^18: binary suffixes come first
        assertThat(Resources.of(Map.of("memory", Long.MAX_VALUE)).toQuantities()).containsExactly(entry("memory", "9223372036854775807"));
        assertThat(Resources.of(Map.of("cpu", Long.MAX_VALUE)).toQuantities()).containsExactly(entry("cpu", "9223372036854775807m"));
        for (long v : new long[] {1L << 60, 7L << 60, Long.MAX_VALUE, Long.MAX_VALUE - 999}) {
            Resources r = Resources.of(Map.of("memory", v, "cpu", v));
            assertThat(Resources.fromQuantities(r.toQuantities())).isEqualTo(r);
        }
    }

    @Test
    void roundTripsRandomAmounts() {
        SplittableRandom random = new SplittableRandom(20261129);
        List<String> names = List.of("cpu", "memory", "ephemeral-storage", "hugepages-1Gi", "nvidia.com/gpu", "pods", "limits.memory");
        for (int i = 0; i < 20_000; i++) {
            Map<String, Long> amounts = new HashMap<>();
            for (String name : names) {
                long amount = switch (random.nextInt(4)) {
                    case 0 -> random.nextLong(0, Long.MAX_VALUE);
                    case 1 -> random.nextLong(0, 1L << 20) << random.nextInt(0, 43);
                    case 2 -> random.nextLong(0, 1_000_000) * 1000L;
                    default -> random.nextLong(0, 10_000);
                };
                amounts.put(name, amount);
            }
            Resources r = Resources.of(amounts);
            assertThat(Resources.fromQuantities(r.toQuantities())).as("%s", r.toQuantities()).isEqualTo(r);
        }
    }

    @Test
    void arithmeticIsExactPerResource() {
        Resources a = Resources.of(Map.of("cpu", 1500L, "memory", 1L << 30));
        Resources b = Resources.of(Map.of("cpu", 500L, "nvidia.com/gpu", 1000L));
        assertThat(a.plus(b).amounts()).containsExactly(entry("cpu", 2000L), entry("memory", 1L << 30), entry("nvidia.com/gpu", 1000L));
        assertThat(a.times(3).amounts()).containsExactly(entry("cpu", 4500L), entry("memory", 3L << 30));
        assertThat(a.max(b).amounts()).containsExactly(entry("cpu", 1500L), entry("memory", 1L << 30), entry("nvidia.com/gpu", 1000L));
        assertThat(Resources.NONE.plus(a)).isEqualTo(a);
    }

    /** Random pairs, often naming the same resources (the shared-names path), against a map model. */
    @Test
    void sumMaxAndReplaceMatchAMapModel() {
        SplittableRandom random = new SplittableRandom(7);
        List<String> names = List.of("cpu", "memory", "nvidia.com/gpu", "ephemeral-storage");
        for (int i = 0; i < 10_000; i++) {
            Map<String, Long> a = new HashMap<>();
            Map<String, Long> b = new HashMap<>();
            for (String name : names) {
                boolean inA = random.nextInt(3) > 0;
                if (inA) {
                    a.put(new String(name), random.nextLong(-5, 1_000_000));
                }
                if (random.nextBoolean() ? inA : random.nextBoolean()) {
                    b.put(new String(name), random.nextLong(-5, 1_000_000));
                }
            }
            Resources ra = Resources.of(a);
            Resources rb = Resources.of(b);
            Map<String, Long> sum = new HashMap<>(a);
            b.forEach((k, v) -> sum.merge(k, v, Long::sum));
            Map<String, Long> max = new HashMap<>();
            a.forEach((k, v) -> max.put(k, Math.max(v, b.getOrDefault(k, 0L))));
            b.forEach((k, v) -> max.put(k, Math.max(v, a.getOrDefault(k, 0L))));
            Map<String, Long> replaced = new HashMap<>(a);
            replaced.putAll(b);
            assertThat(ra.plus(rb).amounts()).as("%s + %s", a, b).isEqualTo(sum);
            assertThat(ra.max(rb).amounts()).as("max(%s, %s)", a, b).isEqualTo(max);
            assertThat(ra.with(rb).amounts()).as("%s with %s", a, b).isEqualTo(replaced);
        }
    }

    @Test
    void readsWithoutAMapAsTheMapShowsThem() {
        Resources r = Resources.of(Map.of("memory", 0L, "cpu", 1500L, "pods", 2000L));
        Map<String, Long> visited = new java.util.LinkedHashMap<>();
        r.forEach(visited::put);
        assertThat(visited).containsExactly(entry("cpu", 1500L), entry("memory", 0L), entry("pods", 2000L));
        assertThat(r.has("memory")).isTrue();
        assertThat(r.has("nvidia.com/gpu")).isFalse();
        assertThat(r.withoutZeros().amounts()).containsExactly(entry("cpu", 1500L), entry("pods", 2000L));
        Resources noZero = Resources.of(Map.of("cpu", 1L));
        assertThat(noZero.withoutZeros()).isSameAs(noZero);
        assertThat(Resources.of(Map.of("cpu", 0L)).withoutZeros()).isSameAs(Resources.NONE);
    }

    @Test
    void overflowThrowsInsteadOfWrapping() {
        Resources big = Resources.of(Map.of("memory", Long.MAX_VALUE / 2 + 1));
        assertThatThrownBy(() -> big.times(2)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> big.plus(big)).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Resources.fromQuantities(Map.of("memory", "8Ei"))).isInstanceOf(ArithmeticException.class);
    }

    @Test
    void namesAreNormalisedAndClassified() {
        assertThat(Resources.normalizeName("requests.cpu")).isEqualTo("cpu");
        assertThat(Resources.normalizeName("limits.cpu")).isEqualTo("limits.cpu");
        assertThat(Resources.normalizeName("nvidia.com/gpu")).isEqualTo("nvidia.com/gpu");
        assertThat(Resources.of(Map.of("requests.memory", 1L, "memory", 2L)).amounts()).containsExactly(entry("memory", 3L));
        assertThat(List.of("memory", "storage", "ephemeral-storage", "hugepages-2Mi", "requests.memory", "limits.ephemeral-storage"))
                .allMatch(Resources::isByteResource);
        assertThat(List.of("cpu", "nvidia.com/gpu", "pods", "limits.cpu")).noneMatch(Resources::isByteResource);
    }

    @Test
    void quantitiesParseStrictlyAndRoundUp() {
        assertThat(Quantities.toUnits("cpu", "0.0001")).isEqualTo(1);
        assertThat(Quantities.toUnits("cpu", "1e3")).isEqualTo(1_000_000);
        assertThat(Quantities.toUnits("memory", "1.5")).isEqualTo(2);
        assertThat(Quantities.toUnits("memory", "129e6")).isEqualTo(129_000_000);
        assertThat(Quantities.toUnits("memory", "1.5Gi")).isEqualTo(1_610_612_736);
        assertThat(Quantities.toUnits("cpu", "+.5")).isEqualTo(500);
        for (String bad : List.of("lots", "2048 m", " 1", "1 ", "1K", "2Gib", "1e", "1.2.3", "m", "", "1_000", "0x10", "1e3Gi", "1e999")) {
            assertThatThrownBy(() -> Quantities.toUnits("memory", bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> Quantities.toUnits("cpu", "-1")).hasMessage("must not be negative");
    }
}
