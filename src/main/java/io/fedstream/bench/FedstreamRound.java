package io.fedstream.bench;

import io.fedstream.Fedstream;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.cli.Main;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.FedstreamTopic;
import io.fedstream.config.Topics;
import io.fedstream.health.stage.WatchClustersStage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.streams.StreamsConfig;

/**
 * Round B: {@code fedstream run} in a fresh JVM, with a fresh application id, state directory and output topics,
 * over the same workload records while the clusters heart-beat. It counts a workload when its binding is decided
 * (placed, rejected by its quota, or not chargeable), and watches the health client's record of each cluster (for the
 * heartbeats' lag), cluster states and migrations.
 */
final class FedstreamRound {

    /** What {@code fedstream run} prints once every task runs. */
    static final String RUNNING = "fedstream is running";
    /** The demo's short cluster-watch thresholds: a heartbeat processed 3 s late makes a healthy cluster SUSPECT. */
    static final Map<String, String> HEALTH = Map.of(
            FedstreamConfig.HEALTH_FAILURE_THRESHOLD_MS, "3000",
            FedstreamConfig.HEALTH_TOLERATION_MS, "6000",
            FedstreamConfig.HEALTH_SUCCESS_THRESHOLD_MS, "3000",
            FedstreamConfig.HEALTH_CHECK_INTERVAL_MS, "500");

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration POLL = Duration.ofMillis(200);
    /** After the last decision, how long heartbeats sent before it may still take to show as processed. */
    private static final Duration HEARTBEAT_GRACE = Duration.ofSeconds(5);

    private final BenchEnvironment environment;
    private final BenchSettings settings;
    private final Heartbeats heartbeats;

    FedstreamRound(BenchEnvironment environment, BenchSettings settings, Heartbeats heartbeats) {
        this.environment = environment;
        this.settings = settings;
        this.heartbeats = heartbeats;
    }

    /**
     * fedstream's settings for round {@code round}: the bench's (broker, registry, fresh application id, state
     * directory and output topics, short health thresholds), then the user's.
     */
    Map<String, String> configFor(int round) {
        return configFor(environment, applicationId(round), "round-B" + round, topicPrefix(round), keepingEveryRecord(HEALTH),
                settings.fedstreamSettings());
    }

    /**
     * {@code keys} and one more: Kafka Streams deletes what its tasks consumed from repartition topics every 30 s by
     * default; a round counts every record written, so nothing is deleted (a DeleteRecords request, not work of the
     * stages, is all that saves).
     */
    static Map<String, String> keepingEveryRecord(Map<String, String> keys) {
        Map<String, String> out = new LinkedHashMap<>(keys);
        out.put(FedstreamConfig.STREAMS_PREFIX + StreamsConfig.REPARTITION_PURGE_INTERVAL_MS_CONFIG, Long.toString(Long.MAX_VALUE));
        return out;
    }

    private static String applicationId(int round) {
        return "bench-fedstream-r" + round;
    }

    private static String topicPrefix(int round) {
        return "bench.r" + round;
    }

