package io.fedstream.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Follows the CPU time of a process's JIT compiler and garbage collector threads, from each thread's
 * {@code /proc/<pid>/task/<tid>/stat}, sampled as often as the caller asks: the JVM starts and ends compiler and GC
 * threads as the load changes, so a thread's time is kept from its last sample after it ended.
 */
final class ThreadCpuWatch {

    /** Linux counts thread CPU in clock ticks of USER_HZ, 100 a second on every architecture the JDK runs on. */
    private static final long MILLIS_PER_TICK = 10;

    private final Path tasks;
    /** Ticks of the threads that ran when the watch began; threads started later began at 0. */
    private final Map<String, Long> atStart = new HashMap<>();
    private final Map<String, Long> jitTicks = new HashMap<>();
    private final Map<String, Long> gcTicks = new HashMap<>();
    private boolean readable = true;

    /** Watches the threads of process {@code pid}, from now. */
    static ThreadCpuWatch of(long pid) {
        return new ThreadCpuWatch(Path.of("/proc", Long.toString(pid), "task"));
    }

    /** Watches the threads listed in {@code tasks}, laid out as {@code /proc/<pid>/task}. */
    ThreadCpuWatch(Path tasks) {
        this.tasks = tasks;
        sample();
        atStart.putAll(jitTicks);
        atStart.putAll(gcTicks);
    }

    /** Reads every thread's time now. */
    void sample() {
        if (!readable) {
            return;
        }
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                String stat;
                try {
                    stat = Files.readString(thread.resolve("stat"), StandardCharsets.US_ASCII);
                } catch (IOException ended) {
                    continue;
                }
                String tid = thread.getFileName().toString();
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                    jitTicks.put(tid, ticks(stat));
                } else if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
                    gcTicks.put(tid, ticks(stat));
                }
            }
        } catch (IOException | DirectoryIteratorException | UncheckedIOException e) {
            // No /proc (not Linux) or the process ended: what was read so far stands, nothing more is read.
            readable = false;
        }
    }

    /** What the threads used from the watch's start to its last sample; {@link ThreadCpu#UNKNOWN} without {@code /proc}. */
    ThreadCpu used() {
        if (jitTicks.isEmpty()) {
            return ThreadCpu.UNKNOWN;
        }
        return new ThreadCpu(since(jitTicks) * MILLIS_PER_TICK, since(gcTicks) * MILLIS_PER_TICK);
    }

    private long since(Map<String, Long> ticks) {
        long sum = 0;
        for (Map.Entry<String, Long> thread : ticks.entrySet()) {
            sum += thread.getValue() - atStart.getOrDefault(thread.getKey(), 0L);
        }
        return sum;
    }

    /** utime + stime: fields 14 and 15 of the stat line, the 12th and 13th after the name. */
    private static long ticks(String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(after[11]) + Long.parseLong(after[12]);
    }
}
