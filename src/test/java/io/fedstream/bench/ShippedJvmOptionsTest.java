package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShippedJvmOptionsTest {

    @Test
    void anArgumentFileLosesItsCommentsAndBlankLines() {
        assertThat(ShippedJvmOptions.parse("# the heap\n-Xmx224m\n\n  -XX:+UseParallelGC   # the collector\n#-Xss1m\n"))
                .containsExactly("-Xmx224m", "-XX:+UseParallelGC");
    }

    @Test
    void theShippedOptionsBoundTheHeapAndComeBeforeTheCallersSoTheCallersWin() {
        List<String> shipped = ShippedJvmOptions.read();
        assertThat(shipped).anyMatch(option -> option.startsWith("-Xmx"));

        List<String> options = ShippedJvmOptions.followedBy(List.of("-Xmx1g"));
        assertThat(options).startsWith(shipped.toArray(String[]::new)).endsWith("-Xmx1g");
    }
}
