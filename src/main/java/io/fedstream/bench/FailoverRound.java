package io.fedstream.bench;

import io.fedstream.Fedstream;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterStateEvent;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.cli.Main;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.health.HealthSettings;
import io.fedstream.interpret.Resources;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;

/**
 * One scenario of {@code fedstream bench failover}: {@code fedstream run} in a fresh JVM places every workload while
 * the clusters heart-beat, then some clusters go silent; it reads what follows from fedstream's cluster-state and
 * migrations topics (both on the broker's append time): the transitions, the migration brake, the commands.
 */
final class FailoverRound {

    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    /** After the last expected command, how long to keep reading for duplicates. */
    private static final Duration DUPLICATE_GRACE = Duration.ofSeconds(5);
    /** How long the brake scenario keeps its clusters silent, in failure thresholds plus tolerations. */
    static final int BRAKE_WATCH_MULTIPLE = 3;

    private final BenchEnvironment environment;
    private final FailoverBenchSettings settings;
    private final Heartbeats heartbeats;
    private final Map<String, Long> allocatableCpu;

    /** {@code allocatable}: what each cluster heart-beats as allocatable. */
    FailoverRound(BenchEnvironment environment, FailoverBenchSettings settings, Heartbeats heartbeats,
            Map<String, Map<String, String>> allocatable) {
        this.environment = environment;
        this.settings = settings;
        this.heartbeats = heartbeats;
        this.allocatableCpu = new LinkedHashMap<>();
        allocatable.forEach((cluster, amounts) -> allocatableCpu.put(cluster, Resources.fromQuantities(amounts).get("cpu")));
    }

    /**
     * fedstream's settings for scenario {@code name}: the bench's (its short health thresholds, the toleration of the
     * settings), then the user's.
     */
    Map<String, String> configFor(String name) {
        Map<String, String> health = new LinkedHashMap<>(FedstreamRound.HEALTH);
        health.put(FedstreamConfig.HEALTH_TOLERATION_MS, Long.toString(settings.tolerationMs()));
        return FedstreamRound.configFor(environment, applicationId(name), "round-" + name, topicPrefix(name),
                FedstreamRound.keepingEveryRecord(health), settings.fedstreamSettings());
    }

    private static String applicationId(String name) {
        return "bench-failover-" + name.toLowerCase(Locale.ROOT);
    }

    private static String topicPrefix(String name) {
        return "bench.failover." + name.toLowerCase(Locale.ROOT);
    }

