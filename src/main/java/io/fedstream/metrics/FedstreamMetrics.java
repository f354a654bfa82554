package io.fedstream.metrics;

import io.fedstream.avro.WorkloadRecommendation;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.kafka.KafkaStreamsMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.KafkaStreams;

/**
 * fedstream's meters on one Prometheus registry: the stages call one method per decision, the runner binds the Kafka
 * Streams client and the store census, and the query server serves {@link #scrape()} at {@code /metrics}.
 */
public final class FedstreamMetrics {

    /** Counter, tags {@code kind} and {@code outcome} (INTERPRETED, UNINTERPRETED, INVALID). */
    public static final String INTERPRETATIONS = "fedstream.interpretations";
    /** Counter, tags {@code namespace} and {@code decision} (admitted, rejected). */
    public static final String ADMISSIONS = "fedstream.admissions";
    /** Counter, tag {@code outcome} (placed, unplaceable). */
    public static final String PLACEMENTS = "fedstream.placements";
    /** Timer: from a heartbeat's own time stamp to the cluster watch processing it. */
    public static final String HEARTBEAT_LAG = "fedstream.heartbeat.lag";
    /** Counter, tag {@code stage}: records sent to the dead-letter topic. */
    public static final String DEAD_LETTERS = "fedstream.dead.letters";
    /** Counter, tag {@code topic}: workload records that came in on another partition than their namespace's. */
    public static final String MISROUTED = "fedstream.misrouted.records";
    /** Counter: relayed policy changes a namespace task skipped, having applied them already (from its start's snapshot). */
    public static final String POLICY_CHANGES_ALREADY_APPLIED = "fedstream.policy.changes.already.applied";
    /** Counter, tag {@code reason}: usage reports right-sizing dropped. */
    public static final String USAGE_DROPPED = "fedstream.usage.dropped";
    /** {@link #USAGE_DROPPED}'s reason: the report came after the workload's binding was removed. */
    public static final String USAGE_OF_REMOVED_WORKLOAD = "workload-removed";

    /** A kind or namespace beyond this many distinct values is counted as {@link TagValues#OTHER}. */
    static final int MAX_TAG_VALUES = 200;

