package io.fedstream.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.record.TimestampType;

/**
 * Round A: the exactly-once pass-through app in a fresh JVM, with a fresh application id, state directory and output
 * topic, copies every workload record; its steady rate is the most this broker and machine allow.
 */
final class PassThroughRound {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration POLL = Duration.ofMillis(200);

    private final BenchEnvironment environment;
    private final BenchSettings settings;
    private final String workloadsTopic;
    private final int partitions;
    private final long commitIntervalMs;

    PassThroughRound(BenchEnvironment environment, BenchSettings settings, String workloadsTopic, int partitions,
            long commitIntervalMs) {
        this.environment = environment;
        this.settings = settings;
        this.workloadsTopic = workloadsTopic;
        this.partitions = partitions;
        this.commitIntervalMs = commitIntervalMs;
    }

    Result run(int round) throws InterruptedException {
        String name = "A" + round;
        // Not under fedstream's prefix bench.rN., whose topics a fedstream round counts.
        String output = "bench.pass-through.r" + round;
        environment.createTopics(List.of(BenchEnvironment.timedTopic(output, partitions, Map.of())));
        Path dir = environment.workDir().resolve("round-" + name);
        Completions copied = new Completions(settings.workloads());
        try (ChildJvm app = ChildJvm.start("pass-through", settings.jvmOptions(), PassThroughApp.class.getName(),
                        List.of(environment.bootstrapServers(), workloadsTopic, output, "bench-pass-through-r" + round,
                                dir.resolve("state").toString(), Long.toString(commitIntervalMs)),
                        dir.resolve("pass-through.log"), List.of(PassThroughApp.RUNNING));
                KafkaConsumer<byte[], byte[]> consumer = environment.readFromStart(List.of(output))) {
            RoundWatch watch = new RoundWatch(name, app, settings.roundTimeout(), settings.stallTimeout());
            long runningAt = app.awaitLine(PassThroughApp.RUNNING, START_TIMEOUT).atMillis();
            CpuUse atRunning = CpuUse.sample(app, environment.broker());
            ThreadCpuWatch threads = ThreadCpuWatch.of(app.pid());
            while (!copied.isComplete()) {
                threads.sample();
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                    requireAppendTime(record);
                    copied.add(record.timestamp());
                }
                watch.check(copied.count(), copied.count() + " of " + settings.workloads() + " records copied");
            }
            threads.sample();
            CpuUse cpu = CpuUse.sample(app, environment.broker()).since(atRunning, threads.used());
            ChildJvm.ResidentMemory memory = app.memory();
            return new Result(name, copied.steadyRate(EndToEndBench.STEADY_FROM, EndToEndBench.STEADY_TO),
                    (runningAt - app.launchedAtMillis()) / 1000.0, atRunning.appMillis(), (copied.first() - app.launchedAtMillis()) / 1000.0,
                    (copied.last() - app.launchedAtMillis()) / 1000.0, memory, cpu);
        }
    }

    static void requireAppendTime(ConsumerRecord<?, ?> record) {
        if (record.timestampType() != TimestampType.LOG_APPEND_TIME) {
            throw new IllegalStateException("topic " + record.topic() + " must carry the broker's append time"
                    + " (message.timestamp.type=LogAppendTime), found " + record.timestampType()
                    + "; did a --set name an existing topic?");
        }
    }

    /**
     * @param recordsPerSecond steady-state copies per second (10%-90% of the records); empty when too few to measure
     * @param runningSeconds from launching the JVM to every task running
     * @param startCpuMillis the CPU time the app's JVM used from its launch to running (-1 when unknown)
     * @param firstOutputSeconds from launching the JVM to the first record copied (the broker's append time)
     * @param doneSeconds from launching the JVM to the last record copied
     * @param cpu what the app and the broker used from running until the last copy was seen
     */
    record Result(String round, OptionalDouble recordsPerSecond, double runningSeconds, long startCpuMillis, double firstOutputSeconds,
            double doneSeconds, ChildJvm.ResidentMemory memory, CpuUse cpu) {}
}
