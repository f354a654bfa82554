package io.fedstream.usage;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.TopicReader;
import io.fedstream.agent.MockCluster;
import io.fedstream.avro.RecommendationState;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.recommend.Estimate;
import io.fedstream.recommend.VpaFormula;
import io.fedstream.recommend.stage.RecommendationRecords;
import io.fedstream.runtime.AppInstance;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Done when of issue 43: the agent's usage reader on a mock API server serving PodMetrics for a FlinkDeployment's
 * JobManager and TaskManagers and a Deployment's pods, over a simulated week that the test drives (one interval every
 * 15 minutes), through the broker into a running fedstream; its recommendations per template are those the VPA formula
 * gives when computed here from the same samples ({@link VpaFormula}), within the histogram's one-bucket error.
 */
@ExtendWith(KafkaClusterExtension.class)
class RightsizingIT {

    private static final Instant START = Instant.parse("2026-11-23T00:00:00Z");
    private static final Duration INTERVAL = Duration.ofMinutes(15);
    private static final int INTERVALS = (int) (Duration.ofDays(7).toMillis() / INTERVAL.toMillis());
    private static final String FLINK = "flink.apache.org/FlinkDeployment/payments/fraud";
    private static final String WEB = "apps/Deployment/payments/web";

    /** A pod, its workload and template, and how it uses CPU (millicores) and memory (MiB): a mean and a spread. */
    private record SimulatedPod(String name, String workloadKey, String template, int cpuMean, int cpuSpread, int memoryMiB, int memorySpread) {}

    private static final List<SimulatedPod> PODS = List.of(
            new SimulatedPod("fraud-jm", FLINK, "jobmanager", 300, 100, 1200, 200),
            new SimulatedPod("fraud-tm-1", FLINK, "taskmanager", 1400, 600, 3000, 600),
            new SimulatedPod("fraud-tm-2", FLINK, "taskmanager", 1100, 500, 2800, 500),
            new SimulatedPod("web-5d8f-a", WEB, "main", 150, 120, 300, 80),
            new SimulatedPod("web-5d8f-b", WEB, "main", 180, 120, 320, 80));

