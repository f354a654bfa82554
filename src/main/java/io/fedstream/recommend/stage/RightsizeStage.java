package io.fedstream.recommend.stage;

import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.UsageHistoryRecord;
import io.fedstream.config.NamespacePartitioner;
import io.fedstream.config.Topics;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.recommend.RecommendationSettings;
import java.util.Map;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * Right-sizing: the sub-topology keyed by workload and partitioned by namespace that turns usage reports into
 * recommendations per template ({@link io.fedstream.recommend}); see the package documentation for its inputs,
 * outputs and stores.
 */
public final class RightsizeStage {

    private final Topics topics;
    private final Serde<UsageHistoryRecord> histories;
    private final RecommendationSettings settings;
    private final FedstreamMetrics metrics;

    public RightsizeStage(Topics topics, Serde<UsageHistoryRecord> histories, RecommendationSettings settings, FedstreamMetrics metrics) {
        this.topics = topics;
        this.histories = histories;
        this.settings = settings;
        this.metrics = metrics;
    }

    /** Adds the sub-topology: its sources, the task and its sinks. */
    public void addTo(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(RightsizeStores.HISTORIES), Serdes.String(), histories));
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(RightsizeStores.RECOMMENDATIONS), Serdes.String(),
                topics.recommendations().valueSerde()));
        // Each quota's latest status, for the query API's namespace forecast: the table of the quota-status topic, which
        // the namespace pass writes on the namespace's partition, restored from that topic with no changelog of its own
        // (reuse.ktable.source.topics). In memory: a RocksDB store costs each task about 50 ms to open at start.
        builder.table(topics.quotaStatus().name(), topics.quotaStatus().consumedAs("rightsize-quotas"),
                Materialized.<String, QuotaStatus>as(Stores.inMemoryKeyValueStore(RightsizeStores.QUOTAS))
                        .withKeySerde(Serdes.String()).withValueSerde(topics.quotaStatus().valueSerde()).withCachingDisabled());

        KStream<String, RightsizeSignal> usage = builder
                .stream(topics.workloadUsage().name(), topics.workloadUsage().consumedAsBytes("rightsize-usage-source"))
                .processValues(() -> new SignalDecoder<>(topics.workloadUsage(), UsageCheck::problem, RightsizeSignal.Usage::new, true),
                        Named.as("rightsize-usage-decode"));
        // Bindings are partitioned by namespace, as the usage is: a task holds a namespace's of both.
        KStream<String, RightsizeSignal> bindings = builder
                .stream(topics.bindings().name(), topics.bindings().consumedAsBytes("rightsize-bindings-source"))
                .processValues(() -> new SignalDecoder<>(topics.bindings(), SignalDecoder.acceptAll(), RightsizeSignal.Binding::new, false),
                        Named.as("rightsize-binding-decode"));
        KStream<String, RightsizeOutcome> outcomes = usage
                .merge(bindings, Named.as("rightsize-merge-bindings"))
                // Connected to the quotas' table so that a namespace's quotas live in the task of its recommendations,
                // which the query API reads with them; the task itself does not read them.
                .process(() -> new RightsizeProcessor(settings, metrics), Named.as("rightsize"),
                        RightsizeStores.HISTORIES, RightsizeStores.RECOMMENDATIONS, RightsizeStores.QUOTAS);

        Map<String, KStream<String, RightsizeOutcome>> routes = outcomes.split(Named.as("rightsize-route"))
                .branch((key, outcome) -> outcome instanceof RightsizeOutcome.DeadLettered,
                        Branched.withConsumer(deadLetters -> deadLetters
                                .mapValues(outcome -> ((RightsizeOutcome.DeadLettered) outcome).original(), Named.as("rightsize-dead-letter-bytes"))
                                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("rightsize-dead-letters-sink")),
                                "-to-dead-letters"))
                .defaultBranch(Branched.as("-to-recommendations"));
        routes.get("rightsize-route-to-recommendations")
                .mapValues(outcome -> ((RightsizeOutcome.Recommendation) outcome).recommendation(), Named.as("rightsize-recommendation"))
                .to(topics.recommendations().name(), topics.recommendations().producedAs("rightsize-recommendations-sink")
                        .withStreamPartitioner(new NamespacePartitioner()));
    }
}
