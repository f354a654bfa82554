package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The JVM options fedstream ships with make an OutOfMemoryError the end of the process, not a state it lives on in. */
class ShippedJvmOptionsTest {

    /** Fills the heap and, were it to survive the error, says so and exits 0. */
    public static final class FillsTheHeap {
        public static void main(String[] args) {
            List<long[]> held = new ArrayList<>();
            try {
                while (true) {
                    held.add(new long[1 << 16]);
                }
            } catch (OutOfMemoryError e) {
                held.clear();
                System.out.println("survived: " + e);
            }
        }
    }

    @Test
    void anOutOfMemoryErrorEndsTheProcessWithItsReasonOnStandardError() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + Path.of("src", "main", "resources", "fedstream-jvm.options"), "-Xmx32m",
                "-cp", System.getProperty("java.class.path"), FillsTheHeap.class.getName());
        Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the process ended").isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(out + err).isEqualTo(3);
        assertThat(err).contains("Terminating due to java.lang.OutOfMemoryError");
        assertThat(out).doesNotContain("survived");
    }
}