    @Test
    void aWeekOfPodMetricsGivesEachTemplateTheVpaRecommendation(SharedKafka kafka, KafkaTestNames names, @TempDir Path state)
            throws Exception {
        FedstreamConfig config = AppInstance.config(kafka, names, state, "t");
        Map<String, List<VpaFormula.Sample>> samplesByTemplate = new LinkedHashMap<>();
        try (AppInstance app = AppInstance.start(config, new InProcessSchemaRegistry());
                MockCluster cluster = new MockCluster();
                KafkaUsageSink sink = new KafkaUsageSink(config, app.fedstream().topics().workloadUsage(), "eu-west-1");
                UsageReporter reporter = new UsageReporter(cluster.client(), "eu-west-1", INTERVAL, sink, Clock.fixed(START, ZoneOffset.UTC))) {
            UsageFixtures fixtures = new UsageFixtures(cluster.client()).servingMetrics();
            fixtures.flinkPod("payments", "fraud", "jobmanager", "fraud-jm");
            fixtures.flinkPod("payments", "fraud", "taskmanager", "fraud-tm-1");
            fixtures.flinkPod("payments", "fraud", "taskmanager", "fraud-tm-2");
            fixtures.deploymentPod("payments", "web", "web-5d8f", "web-5d8f-a");
            fixtures.deploymentPod("payments", "web", "web-5d8f", "web-5d8f-b");

            Random random = new Random(4343);
            for (int i = 0; i < INTERVALS; i++) {
                Instant at = START.plus(INTERVAL.multipliedBy(i));
                // The TaskManagers get busier on the last day: the recent samples weigh more (24 h half-life).
                boolean lastDay = i >= INTERVALS - 96;
                for (SimulatedPod pod : PODS) {
                    long cpu = Math.max(0, Math.round(pod.cpuMean() * (lastDay && pod.template().equals("taskmanager") ? 1.5 : 1)
                            + pod.cpuSpread() * random.nextGaussian()));
                    long memoryMiB = pod.memoryMiB() + random.nextInt(pod.memorySpread());
                    fixtures.metrics("payments", pod.name(), Map.of("main", cpu + "m"), Map.of("main", memoryMiB + "Mi"));
                    samplesByTemplate.computeIfAbsent(pod.workloadKey() + "#" + pod.template(), key -> new ArrayList<>())
                            .add(new VpaFormula.Sample(at.toEpochMilli(), pod.name(), cpu, memoryMiB << 20));
                }
                reporter.report(at);
            }
            sink.flush();

            Map<String, WorkloadRecommendation> latest = new HashMap<>();
            TopicReader.readUntil(config, app.fedstream().topics().recommendations().name(), new StringDeserializer(),
                    app.fedstream().topics().recommendations().valueSerde().deserializer(), Duration.ofSeconds(120), records -> {
                        for (ConsumerRecord<String, WorkloadRecommendation> record : records) {
                            latest.put(record.key(), record.value());
                        }
                        return latest.containsKey(FLINK) && latest.containsKey(WEB)
                                && samples(latest.get(FLINK), "jobmanager") == INTERVALS
                                && samples(latest.get(FLINK), "taskmanager") == 2L * INTERVALS
                                && samples(latest.get(WEB), "main") == 2L * INTERVALS;
                    });

            for (Map.Entry<String, List<VpaFormula.Sample>> template : samplesByTemplate.entrySet()) {
                String[] workloadAndTemplate = template.getKey().split("#");
                TemplateRecommendation got = template(latest.get(workloadAndTemplate[0]), workloadAndTemplate[1]);
                VpaFormula.Expected expected = VpaFormula.expected(template.getValue());
                assertThat(got.getState()).as(template.getKey()).isEqualTo(RecommendationState.RECOMMENDED);
                assertThat(got.getConfidence()).as(template.getKey()).isCloseTo(expected.confidence(), org.assertj.core.data.Offset.offset(1e-9));
                Estimate.Amounts target = RecommendationRecords.amounts(got.getTarget());
                Estimate.Amounts lower = RecommendationRecords.amounts(got.getLowerBound());
                Estimate.Amounts upper = RecommendationRecords.amounts(got.getUpperBound());
                assertThat(target.cpuMillis()).as(template.getKey() + " cpu target in " + expected.cpuTarget()).matches(expected.cpuTarget()::holds);
                assertThat(lower.cpuMillis()).as(template.getKey() + " cpu lower bound in " + expected.cpuLower()).matches(expected.cpuLower()::holds);
                assertThat(upper.cpuMillis()).as(template.getKey() + " cpu upper bound in " + expected.cpuUpper()).matches(expected.cpuUpper()::holds);
                assertThat(target.memoryBytes()).as(template.getKey() + " memory target in " + expected.memoryTarget())
                        .matches(expected.memoryTarget()::holds);
                assertThat(lower.memoryBytes()).as(template.getKey() + " memory lower bound in " + expected.memoryLower())
                        .matches(expected.memoryLower()::holds);
                assertThat(upper.memoryBytes()).as(template.getKey() + " memory upper bound in " + expected.memoryUpper())
                        .matches(expected.memoryUpper()::holds);
            }
        }
    }

    private static long samples(WorkloadRecommendation recommendation, String template) {
        return recommendation.getTemplates().stream().filter(t -> t.getTemplate().equals(template)).mapToLong(TemplateRecommendation::getSamples)
                .findFirst().orElse(0);
    }

    private static TemplateRecommendation template(WorkloadRecommendation recommendation, String template) {
        return recommendation.getTemplates().stream().filter(t -> t.getTemplate().equals(template)).findFirst().orElseThrow();
    }
}
