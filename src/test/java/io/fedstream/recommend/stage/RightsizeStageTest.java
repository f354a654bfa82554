package io.fedstream.recommend.stage;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestBindings;
import io.fedstream.avro.PodUsage;
import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.TemplateUsage;
import io.fedstream.avro.UsageHistoryRecord;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topics;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.metrics.FedstreamMetrics;
import io.fedstream.recommend.RecommendationSettings;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyConfig;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The right-sizing sub-topology alone on TopologyTestDriver: usage and bindings in, recommendations and dead letters out. */
class RightsizeStageTest {

    private static final String KEY = "flink.apache.org/FlinkDeployment/payments/fraud";
    private static final Instant START = Instant.parse("2026-11-02T00:00:00Z");
    private static final long MINUTE = 60_000;

    private final AvroSerdes avro = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
    private final Topics topics = Topics.of(FedstreamConfig.of(Map.of()).topicNames(), avro);
    private final FedstreamMetrics metrics = FedstreamMetrics.create();
    private final TopologyTestDriver driver = driver();
    private final TestInputTopic<String, WorkloadUsage> usage = driver.createInputTopic(topics.workloadUsage().name(),
            new StringSerializer(), topics.workloadUsage().valueSerde().serializer());
    private final TestInputTopic<String, byte[]> rawUsage = driver.createInputTopic(topics.workloadUsage().name(),
            new StringSerializer(), new ByteArraySerializer());
    private final TestInputTopic<String, ResourceBinding> bindings = driver.createInputTopic(topics.bindings().name(),
            new StringSerializer(), topics.bindings().valueSerde().serializer());
    private final TestOutputTopic<String, WorkloadRecommendation> recommendations = driver.createOutputTopic(topics.recommendations().name(),
            new StringDeserializer(), topics.recommendations().valueSerde().deserializer());
    private final TestOutputTopic<String, byte[]> deadLetters = driver.createOutputTopic(topics.deadLetters().name(),
            new StringDeserializer(), new org.apache.kafka.common.serialization.ByteArrayDeserializer());

    private TopologyTestDriver driver() {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "rightsize-test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "unused:9092");
        properties.put(StreamsConfig.ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING_CONFIG, true);
        StreamsBuilder builder = new StreamsBuilder(new TopologyConfig(new StreamsConfig(properties)));
        new RightsizeStage(topics, avro.specific(UsageHistoryRecord.class, false), RecommendationSettings.vpaDefaults(), metrics)
                .addTo(builder);
        return new TopologyTestDriver(builder.build(), properties);
    }

    @AfterEach
    void close() {
        driver.close();
    }

