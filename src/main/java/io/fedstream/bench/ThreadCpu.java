package io.fedstream.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time a process's JIT compiler threads and garbage collector threads used so far, from each thread's
 * {@code /proc/<pid>/task/<tid>/stat}: how much of a fresh JVM's CPU goes to warming up rather than to the work.
 *
 * @param jitMillis the C1 and C2 compiler threads
 * @param gcMillis the garbage collector's threads and the VM thread that runs its pauses
 */
record ThreadCpu(long jitMillis, long gcMillis) {

    static final ThreadCpu UNKNOWN = new ThreadCpu(-1, -1);
    /** Linux counts thread CPU in clock ticks of USER_HZ, 100 a second on every architecture the JDK runs on. */
    private static final long MILLIS_PER_TICK = 10;

    /** Of the process {@code pid} now; {@link #UNKNOWN} where there is no {@code /proc}. */
    static ThreadCpu of(long pid) {
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        long jitTicks = 0;
        long gcTicks = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                String stat;
                try {
                    stat = Files.readString(thread.resolve("stat"), StandardCharsets.US_ASCII);
                } catch (IOException ended) {
                    continue;
                }
                String name = name(stat);
                if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                    jitTicks += ticks(stat);
                } else if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
                    gcTicks += ticks(stat);
                }
            }
        } catch (IOException e) {
            return UNKNOWN;
        }
        return new ThreadCpu(jitTicks * MILLIS_PER_TICK, gcTicks * MILLIS_PER_TICK);
    }

    ThreadCpu since(ThreadCpu start) {
        if (jitMillis < 0 || start.jitMillis < 0) {
            return UNKNOWN;
        }
        return new ThreadCpu(jitMillis - start.jitMillis, gcMillis - start.gcMillis);
    }

    boolean known() {
        return jitMillis >= 0;
    }

    /** The thread's name: between the first '(' and the last ')' of its stat line, which may hold either. */
    private static String name(String stat) {
        return stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    }

    /** utime + stime: fields 14 and 15 of the stat line, the 12th and 13th after the name. */
    private static long ticks(String stat) {
        String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(after[11]) + Long.parseLong(after[12]);
    }
}
