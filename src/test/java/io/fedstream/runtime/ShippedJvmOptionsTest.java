package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM options fedstream ships with make an OutOfMemoryError the end of the process, not a state it lives on in, and
 * keep the JVM's own messages off standard output, which is fedstream's log.
 */
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

    /** Prints one line: what a JVM that ignored a class-data sharing archive it could not use still does. */
    public static final class SaysHello {
        public static void main(String[] args) {
            System.out.println("hello");
        }
    }

    @Test
    void aClassDataSharingArchiveMadeForAnotherJarIsRefusedOnStandardErrorAndTheJvmStartsWithoutIt(@TempDir Path dir)
            throws Exception {
        Path jar = dir.resolve("app.jar");
        Path archive = dir.resolve("app.jsa");
        writeJar(jar, List.of());
        Process dump = start(List.of("-XX:ArchiveClassesAtExit=" + archive, "-cp", jar.toString(), SaysHello.class.getName()));
        assertThat(dump.waitFor(60, TimeUnit.SECONDS)).as("the archive was written").isTrue();
        assertThat(archive).exists();
        // A rebuilt jar at the same path: the archive no longer fits it.
        writeJar(jar, List.of("rebuilt.txt"));

        Process process = start(List.of("@" + Path.of("src", "main", "resources", "fedstream-jvm.options"),
                "-XX:SharedArchiveFile=" + archive, "-cp", jar.toString(), SaysHello.class.getName()));

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("the process ended").isTrue();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.exitValue()).as(out + err).isZero();
        assertThat(out).isEqualTo("hello" + System.lineSeparator());
        assertThat(err).contains("Unable to use shared archive");
    }

    private static Process start(List<String> options) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(options);
        return new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
    }

    /** A jar of {@link SaysHello}, and of an empty file per name in {@code extra}. */
    private static void writeJar(Path jar, List<String> extra) throws IOException {
        String entry = SaysHello.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                InputStream classFile = SaysHello.class.getResourceAsStream("/" + entry)) {
            out.putNextEntry(new JarEntry(entry));
            classFile.transferTo(out);
            for (String name : extra) {
                out.putNextEntry(new JarEntry(name));
            }
        }
    }
}
