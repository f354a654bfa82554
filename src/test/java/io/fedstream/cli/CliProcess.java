package io.fedstream.cli;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * {@code fedstream} as people start it, in a JVM of its own with the options it ships with (as its Docker image
 * starts it): its console (standard output and error, kept apart) is what a user sees, log routing included. Uses
 * {@code target/fedstream.jar} when the build made it (as {@code mvn verify} does before integration tests), else the
 * test's classpath without the test classes.
 */
final class CliProcess implements AutoCloseable {

    /** A line a logger printed: a timestamp, or a level among the first words, or SLF4J's and logback's own notices. */
    static final Pattern LOGGER_LINE = Pattern.compile(
            "^(\\S*\\d{2}:\\d{2}:\\d{2}[.,]\\d{3}|SLF4J|LOGBACK|\\S*\\|-|(\\S+ ){0,3}\\[?(TRACE|DEBUG|INFO|WARN|WARNING|ERROR)\\]? )");

    private static final Path JAR = Path.of("target", "fedstream.jar");
    private static final Path SHIPPED_JVM_OPTIONS = Path.of("src", "main", "resources", "fedstream-jvm.options");

    private final Process process;
    private final Path out;
    private final Path err;

    private CliProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    static CliProcess start(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + SHIPPED_JVM_OPTIONS, "-Dorg.apache.avro.SERIALIZABLE_PACKAGES=" + System.getProperty("org.apache.avro.SERIALIZABLE_PACKAGES")));
        if (Files.isRegularFile(JAR)) {
            command.addAll(List.of("-jar", JAR.toString()));
        } else {
            command.addAll(List.of("-cp", applicationClasspath(), Main.class.getName()));
        }
        command.addAll(Arrays.asList(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Path err = Files.createTempFile(dir, "stderr", ".txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new CliProcess(process, out, err);
    }

    private static String applicationClasspath() {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(classpath.split(File.pathSeparator))
                .filter(entry -> !entry.endsWith("test-classes") && !entry.endsWith("test-classes" + File.separator))
                .reduce((a, b) -> a + File.pathSeparator + b).orElseThrow();
    }

    /** Waits for the exit, killing the process after the timeout; returns the exit code. */
    int await(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("fedstream did not exit within " + timeout + "; stdout:\n" + out() + "\nstderr:\n" + err());
        }
        return process.exitValue();
    }

    /** Polls standard output until a line matches, failing after the timeout or when the process exits first. */
    String awaitLine(Predicate<String> wanted, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String line = out().lines().filter(wanted).findFirst().orElse(null);
            if (line != null) {
                return line;
            }
            if (!process.isAlive()) {
                throw new AssertionError("fedstream exited (" + process.exitValue() + ") before the line; stdout:\n" + out()
                        + "\nstderr:\n" + err());
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no such line within " + timeout + "; stdout:\n" + out() + "\nstderr:\n" + err());
    }

    /** Asks the process to stop as Ctrl-C would (SIGTERM runs the shutdown hooks). */
    void interrupt() {
        process.destroy();
    }

    String out() {
        return read(out);
    }

    String err() {
        return read(err);
    }

    /** The log file the command announced on standard error ({@code logs: PATH}), if it did. */
    Path announcedLogFile() {
        return err().lines().filter(line -> line.startsWith("logs: ")).map(line -> Path.of(line.substring("logs: ".length())))
                .findFirst().orElseThrow(() -> new AssertionError("no `logs: PATH` line on stderr:\n" + err()));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