    /**
     * Runs scenario {@code name}: places every workload, silences {@code silent} together, and watches. With one
     * silent cluster it waits for a command for each of its workloads (and {@link #DUPLICATE_GRACE} more); with
     * several it keeps them silent {@value #BRAKE_WATCH_MULTIPLE} times the failure threshold plus toleration, and at
     * least that long after the last of them is FAILED.
     */
    Result run(String name, List<String> silent) throws InterruptedException {
        Map<String, String> config = configFor(name);
        FedstreamConfig parsed = FedstreamConfig.of(config);
        HealthSettings health = parsed.healthSettings();
        Topics topics = Fedstream.create(parsed, environment.registry()).topics();
        int partitions = parsed.topicPartitions();
        environment.createTopics(List.of(
                BenchEnvironment.timedTopic(topics.clusterHealth().name(), partitions, Map.of()),
                // fedstream reads its bindings topic and stamps what it derives with a binding's time: keep CreateTime.
                new NewTopic(topics.bindings().name(), partitions, (short) 1),
                // Read by nobody but the bench (and the CLI): append times here time the failover.
                BenchEnvironment.timedTopic(topics.clusterState().name(), partitions, Map.of()),
                BenchEnvironment.timedTopic(topics.migrations().name(), partitions, Map.of())));
        heartbeats.target(topics.clusterHealth().name());

        List<String> args = new ArrayList<>(List.of("run"));
        config.forEach((key, value) -> args.addAll(List.of("--set", key + "=" + value)));
        Path dir = environment.workDir().resolve("round-" + name);
        Observations seen = new Observations(topics, settings.workloads(), silent);
        try (ChildJvm app = ChildJvm.start("fedstream", settings.fedstreamJvmOptions(), Main.class.getName(), args,
                        dir.resolve("fedstream.log"), List.of(FedstreamRound.RUNNING));
                KafkaConsumer<byte[], byte[]> consumer = environment.readFromStart(List.of(topics.bindings().name(),
                        topics.clusterState().name(), topics.migrations().name()))) {
            RoundWatch watch = new RoundWatch(name, app, settings.placeTimeout(), settings.stallTimeout());
            long runningAt = app.awaitLine(FedstreamRound.RUNNING, START_TIMEOUT).atMillis();
            while (!seen.allDecided()) {
                seen.poll(consumer);
                watch.check(seen.records, seen.placements.size() + " of " + settings.workloads() + " workloads placed ("
                        + seen.rejected + " rejected or not chargeable, " + seen.suspectsBefore + " SUSPECT transitions)");
            }
            if (seen.rejected > 0) {
                throw new RoundWatch.RoundFailedException(name + " failed: " + seen.rejected + " of " + settings.workloads()
                        + " workloads were rejected or not chargeable; the failover bench needs every one placed (log: " + app.log() + ")");
            }
            long placedAt = System.currentTimeMillis();
            Map<String, String> placements = Map.copyOf(seen.placements);
            Map<String, Long> freeCpu = freeCpu(placements, seen.cpu, silent);
            WrittenRecords beforeFailure = FedstreamRound.written(environment, applicationId(name), topicPrefix(name), topics);
            heartbeats.silence(silent);
            long silentFrom = lastBeat(silent);
            seen.failureStarted();
            CpuUse atSilence = CpuUse.sample(app, environment.broker());
            ThreadCpuWatch threads = ThreadCpuWatch.of(app.pid());
            CpuUse failureCpu = null;

            long window = health.failureThreshold().plus(health.toleration()).toMillis();
            long failedDeadline = silentFrom + window + settings.failoverTimeout().toMillis();
            FailoverBurst burst = silent.size() == 1 ? new FailoverBurst(silent.get(0), placements, freeCpu) : null;
            long end = Long.MAX_VALUE;
            while (System.currentTimeMillis() < end) {
                seen.poll(consumer);
                seen.commands.forEach(command -> {
                    if (burst != null) {
                        burst.command(command.workload(), command.target(), command.appendedAt());
                    }
                });
                seen.commands.clear();
                threads.sample();
                long now = System.currentTimeMillis();
                if (!app.isAlive()) {
                    throw new RoundWatch.RoundFailedException(name + " failed: the fedstream JVM exited during the failure (log: "
                            + app.log() + "); last output:\n" + app.tail());
                }
                if (seen.failedAt.size() < silent.size()) {
                    if (now > failedDeadline) {
                        break;
                    }
                } else if (burst != null) {
                    if (burst.complete()) {
                        if (failureCpu == null) {
                            failureCpu = CpuUse.sample(app, environment.broker()).since(atSilence, threads.used());
                        }
                        end = Math.min(end, now + DUPLICATE_GRACE.toMillis());
                    } else if (now > failedDeadline) {
                        break;
                    }
                } else {
                    long lastFailed = seen.failedAt.values().stream().mapToLong(Long::longValue).max().orElseThrow();
                    end = Math.max(silentFrom + BRAKE_WATCH_MULTIPLE * window, lastFailed + BRAKE_WATCH_MULTIPLE * window);
                }
            }
            long watchedUntil = System.currentTimeMillis();
            WrittenRecords failureWrites = FedstreamRound.written(environment, applicationId(name), topicPrefix(name), topics).since(beforeFailure);
            Long failedAt = burst == null ? null : seen.failedAt.get(silent.get(0));
            return new Result(name, silent, (runningAt - app.launchedAtMillis()) / 1000.0, (placedAt - app.launchedAtMillis()) / 1000.0,
                    countBy(placements), freeCpu, silentFrom, Map.copyOf(seen.suspectAt), Map.copyOf(seen.failedAt),
                    seen.brakeAt, seen.brakeText, seen.suspectsBefore, seen.otherTransitions, seen.migrationsBefore,
                    seen.migrations, seen.purges, burst == null || failedAt == null ? null : burst.result(failedAt),
                    health.failureThreshold().toMillis(), health.toleration().toMillis(), watchedUntil - silentFrom, failureWrites,
                    failureCpu);
        }
    }

    /** Each survivor's allocatable cpu less the cpu of the workloads placed on it (milli-cores). */
    private Map<String, Long> freeCpu(Map<String, String> placements, Map<String, Long> cpu, List<String> silent) {
        Map<String, Long> free = new LinkedHashMap<>();
        allocatableCpu.forEach((cluster, allocatable) -> {
            if (!silent.contains(cluster)) {
                free.put(cluster, allocatable);
            }
        });
        placements.forEach((workload, cluster) -> free.computeIfPresent(cluster, (c, room) -> room - cpu.getOrDefault(workload, 0L)));
        return free;
    }