    @Test
    void aBindingAloneWritesNothingAndItsFirstUsageSaysPerTemplateWhatIsRequestedAndWhatIsUnknown() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        assertThat(recommendations.isEmpty()).as("no usage yet: nothing to recommend, no record per workload bound").isTrue();
        assertThat(driver.<String, WorkloadRecommendation>getKeyValueStore(RightsizeStores.RECOMMENDATIONS).get(KEY)).isNull();

        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of()), START);

        WorkloadRecommendation recommendation = recommendations.readValue();
        assertThat(recommendation.getTemplates()).extracting(TemplateRecommendation::getTemplate, TemplateRecommendation::getState,
                TemplateRecommendation::getReplicas, TemplateRecommendation::getRequested).containsExactly(
                org.assertj.core.groups.Tuple.tuple("jobmanager", RecommendationState.NO_USAGE, 1L, Map.of("cpu", "1", "memory", "2Gi")),
                org.assertj.core.groups.Tuple.tuple("taskmanager", RecommendationState.NO_USAGE, 4L, Map.of("cpu", "2", "memory", "4Gi")));
        assertThat(recommendation.getTemplates().get(0).getReason()).isEqualTo("usage unknown: no cluster reported pods of this template");
    }

    @Test
    void aFirstUsageWithoutTheBindingSaysTheRequestsAreUnknownUntilTheNextBinding() {
        // A restarted or moved task has no binding in memory: to it the workload is one whose binding it never saw.
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of(taskManagers())), START);

        TemplateRecommendation taskManager = recommendations.readValue().getTemplates().get(0);
        assertThat(taskManager.getTemplate()).isEqualTo("taskmanager");
        assertThat(taskManager.getReplicas()).as("not a silent zero").isNull();
        assertThat(taskManager.getRequested()).isEmpty();
        assertThat(taskManager.getUsed()).isEqualTo(Map.of("cpu", "500m", "memory", "1Gi"));
        assertThat(taskManager.getReason()).isEqualTo("too little history: 2 of 60 samples over 0 of 60 minutes;"
                + " requests unknown until the workload's next binding");

        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START.plusMillis(MINUTE));

        WorkloadRecommendation bound = recommendations.readValue();
        assertThat(bound.getTemplates()).extracting(TemplateRecommendation::getTemplate, TemplateRecommendation::getReplicas,
                TemplateRecommendation::getReason).containsExactly(
                org.assertj.core.groups.Tuple.tuple("jobmanager", 1L, "usage unknown: no cluster reported pods of this template"),
                org.assertj.core.groups.Tuple.tuple("taskmanager", 4L, "too little history: 2 of 60 samples over 0 of 60 minutes"));
    }

    @Test
    void anHourOfSteadyUsageRecommendsTheTaskManagersWhileTheYoungerJobManagerHasTooLittleHistory() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        for (int minute = 0; minute <= 60; minute++) {
            Instant at = START.plusMillis(minute * MINUTE);
            List<TemplateUsage> templates = minute < 30
                    ? List.of(taskManagers())
                    : List.of(new TemplateUsage("jobmanager", List.of(new PodUsage("fraud-jm", 300L, 1536L << 20))), taskManagers());
            usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", at, 60, null, templates), at);
        }
        WorkloadRecommendation last = recommendations.readValuesToList().get(60);

        TemplateRecommendation jobManager = last.getTemplates().get(0);
        assertThat(jobManager.getState()).isEqualTo(RecommendationState.TOO_LITTLE_HISTORY);
        assertThat(jobManager.getReason()).isEqualTo("too little history: 31 of 60 samples over 30 of 60 minutes");
        assertThat(jobManager.getTarget()).isEmpty();

        TemplateRecommendation taskManager = last.getTemplates().get(1);
        assertThat(taskManager.getState()).isEqualTo(RecommendationState.RECOMMENDED);
        assertThat(taskManager.getReplicas()).isEqualTo(4);
        assertThat(taskManager.getUsed()).isEqualTo(Map.of("cpu", "500m", "memory", "1Gi"));
        // Hand-computed in RecommenderTest: 500m ends up at 587m, 1 GiB at 1,238,659,775 bytes.
        assertThat(taskManager.getTarget()).isEqualTo(Map.of("cpu", "587m", "memory", "1238659775"));
        assertThat(taskManager.getIdleShare()).isEqualTo(Map.of("cpu", 0.75, "memory", 0.75));
        assertThat(taskManager.getSamples()).isEqualTo(122);
        assertThat(taskManager.getHistorySince()).isEqualTo(START);
        assertThat(last.getUpdatedAt()).isEqualTo(START.plusMillis(60 * MINUTE));
        assertThat(last.getNamespace()).isEqualTo("payments");
    }

    @Test
    void aClusterWithoutMetricsIsNamedAndItsTemplatesSaySo() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "edge-3", START, 60, "the cluster serves no metrics.k8s.io API", List.of()), START);
        WorkloadRecommendation last = recommendations.readValuesToList().get(0);
        assertThat(last.getClustersWithoutMetrics()).containsExactly("edge-3");
        assertThat(last.getTemplates()).allSatisfy(template -> {
            assertThat(template.getState()).isEqualTo(RecommendationState.NO_METRICS);
            assertThat(template.getReason()).isEqualTo("usage unknown: no metrics API (metrics.k8s.io) on edge-3");
        });
    }

    @Test
    void aMalformedUsageRecordIsDeadLetteredNamingFieldAndValueAndTheNextIsTakenIn() {
        WorkloadUsage bad = new WorkloadUsage(KEY, "eu-west-1", START, 60, null,
                List.of(new TemplateUsage("taskmanager", List.of(new PodUsage("tm-1", 100L, 1L), new PodUsage("tm-2", -5L, 1L)))));
        usage.pipeInput(KEY, bad, START);
        rawUsage.pipeInput(KEY, "not avro".getBytes(StandardCharsets.UTF_8), START);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of(taskManagers())), START);

        List<TestRecord<String, byte[]>> letters = deadLetters.readRecordsToList();
        assertThat(letters).hasSize(2);
        Headers first = letters.get(0).headers();
        assertThat(header(first, DeadLetter.STAGE)).isEqualTo("rightsize");
        assertThat(header(first, DeadLetter.FIELD)).isEqualTo("templates[0].pods[1].cpuMillis");
        assertThat(header(first, DeadLetter.VALUE)).isEqualTo("-5");
        assertThat(header(first, DeadLetter.REASON)).isEqualTo("templates[0].pods[1].cpuMillis: must not be negative (value: -5)");
        assertThat(header(first, DeadLetter.TOPIC)).isEqualTo(topics.workloadUsage().name());
        assertThat(header(letters.get(1).headers(), DeadLetter.STAGE)).isEqualTo("deserialize");
        assertThat(letters.get(1).value()).isEqualTo("not avro".getBytes(StandardCharsets.UTF_8));
        assertThat(recommendations.readValuesToList()).singleElement()
                .satisfies(recommendation -> assertThat(recommendation.getTemplates().get(0).getSamples()).isEqualTo(2));
    }

    @Test
    void aRemovedBindingRemovesTheWorkloadsRecommendation() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of(taskManagers())), START);
        bindings.pipeInput(KEY, (ResourceBinding) null, START.plusMillis(MINUTE));
        List<TestRecord<String, WorkloadRecommendation>> written = recommendations.readRecordsToList();
        assertThat(written).hasSize(2);
        assertThat(written.get(1).value()).isNull();
        assertThat(driver.<String, WorkloadRecommendation>getKeyValueStore(RightsizeStores.RECOMMENDATIONS).get(KEY)).isNull();
        assertThat(driver.<String, UsageHistoryRecord>getKeyValueStore(RightsizeStores.HISTORIES).get(KEY)).isNull();
        assertThat(metrics.scrape()).doesNotContain("fedstream_template_used");
    }

    @Test
    void aUsageReportAfterTheBindingWasRemovedIsDroppedAndCountedUntilTheWorkloadIsBoundAgain() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of(taskManagers())), START);
        bindings.pipeInput(KEY, (ResourceBinding) null, START.plusMillis(MINUTE));

        // The agent's report of the next interval, sent before it saw the removal (the pods were terminating).
        Instant late = START.plusMillis(2 * MINUTE);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START.plusMillis(MINUTE), 60, null, List.of(taskManagers())), late);

        assertThat(recommendations.readRecordsToList()).extracting(TestRecord::value).hasSize(2).last().isNull();
        assertThat(driver.<String, UsageHistoryRecord>getKeyValueStore(RightsizeStores.HISTORIES).get(KEY)).isNull();
        assertThat(driver.<String, WorkloadRecommendation>getKeyValueStore(RightsizeStores.RECOMMENDATIONS).get(KEY)).isNull();
        assertThat(metrics.scrape()).contains("fedstream_usage_dropped_total{reason=\"workload-removed\"} 1.0");

        Instant again = START.plusMillis(3 * MINUTE);
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), again);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", again, 60, null, List.of(taskManagers())), again);

        assertThat(recommendations.readValue().getTemplates()).extracting(TemplateRecommendation::getTemplate, TemplateRecommendation::getSamples)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("jobmanager", 0L), org.assertj.core.groups.Tuple.tuple("taskmanager", 2L));
        assertThat(metrics.scrape()).contains("fedstream_usage_dropped_total{reason=\"workload-removed\"} 1.0");
    }

    @Test
    void aRemovalIsRememberedTenMinutesOfRecordTime() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        bindings.pipeInput(KEY, (ResourceBinding) null, START);

        Instant later = START.plus(RemovedWorkloads.REMEMBERED).plusMillis(1);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", later, 60, null, List.of(taskManagers())), later);

        assertThat(recommendations.readValue().getTemplates()).extracting(TemplateRecommendation::getTemplate).containsExactly("taskmanager");
        assertThat(metrics.scrape()).doesNotContain("fedstream_usage_dropped_total");
    }

    @Test
    void aBindingWrittenAgainWritesNothingNewAndAWorkloadWithoutTemplatesNothingAtAll() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of()), START);
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START.plusMillis(MINUTE));
        ResourceBinding empty = TestBindings.flink("flink.apache.org", "payments", "empty");
        empty.setComponents(List.of());
        bindings.pipeInput(empty.getWorkloadKey(), empty, START);
        bindings.pipeInput(empty.getWorkloadKey(), (ResourceBinding) null, START);
        assertThat(recommendations.readKeyValuesToList()).extracting(kv -> kv.key).containsExactly(KEY);
    }

    @Test
    void thePerPodFiguresAreServedAsPrometheusSeries() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of(taskManagers())), START);
        assertThat(metrics.scrape())
                .contains(series("requested", "taskmanager", "cpu") + " 2.0")
                .contains(series("used", "taskmanager", "memory") + " 1.073741824E9")
                .doesNotContain("fedstream_template_recommended");

        for (int minute = 1; minute <= 60; minute++) {
            Instant at = START.plusMillis(minute * MINUTE);
            usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", at, 60, null, List.of(taskManagers())), at);
        }
        // An hour of steady usage, as above: the target 587m and 1,238,659,775 bytes, in cores and bytes.
        assertThat(metrics.scrape())
                .contains(series("recommended", "taskmanager", "cpu") + " 0.587")
                .contains(series("recommended", "taskmanager", "memory") + " 1.238659775E9")
                .doesNotContain(series("recommended", "jobmanager", "cpu"));
    }

    @Test
    void aSeriesWithoutAValueAnyMoreGoes() {
        bindings.pipeInput(KEY, TestBindings.flink("flink.apache.org", "payments", "fraud"), START);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", START, 60, null, List.of(taskManagers())), START);
        assertThat(metrics.scrape()).contains(series("used", "taskmanager", "cpu") + " 0.5");

        // The cluster reports the job manager's pod only: the task managers have no pods there now.
        Instant next = START.plusMillis(MINUTE);
        usage.pipeInput(KEY, new WorkloadUsage(KEY, "eu-west-1", next, 60, null,
                List.of(new TemplateUsage("jobmanager", List.of(new PodUsage("fraud-jm", 300L, 1536L << 20))))), next);

        assertThat(recommendations.readValuesToList()).last().satisfies(recommendation ->
                assertThat(recommendation.getTemplates().get(1).getUsed()).isEmpty());
        assertThat(metrics.scrape())
                .doesNotContain(series("used", "taskmanager", "cpu"))
                .doesNotContain(series("used", "taskmanager", "memory"))
                .contains(series("requested", "taskmanager", "cpu") + " 2.0")
                .contains(series("used", "jobmanager", "cpu") + " 0.3");
    }

    private static String series(String figure, String template, String resource) {
        return "fedstream_template_" + figure + "{namespace=\"payments\",resource=\"" + resource + "\",template=\"" + template
                + "\",workload=\"FlinkDeployment/fraud\"}";
    }

    private static TemplateUsage taskManagers() {
        return new TemplateUsage("taskmanager", List.of(new PodUsage("fraud-tm-1", 500L, 1L << 30), new PodUsage("fraud-tm-2", 500L, 1L << 30)));
    }

    private static String header(Headers headers, String name) {
        return new String(headers.lastHeader(name).value(), StandardCharsets.UTF_8);
    }
}