    /**
     * fedstream's settings for a run of the bench: the broker and registry of {@code environment}, application id
     * {@code applicationId}, a state directory under the round's directory {@code roundDir}, every output topic named
     * {@code topicPrefix.<default name without fedstream.>}, no HTTP port, the {@code benchKeys} (health thresholds, ...), then {@code user}'s.
     */
    static Map<String, String> configFor(BenchEnvironment environment, String applicationId, String roundDir, String topicPrefix,
            Map<String, String> benchKeys, Map<String, String> user) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, environment.bootstrapServers());
        config.put(FedstreamConfig.SCHEMA_REGISTRY_URL, environment.registryUrl());
        config.put(FedstreamConfig.APPLICATION_ID, applicationId);
        config.put(FedstreamConfig.STATE_DIR, environment.workDir().resolve(roundDir).resolve("state").toString());
        config.put(FedstreamConfig.HTTP_PORT, "0");
        config.putAll(benchKeys);
        roundTopicKeys().forEach((key, defaultName) -> config.put(key, topicPrefix + "." + defaultName.replaceFirst("^fedstream\\.", "")));
        config.putAll(user);
        return config;
    }

    /** Every topic key but the two inputs all rounds share (workloads, policies), with its default name. */
    static Map<String, String> roundTopicKeys() {
        Map<String, String> keys = new LinkedHashMap<>();
        for (ConfigDef.ConfigKey key : FedstreamConfig.configDef().configKeys().values()) {
            if (key.name.startsWith("topic.") && key.type == ConfigDef.Type.STRING
                    && !key.name.equals(FedstreamTopic.WORKLOADS.configKey()) && !key.name.equals(FedstreamTopic.POLICIES.configKey())) {
                keys.put(key.name, (String) key.defaultValue);
            }
        }
        return keys;
    }

    Result run(int round) throws InterruptedException {
        String name = "B" + round;
        Map<String, String> settingsOfRound = configFor(round);
        FedstreamConfig config = FedstreamConfig.of(settingsOfRound);
        Topics topics = Fedstream.create(config, environment.registry()).topics();
        int partitions = config.topicPartitions();
        String watchedClusters = watchedClustersTopic(config);
        environment.createTopics(List.of(
                BenchEnvironment.timedTopic(topics.clusterHealth().name(), partitions, Map.of()),
                // fedstream reads its own bindings topic and keeps the event time of each workload on what it derives
                // from a binding; append times there would change what it does, so decisions are timed on arrival.
                new NewTopic(topics.bindings().name(), partitions, (short) 1),
                BenchEnvironment.timedTopic(topics.clusterViews().name(), partitions, Map.of("cleanup.policy", "compact")),
                // The health client's own store, one partition (its watch task's): created here so that its records
                // carry the broker's append time, as the views do.
                BenchEnvironment.timedTopic(watchedClusters, 1, Map.of("cleanup.policy", "compact")),
                // Created here, not by fedstream, so that the bench reads them from the start.
                new NewTopic(topics.clusterState().name(), partitions, (short) 1),
                new NewTopic(topics.migrations().name(), partitions, (short) 1)));
        heartbeats.target(topics.clusterHealth().name());

        List<String> args = new ArrayList<>(List.of("run"));
        settingsOfRound.forEach((key, value) -> args.addAll(List.of("--set", key + "=" + value)));
        Path dir = environment.workDir().resolve("round-" + name);
        Observations seen = new Observations(topics, watchedClusters, settings.workloads());
        try (ChildJvm app = ChildJvm.start("fedstream", settings.fedstreamJvmOptions(), Main.class.getName(), args,
                        dir.resolve("fedstream.log"), List.of(RUNNING));
                KafkaConsumer<byte[], byte[]> consumer = environment.readFromStart(List.of(topics.bindings().name(),
                        watchedClusters, topics.clusterState().name(), topics.migrations().name()))) {
            RoundWatch watch = new RoundWatch(name, app, settings.roundTimeout(), settings.stallTimeout());
            long runningAt = app.awaitLine(RUNNING, START_TIMEOUT).atMillis();
            CpuUse atRunning = CpuUse.sample(app, environment.broker());
            ThreadCpuWatch threads = ThreadCpuWatch.of(app.pid());
            CpuUse cpu = null;
            long graceEnd = Long.MAX_VALUE;
            long observedUntil = 0;
            while (System.currentTimeMillis() < graceEnd) {
                ConsumerRecords<byte[], byte[]> polled = consumer.poll(POLL);
                threads.sample();
                observedUntil = System.currentTimeMillis();
                for (ConsumerRecord<byte[], byte[]> record : polled) {
                    seen.record(record, observedUntil);
                }
                Completions completions = seen.decisions.completions();
                if (completions.isComplete()) {
                    if (cpu == null) {
                        // Before the grace for the last heartbeats, in which the app idles.
                        cpu = CpuUse.sample(app, environment.broker()).since(atRunning, threads.used());
                    }
                    graceEnd = Math.min(graceEnd, observedUntil + HEARTBEAT_GRACE.toMillis());
                    if (seen.lag.of(heartbeats.sent(), runningAt, completions.last(), observedUntil).unprocessed() == 0) {
                        break;
                    }
                } else {
                    watch.check(seen.records, completions.count() + " of " + settings.workloads()
                            + " workloads decided (seen so far: " + seen.decisions.undecided() + " more bound but undecided, "
                            + seen.suspects + " SUSPECT transitions, " + seen.migrations + " migration commands)");
                }
            }
            ChildJvm.ResidentMemory memory = app.memory();
            WrittenRecords written = written(environment, applicationId(round), topicPrefix(round), topics);
            Decisions decisions = seen.decisions;
            Completions completions = decisions.completions();
            return new Result(name,
                    completions.steadyRate(EndToEndBench.STEADY_FROM, EndToEndBench.STEADY_TO),
                    completions.spanMillis(EndToEndBench.STEADY_FROM, EndToEndBench.STEADY_TO) / 1000.0,
                    (runningAt - app.launchedAtMillis()) / 1000.0, atRunning.appMillis(),
                    (decisions.firstPlaced() - app.launchedAtMillis()) / 1000.0,
                    (completions.last() - app.launchedAtMillis()) / 1000.0,
                    decisions.placed(), decisions.rejected(), decisions.notChargeable(),
                    seen.lag.of(heartbeats.sent(), runningAt, completions.last(), observedUntil),
                    seen.suspects, seen.migrations, memory, written, cpu);
        }
    }

    /**
     * The changelog of the health client's {@link WatchClustersStage#STORE}: it holds each cluster's watch as the
     * heartbeat that changed it was processed, whereas the cluster views carry a change of capacity alone at most once
     * per {@code health.capacity.update.interval.ms}.
     */
    static String watchedClustersTopic(FedstreamConfig config) {
        return config.healthApplicationId() + "-" + WatchClustersStage.STORE + "-changelog";
    }

    /** What fedstream wrote so far in a round of {@code applicationId} and {@code topicPrefix}. */
    static WrittenRecords written(BenchEnvironment environment, String applicationId, String topicPrefix, Topics topics) {
        // Heartbeats are the bench's input, not fedstream's writes.
        return environment.countRecords(List.of(applicationId + "-", topicPrefix + "."), topics.clusterHealth().name());
    }

    /** What a round reads from fedstream's outputs: decisions, watched heartbeats, SUSPECT transitions, migration commands. */
    private static final class Observations {

        private final Topics topics;
        private final String watchedClusters;
        private final Decisions decisions;
        private final HeartbeatLag lag = new HeartbeatLag();
        private long records;
        private int suspects;
        private int migrations;

        Observations(Topics topics, String watchedClusters, int workloads) {
            this.topics = topics;
            this.watchedClusters = watchedClusters;
            this.decisions = new Decisions(workloads);
        }

        /** A record read at {@code receivedAt}. */
        void record(ConsumerRecord<byte[], byte[]> record, long receivedAt) {
            records++;
            if (record.value() == null) {
                return;
            }
            String topic = record.topic();
            if (topic.equals(topics.bindings().name())) {
                decisions.offer(topics.bindings().valueSerde().deserializer().deserialize(topic, record.value()), receivedAt);
            } else if (topic.equals(watchedClusters)) {
                PassThroughRound.requireAppendTime(record);
                ClusterWatch watch = topics.clusterViews().valueSerde().deserializer().deserialize(topic, record.value());
                if (watch.getLastHeartbeatAt() != null) {
                    lag.recorded(watch.getCluster(), watch.getLastHeartbeatAt().toEpochMilli(), record.timestamp());
                }
            } else if (topic.equals(topics.clusterState().name())) {
                ClusterStateEvent transition = topics.clusterState().valueSerde().deserializer().deserialize(topic, record.value());
                suspects += transition.getState() == ClusterState.SUSPECT ? 1 : 0;
            } else {
                migrations++;
            }
        }
    }

    /** The first decision of each workload from its bindings, in arrival order. */
    static final class Decisions {

        private final Completions completions;
        private final Set<String> decided = new HashSet<>();
        private final Set<String> undecided = new HashSet<>();
        private long firstPlaced = Long.MAX_VALUE;
        private int placed;
        private int rejected;
        private int notChargeable;

        Decisions(int expected) {
            this.completions = new Completions(expected);
        }

        /** A binding written at {@code atMillis}: counts when it is the workload's first decided one. */
        void offer(ResourceBinding binding, long atMillis) {
            String key = binding.getWorkloadKey();
            if (decided.contains(key)) {
                return;
            }
            boolean isPlaced = binding.getPlacement() != null && !binding.getPlacement().getClusters().isEmpty();
            boolean isRejected = binding.getAdmission().getState() == AdmissionState.REJECTED;
            boolean isNotChargeable = binding.getAdmission().getState() == AdmissionState.NOT_APPLICABLE
                    || binding.getInterpretation().getState() != InterpretationState.INTERPRETED;
            if (!isPlaced && !isRejected && !isNotChargeable) {
                undecided.add(key);
                return;
            }
            undecided.remove(key);
            decided.add(key);
            completions.add(atMillis);
            if (isPlaced) {
                placed++;
                firstPlaced = Math.min(firstPlaced, atMillis);
            } else if (isRejected) {
                rejected++;
            } else {
                notChargeable++;
            }
        }

        Completions completions() {
            return completions;
        }

        /** Workloads whose bindings so far are all undecided (e.g. admitted, not yet placed). */
        int undecided() {
            return undecided.size();
        }

        long firstPlaced() {
            if (placed == 0) {
                throw new IllegalStateException("no workload was placed: check the propagation policies and the clusters' capacity");
            }
            return firstPlaced;
        }

        int placed() {
            return placed;
        }

        int rejected() {
            return rejected;
        }

        int notChargeable() {
            return notChargeable;
        }
    }

    /**
     * @param workloadsPerSecond steady-state decisions per second (10%-90% of the workloads); empty when too few to measure
     * @param steadySeconds how long the 10%-90% window lasted
     * @param runningSeconds from launching the JVM to {@value #RUNNING}
     * @param startCpuMillis the CPU time fedstream's JVM used from its launch to {@value #RUNNING} (-1 when unknown)
     * @param firstPlacedSeconds from launching the JVM to the first placed binding
     * @param doneSeconds from launching the JVM to the last decision
     * @param cpu what fedstream and the broker used from running until the last decision was seen
     */
    record Result(String round, OptionalDouble workloadsPerSecond, double steadySeconds, double runningSeconds, long startCpuMillis,
            double firstPlacedSeconds,
            double doneSeconds, int placed, int rejected, int notChargeable, HeartbeatLag.Result heartbeatLag,
            int suspectTransitions, int migrationCommands, ChildJvm.ResidentMemory memory, WrittenRecords written, CpuUse cpu) {}
}
