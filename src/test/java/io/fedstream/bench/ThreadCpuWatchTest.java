package io.fedstream.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadCpuWatchTest {

    @TempDir
    Path tasks;

    @Test
    void countsCompilerAndCollectorThreadsFromTheStartKeepingThoseThatEndedAndCountingNewOnesFromZero() throws IOException {
        thread(11, "C2 CompilerThre", 100, 50);
        thread(12, "C1 CompilerThre", 10, 0);
        thread(13, "GC Thread#0", 30, 10);
        thread(14, "kafka-producer-network-thread | a (b)", 900, 90);
        ThreadCpuWatch watch = new ThreadCpuWatch(tasks);

        thread(11, "C2 CompilerThre", 160, 60);
        thread(15, "C2 CompilerThre", 5, 0);
        thread(13, "GC Thread#0", 35, 10);
        thread(16, "VM Thread", 2, 1);
        watch.sample();
        // The second C2 thread ends; its last sampled time stays counted.
        delete(15);
        thread(11, "C2 CompilerThre", 170, 60);
        watch.sample();

        // JIT: (170+60 - 150) + 5 = 85 ticks; GC: (35+10 - 40) + 3 = 8 ticks; 10 ms a tick.
        assertThat(watch.used()).isEqualTo(new ThreadCpu(850, 80));
    }

    @Test
    void withoutAProcDirectoryTheSplitIsUnknown() {
        ThreadCpuWatch watch = new ThreadCpuWatch(tasks.resolve("absent"));
        watch.sample();

        assertThat(watch.used().known()).isFalse();
    }

    @Test
    void readsThisJvmsCompilerThreads() {
        assertThat(ThreadCpuWatch.of(ProcessHandle.current().pid()).used().known()).isTrue();
    }

    /** A stat line as Linux writes it: pid, (name), state, then fields 4 to 13, utime and stime. */
    private void thread(int tid, String name, long utime, long stime) throws IOException {
        Path dir = Files.createDirectories(tasks.resolve(Integer.toString(tid)));
        Files.writeString(dir.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 4194368 100 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 30 0 100 0 0\n");
    }

    private void delete(int tid) throws IOException {
        try (Stream<Path> files = Files.walk(tasks.resolve(Integer.toString(tid)))) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