    private static final Duration[] LAG_BUCKETS = {
        Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
        Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30)};

    private final PrometheusMeterRegistry registry;
    private final TagValues kinds = new TagValues(MAX_TAG_VALUES);
    private final TagValues namespaces = new TagValues(MAX_TAG_VALUES);
    private final Timer heartbeatLag;
    private final TemplateSizeGauges templateSizes;
    private final MigrationGauges migrations;

    public FedstreamMetrics(PrometheusMeterRegistry registry) {
        this.registry = registry;
        this.heartbeatLag = Timer.builder(HEARTBEAT_LAG)
                .description("Time from a heartbeat's time stamp to its processing by the cluster watch")
                .serviceLevelObjectives(LAG_BUCKETS)
                .register(registry);
        this.templateSizes = new TemplateSizeGauges(registry);
        this.migrations = new MigrationGauges(registry);
    }

    /** A registry of its own, with Prometheus' defaults, showing the Kafka clients' and stream threads' own meters. */
    public static FedstreamMetrics create() {
        return create(false);
    }

    /**
     * A registry of its own, with Prometheus' defaults; {@code kafkaPerInstance}: also the Kafka meters of every task,
     * processor, state store, topic, partition and broker connection ({@link KafkaClientMeters}).
     */
    public static FedstreamMetrics create(boolean kafkaPerInstance) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        if (!kafkaPerInstance) {
            registry.config().meterFilter(KafkaClientMeters.ONLY);
        }
        return new FedstreamMetrics(registry);
    }

    /** The interpret stage made a binding of this kind with this outcome. */
    public void interpreted(String kind, String outcome) {
        Counter.builder(INTERPRETATIONS).description("Workload manifests interpreted, by kind and outcome")
                .tag("kind", kinds.admit(kind)).tag("outcome", outcome)
                .register(registry).increment();
    }

    /** The admit stage admitted a version of a workload of this namespace (not again when only its placement changes). */
    public void admitted(String namespace) {
        admission(namespace, "admitted");
    }

    /** The admit stage rejected a workload of this namespace (a quota would be exceeded). */
    public void rejected(String namespace) {
        admission(namespace, "rejected");
    }

    private void admission(String namespace, String decision) {
        Counter.builder(ADMISSIONS).description("Admission decisions, by namespace")
                .tag("namespace", namespaces.admit(namespace)).tag("decision", decision)
                .register(registry).increment();
    }

    /** The place stage placed a workload on a cluster that granted its reservation. */
    public void placed() {
        placement("placed");
    }

    /** The place stage found no cluster for a workload's generation (it will retry). */
    public void unplaceable() {
        placement("unplaceable");
    }

    private void placement(String outcome) {
        Counter.builder(PLACEMENTS).description("Placement decisions").tag("outcome", outcome).register(registry).increment();
    }

    /** The cluster watch processed a heartbeat stamped {@code heartbeatAt} at {@code nowMs}. */
    public void heartbeatProcessed(Instant heartbeatAt, long nowMs) {
        // A sender's clock ahead of ours gives a negative lag, which is no lag at all.
        heartbeatLag.record(Duration.ofMillis(Math.max(0, nowMs - heartbeatAt.toEpochMilli())));
    }

    /** A record of this stage went to the dead-letter topic. */
    /** A record of a workload-keyed topic came in on another partition than its namespace's and was sent there. */
    public void misrouted(String topic) {
        Counter.builder(MISROUTED).description("Records that came in on another partition than their namespace's, by topic")
                .tag("topic", topic).register(registry).increment();
    }

    /** A namespace task skipped a relayed policy change it had applied already. */
    public void policyChangeAlreadyApplied() {
        Counter.builder(POLICY_CHANGES_ALREADY_APPLIED).description("Relayed policy changes a namespace task had applied already")
                .register(registry).increment();
    }

    public void deadLettered(String stage) {
        Counter.builder(DEAD_LETTERS).description("Records sent to the dead-letter topic, by stage")
                .tag("stage", stage == null ? "unknown" : stage).register(registry).increment();
    }

    /**
     * The right-sizing stage wrote this recommendation: gauges {@code fedstream.template.requested}, {@code .used} and
     * {@code .recommended} per namespace, workload, template and resource show its per-pod figures.
     */
    public void templatesSized(WorkloadRecommendation recommendation) {
        templateSizes.update(recommendation);
    }

    /** Right-sizing dropped a usage report, for the reason given. */
    public void usageDropped(String reason) {
        Counter.builder(USAGE_DROPPED).description("Usage reports right-sizing dropped, by reason").tag("reason", reason)
                .register(registry).increment();
    }

    /** The workload is gone: its right-sizing gauges go too. */
    public void templatesForgotten(String workloadKey) {
        templateSizes.forget(workloadKey);
    }

    /**
     * The migration gauges' tally for the namespace task of {@code partition}, which it keeps as it writes the workloads'
     * records; it replaces the tally of an earlier task of the partition in this instance.
     */
    public MigrationGauges.Tally migrationTally(int partition) {
        return migrations.tally(partition);
    }

    /**
     * Binds the streams' client metrics and the census of the health client's store; closing the result unbinds the client metrics
     * (before the streams close, so that no refresh reads a closed client).
     */
    public AutoCloseable observe(KafkaStreams workloads, KafkaStreams health) {
        KafkaStreamsMetrics workloadClient = new KafkaStreamsMetrics(workloads);
        workloadClient.bindTo(registry);
        KafkaStreamsMetrics healthClient = new KafkaStreamsMetrics(health);
        healthClient.bindTo(registry);
        new StoreCensus(health).bindTo(registry);
        return () -> {
            workloadClient.close();
            healthClient.close();
        };
    }

    /** Every meter in the Prometheus text format. */
    public String scrape() {
        return registry.scrape();
    }

    /** Prometheus' content type for {@link #scrape()}. */
    public static String contentType() {
        return "text/plain; version=0.0.4; charset=utf-8";
    }

    @Override
    public String toString() {
        // Kafka logs its clients' configuration, where this instance travels to the dead-letter counter.
        return "FedstreamMetrics";
    }

    PrometheusMeterRegistry registry() {
        return registry;
    }
}
