package io.fedstream.bench;

import io.fedstream.config.FedstreamConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Java process the benchmark starts on its own class path, so that what it measures (the broker apart, fedstream's
 * memory alone) is one process each: its output goes to a log file, lines it waits for are timed, and its memory is
 * read from {@code /proc}.
 */
final class ChildJvm implements AutoCloseable {

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(60);
    private static final int TAIL_LINES = 40;
    /**
     * One space of the heap, {@code garbage-first heap   total 262144K, used 123456K [...]}, or one generation of the
     * parallel or serial collector ({@code PSYoungGen      total 76288K, ...}, {@code ParOldGen       total ...}).
     */
    private static final Pattern HEAP_TOTAL = Pattern.compile("\\stotal (\\d+)K");

    private final String name;
    private final Process process;
    private final long launchedAtMillis;
    private final Path log;
    private final List<String> watched;
    private final Map<String, SeenLine> firstSeen = new ConcurrentHashMap<>();
    private final Deque<String> tail = new ArrayDeque<>();
    private final Thread pump;
    private final Thread stopOnExit;

    private ChildJvm(String name, Process process, long launchedAtMillis, Path log, List<String> watched) {
        this.name = name;
        this.process = process;
        this.launchedAtMillis = launchedAtMillis;
        this.log = log;
        this.watched = watched;
        this.pump = new Thread(this::pumpOutput, "bench-" + name + "-output");
        pump.setDaemon(true);
        pump.start();
        // A child outlives its parent unless told: Ctrl-C on the bench must not leave a broker or fedstream running.
        this.stopOnExit = new Thread(process::destroy, "bench-" + name + "-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /**
     * Starts {@code mainClass} with {@code args} in a new JVM (this JVM's {@code java} and class path), its standard
     * output and error going to {@code log}; {@code watched} are texts whose first appearance in a line is timed.
     */
    static ChildJvm start(String name, List<String> jvmOptions, String mainClass, List<String> args, Path log,
            List<String> watched) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        try {
            Files.createDirectories(log.getParent());
            long launchedAt = System.currentTimeMillis();
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            // The bench passes fedstream's settings explicitly; FEDSTREAM_* variables of the caller's shell must not change them.
            builder.environment().keySet().removeIf(variable -> variable.startsWith(FedstreamConfig.ENV_PREFIX));
            Process process = builder.start();
            return new ChildJvm(name, process, launchedAt, log, List.copyOf(watched));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the " + name + " JVM (" + String.join(" ", command) + ")", e);
        }
    }

    String name() {
        return name;
    }

    long pid() {
        return process.pid();
    }

    /** Wall-clock time (epoch ms) just before the process was started. */
    long launchedAtMillis() {
        return launchedAtMillis;
    }

    Path log() {
        return log;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /**
     * Waits until a line containing {@code prefix} (one of the watched ones) appeared and returns it; fails
     * when the process exits or the timeout passes first.
     */
    SeenLine awaitLine(String prefix, Duration timeout) throws InterruptedException {
        if (!watched.contains(prefix)) {
            throw new IllegalArgumentException(prefix + " is not watched");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            SeenLine seen = firstSeen.get(prefix);
            if (seen != null) {
                return seen;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException("the " + name + " JVM exited (code " + process.exitValue() + ") before printing \""
                        + prefix + "\"; last output:\n" + tail());
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the " + name + " JVM did not print \"" + prefix + "\" within " + timeout.toSeconds()
                        + " s; last output:\n" + tail());
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** The CPU time the process used so far (all its threads, user and system), in milliseconds; -1 when the OS does not tell. */
    long cpuMillis() {
        return process.info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
    }

    /** VmRSS and VmHWM (peak) of the process, from {@code /proc/<pid>/status}, and its committed heap. */
    ResidentMemory memory() {
        Path status = Path.of("/proc", Long.toString(process.pid()), "status");
        try {
            long rss = -1;
            long peak = -1;
            for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    rss = kibibytes(line);
                } else if (line.startsWith("VmHWM:")) {
                    peak = kibibytes(line);
                }
            }
            if (rss < 0 || peak < 0) {
                throw new IllegalStateException(status + " has no VmRSS or VmHWM line");
            }
            return new ResidentMemory(rss * 1024, peak * 1024, heapCommittedBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the memory of the " + name + " JVM from " + status
                    + " (the benchmark measures RSS on Linux only)", e);
        }
    }

    /** The committed Java heap, as {@code jcmd <pid> GC.heap_info} reports it; -1 when there is no jcmd or no answer. */
    private long heapCommittedBytes() throws IOException {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (!Files.isExecutable(jcmd)) {
            return -1;
        }
        Process info = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "GC.heap_info").redirectErrorStream(true).start();
        String text = new String(info.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Matcher total = HEAP_TOTAL.matcher(text);
        long kibibytes = 0;
        boolean found = false;
        while (total.find()) {
            kibibytes += Long.parseLong(total.group(1));
            found = true;
        }
        return found ? kibibytes * 1024 : -1;
    }

    private static long kibibytes(String line) {
        String[] parts = line.trim().split("\\s+");
        return Long.parseLong(parts[1]);
    }

    /** The last lines the process printed. */
    String tail() {
        synchronized (tail) {
            return String.join("\n", tail);
        }
    }

    private void pumpOutput() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                out.write(line);
                out.write('\n');
                out.flush();
                for (String prefix : watched) {
                    // contains, not startsWith: `run` prints its status as log events, behind a time stamp and logger.
                    if (line.contains(prefix)) {
                        firstSeen.putIfAbsent(prefix, new SeenLine(line, System.currentTimeMillis()));
                    }
                }
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
            }
        } catch (IOException e) {
            // The process is gone or the log cannot be written; the tail says what was seen.
        }
    }

    /** Asks the process to stop (SIGTERM: its shutdown hooks close Kafka Streams cleanly), then kills it if it hangs. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shuttingDown) {
            // The hook is running or about to: it stops the process too.
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            pump.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A line the process printed and when it did (epoch ms). */
    record SeenLine(String line, long atMillis) {}

    /** Resident set size now and at its peak, and the committed Java heap (-1: unknown), in bytes. */
    record ResidentMemory(long rssBytes, long peakBytes, long heapCommittedBytes) {}
}
