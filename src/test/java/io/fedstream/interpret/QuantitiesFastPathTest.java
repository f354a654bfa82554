package io.fedstream.interpret;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fast path of {@link Quantities#toUnits(String, String)} agrees with the BigDecimal path on every input it takes. */
class QuantitiesFastPathTest {

    private static final List<String> RESOURCES = List.of("cpu", "memory", "ephemeral-storage", "hugepages-2Mi", "nvidia.com/gpu");
    private static final List<String> SUFFIXES = List.of("", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei",
            "e3", "E2", "i", "mi", "K", "g", " m", "m ", ".5", ".", "0");
    private static final List<String> NUMBERS = List.of("0", "1", "2", "7", "007", "100", "128", "999", "1000", "1001", "1500", "123456789",
            "9223372036854775", "922337203685477", "9223372036854775807", "99999999999999999", "999999999999999999",
            "1000000000000000000", "12345678901234567890", "+5", "-5", "", " 1", "1.5", "0.1");

    @Test
    void fastPathMatchesTheExactPathOrStepsAside() {
        List<String> taken = new ArrayList<>();
        for (String resource : RESOURCES) {
            for (String number : NUMBERS) {
                for (String suffix : SUFFIXES) {
                    String text = number + suffix;
                    long fast = Quantities.commonUnits(resource, text);
                    if (fast < 0) {
                        continue;
                    }
                    taken.add(text);
                    assertThat(fast).as("%s %s", resource, text).isEqualTo(Quantities.exactUnits(resource, text));
                }
            }
        }
        assertThat(taken).contains("100m", "1500m", "2Gi", "128Mi", "0", "1k", "2", "999999999999999999");
    }

    @Test
    void roundsMilliBytesUp() {
        assertThat(Quantities.toUnits("memory", "1500m")).isEqualTo(2);
        assertThat(Quantities.toUnits("memory", "1000m")).isEqualTo(1);
        assertThat(Quantities.toUnits("cpu", "1500m")).isEqualTo(1500);
        assertThat(Quantities.toUnits("cpu", "2")).isEqualTo(2000);
        assertThat(Quantities.toUnits("memory", "2Gi")).isEqualTo(2L << 30);
    }

    @Test
    void overflowStillFailsAsBefore() {
        assertThatThrownBy(() -> Quantities.toUnits("cpu", "99999999999999999T")).isInstanceOf(ArithmeticException.class);
        assertThatThrownBy(() -> Quantities.toUnits("memory", "2048 m")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Quantities.toUnits("memory", (String) null)).isInstanceOf(IllegalArgumentException.class);
    }
}