    private Map<String, Integer> countBy(Map<String, String> placements) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        allocatableCpu.keySet().forEach(cluster -> counts.put(cluster, 0));
        placements.values().forEach(cluster -> counts.merge(cluster, 1, Integer::sum));
        return counts;
    }

    /** The send time of the latest beat of {@code clusters}: from then on they are silent. */
    private long lastBeat(List<String> clusters) {
        return heartbeats.sent().stream().filter(beat -> clusters.contains(beat.cluster()))
                .mapToLong(Heartbeats.SentBeat::atMillis).max()
                .orElseThrow(() -> new IllegalStateException("clusters " + clusters + " never heart-beat"));
    }

    /** What a scenario reads from fedstream's outputs, before and after the clusters go silent. */
    private static final class Observations {

        private final Topics topics;
        private final int workloads;
        private final List<String> silent;
        private final Map<String, String> placements = new HashMap<>();
        private final Map<String, Long> cpu = new HashMap<>();
        private final Set<String> decided = new HashSet<>();
        private final List<Command> commands = new ArrayList<>();
        private final Map<String, Long> suspectAt = new LinkedHashMap<>();
        private final Map<String, Long> failedAt = new LinkedHashMap<>();
        private long records;
        private int rejected;
        private int suspectsBefore;
        private int migrationsBefore;
        private int otherTransitions;
        private int migrations;
        private int purges;
        private Long brakeAt;
        private String brakeText;
        private boolean failing;

        Observations(Topics topics, int workloads, List<String> silent) {
            this.topics = topics;
            this.workloads = workloads;
            this.silent = silent;
        }

        boolean allDecided() {
            return decided.size() == workloads;
        }

        void failureStarted() {
            failing = true;
        }

        void poll(KafkaConsumer<byte[], byte[]> consumer) {
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(POLL)) {
                records++;
                if (record.value() != null) {
                    take(record);
                }
            }
        }

        private void take(ConsumerRecord<byte[], byte[]> record) {
            String topic = record.topic();
            if (topic.equals(topics.bindings().name())) {
                if (!failing) {
                    binding(topics.bindings().valueSerde().deserializer().deserialize(topic, record.value()));
                }
            } else if (topic.equals(topics.clusterState().name())) {
                PassThroughRound.requireAppendTime(record);
                transition(topics.clusterState().valueSerde().deserializer().deserialize(topic, record.value()), record.timestamp());
            } else {
                PassThroughRound.requireAppendTime(record);
                MigrationCommand command = topics.migrations().valueSerde().deserializer().deserialize(topic, record.value());
                if (!failing) {
                    migrationsBefore++;
                } else if (command.getAction() == MigrationAction.PURGE) {
                    purges++;
                } else {
                    migrations++;
                    commands.add(new Command(command.getWorkloadKey(), command.getTargetCluster(), record.timestamp()));
                }
            }
        }

        private void binding(ResourceBinding binding) {
            String key = binding.getWorkloadKey();
            if (binding.getPlacement() != null && !binding.getPlacement().getClusters().isEmpty()) {
                placements.put(key, binding.getPlacement().getClusters().get(0).getName());
                cpu.put(key, Resources.fromQuantities(binding.getTotal()).get("cpu"));
                decided.add(key);
            } else if (binding.getAdmission().getState() == AdmissionState.REJECTED
                    || binding.getAdmission().getState() == AdmissionState.NOT_APPLICABLE
                    || binding.getInterpretation().getState() != InterpretationState.INTERPRETED) {
                if (decided.add(key)) {
                    rejected++;
                }
            }
        }

        private void transition(ClusterStateEvent transition, long appendedAt) {
            String cluster = transition.getCluster();
            if (!failing) {
                suspectsBefore += transition.getState() == ClusterState.SUSPECT ? 1 : 0;
                return;
            }
            if (!silent.contains(cluster)) {
                otherTransitions++;
            } else if (transition.getState() == ClusterState.SUSPECT) {
                suspectAt.putIfAbsent(cluster, appendedAt);
            } else if (transition.getState() == ClusterState.FAILED) {
                failedAt.putIfAbsent(cluster, appendedAt);
            }
            if (transition.getBrake() != null && brakeAt == null) {
                brakeAt = appendedAt;
                brakeText = transition.getBrake().getReason() + ": " + transition.getBrake().getMessage();
            }
        }
    }

    private record Command(String workload, String target, long appendedAt) {}

    /**
     * @param placedByCluster workloads per cluster when the clusters went silent
     * @param freeCpu each survivor's free cpu then (milli-cores)
     * @param silentFrom the send time of the silent clusters' last heartbeat (epoch ms)
     * @param suspectAt / failedAt append time of each silent cluster's first SUSPECT / FAILED transition
     * @param brakeAt append time of the first transition after silence that carries the brake; null when none did
     * @param suspectsBefore SUSPECT transitions while every cluster heart-beat
     * @param otherTransitions transitions of clusters that kept heart-beating, after the silence began
     * @param migrationsBefore commands while every cluster heart-beat
     * @param migrations MIGRATE commands after the silence began
     * @param burst the single failure's commands judged; null with several silent clusters, or when none turned FAILED
     * @param watchedMillis how long after {@code silentFrom} the outputs were read
     * @param failureWrites what fedstream wrote from the silence on (cluster views and transitions too)
     * @param failureCpu what fedstream's and the broker's JVMs used from the silence until the single failure's last
     *     command was read, with the JIT's and GC's share; null with several silent clusters or when not all came
     */
    record Result(String name, List<String> silent, double runningSeconds, double placedSeconds, Map<String, Integer> placedByCluster,
            Map<String, Long> freeCpu, long silentFrom, Map<String, Long> suspectAt, Map<String, Long> failedAt, Long brakeAt,
            String brakeText, int suspectsBefore, int otherTransitions, int migrationsBefore, int migrations, int purges,
            FailoverBurst.Result burst, long failureThresholdMillis, long tolerationMillis, long watchedMillis, WrittenRecords failureWrites,
            CpuUse failureCpu) {

        boolean allFailed() {
            return failedAt.size() == silent.size();
        }
    }
}
