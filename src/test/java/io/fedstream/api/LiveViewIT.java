package io.fedstream.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.Fedstream;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.PodUsage;
import io.fedstream.avro.TemplateUsage;
import io.fedstream.avro.WorkDispatch;
import io.fedstream.avro.WorkHealth;
import io.fedstream.avro.WorkObservation;
import io.fedstream.avro.WorkState;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.config.NamespacePartitioner;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerConfig;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.runtime.AppInstance;
import io.fedstream.demo.DemoClusters;
import io.fedstream.runtime.KafkaClusterExtension;
import io.fedstream.runtime.KafkaTestNames;
import io.fedstream.runtime.SharedKafka;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The live view in headless Chromium against one instance on the test broker, with a bearer token: the page asks for
 * the token once, shows three heart-beating clusters, two workloads placed on one of them and a quota; that cluster
 * shows each workload's copies (one reported applied and healthy, FullyApplied; one not reported yet); that cluster
 * goes silent, and the page shows it FAILED and the workloads' migration rows; an hour of one workload's usage gives its
 * template a recommendation in the right-sizing panel, while the other says it has no usage. Then {@code /metrics} shows fedstream's
 * and Kafka Streams' meters, behind the same token. The screenshot lands in {@code target/live-view.png}.
 */
@ExtendWith(KafkaClusterExtension.class)
class LiveViewIT {

    private static final String TOKEN = "view-token";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(45);
    private static final Path SCREENSHOT = Path.of("target", "live-view.png");

    private static final String POLICY = """
            {"apiVersion": "policy.karmada.io/v1alpha1", "kind": "PropagationPolicy",
             "metadata": {"name": "payments", "namespace": "payments"},
             "spec": {"resourceSelectors": [{"apiVersion": "apps/v1", "kind": "Deployment"}],
                      "placement": {"spreadConstraints": [{"spreadByField": "cluster", "maxGroups": 1}],
                                    "clusterAffinities": [
                          {"affinityName": "primary", "clusterNames": ["member2"]},
                          {"affinityName": "fallback", "clusterNames": ["member1", "member3"]}]}}}""";
    private static final String QUOTA = """
            {"apiVersion": "policy.karmada.io/v1alpha1", "kind": "FederatedResourceQuota",
             "metadata": {"name": "compute", "namespace": "payments"},
             "spec": {"overall": {"requests.cpu": "8", "memory": "16Gi", "pods": "20"}}}""";
    private static final Map<String, String> WORKLOADS = Map.of(
            "apps/Deployment/payments/ledger-writer", deployment("ledger-writer", 3, "500m", "1Gi", true),
            "apps/Deployment/payments/checkout-web", deployment("checkout-web", 2, "250m", "256Mi", false),
            "apps/Deployment/payments/broken", deployment("broken", -1, "1", "1Gi", false));

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void thePageAsksForTheTokenOnceThenShowsAClusterFailAndItsWorkloadsMigrate(SharedKafka kafka, KafkaTestNames names,
            @TempDir Path state, @TempDir Path profiles) throws Exception {
        Map<String, String> settings = new HashMap<>(DemoClusters.healthConfig());
        // Heartbeats every second were read up to 1.8 s late on a loaded 2-core machine: a 3 s silence would be too
        // close to that, and a healthy cluster turning SUSPECT would spoil the counts. FAILED comes 10 s after the silence
        // began: SUSPECT after 5 s, FAILED after the larger of toleration and threshold in SUSPECT (ClusterHealthMachine).
        settings.put(FedstreamConfig.HEALTH_FAILURE_THRESHOLD_MS, "5000");
        settings.put(FedstreamConfig.HEALTH_TOLERATION_MS, "3000");
        // A workload read before its policy is not placed; it is tried again this soon.
        settings.put(FedstreamConfig.PLACE_RETRY_INTERVAL_MS, "1000");
        FedstreamConfig config = AppInstance.config(kafka, names, state, TOKEN, settings);
        try (AppInstance app = AppInstance.start(config, new InProcessSchemaRegistry());
                KafkaProducer<String, ClusterHealthEvent> heartbeats = producer(app.fedstream(), app.fedstream().topics().clusterHealth());
                DemoClusters clusters = DemoClusters.start((cluster, event) -> heartbeats.send(
                        new ProducerRecord<>(app.fedstream().topics().clusterHealth().name(), cluster, event)), Duration.ofSeconds(1), Map::of)) {
            ChromeDriver browser = HeadlessChromium.start(profiles, 1400, 1500);
            try {
                WebDriverWait wait = new WebDriverWait(browser, WAIT, Duration.ofMillis(200));
                browser.get(app.api().url());
                wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token-form")));
                browser.findElement(By.id("token-input")).sendKeys(TOKEN);
                browser.findElement(By.id("token-submit")).click();
                for (String cluster : DemoClusters.NAMES) {
                    wait.until(ExpectedConditions.presenceOfElementLocated(cardIn(cluster, "READY")));
                }
                assertThat(browser.findElement(By.id("token-form")).isDisplayed()).as("the token form, once the token is in").isFalse();

                publishPoliciesAndWorkloads(app.fedstream());
                String failing = awaitPlacement(app, "checkout-web");
                assertThat(awaitPlacement(app, "ledger-writer")).as("both workloads share the policy's primary cluster").isEqualTo(failing);
                wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("[data-quota='payments/compute'] .bar")));

                // The executor of the cluster reports ledger-writer's copy applied, its agent healthy; checkout-web's is not reported.
                publishLedgerWriterApplied(app.fedstream(), failing);
                WebElement appliedRow = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(
                        "tr.workload[data-workload='apps/Deployment/payments/ledger-writer'][data-fully-applied='True']")));
                assertThat(appliedRow.findElement(By.cssSelector(".copy")).getText()).isEqualTo(failing + " · ×3 · applied · Healthy");
                WebElement waitingRow = browser.findElement(By.cssSelector("tr.workload[data-workload='apps/Deployment/payments/checkout-web']"));
                assertThat(waitingRow.getAttribute("data-fully-applied")).isEqualTo("False");
                assertThat(waitingRow.getText()).contains("payments/checkout-web", "Deployment", failing + " · ×2 · not reported");
                assertThat(browser.findElement(By.cssSelector("tr.workload[data-workload='apps/Deployment/payments/broken'] .meta"))
                        .getText()).isEqualTo("Deployment");
                assertThat(browser.findElement(By.cssSelector("tr.workload[data-workload='apps/Deployment/payments/broken']")).getText())
                        .contains("not placed");

                publishAnHourOfLedgerWriterUsage(app.fedstream());
                WebElement ledgerWriter = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(
                        "[data-template='apps/Deployment/payments/ledger-writer/main'][data-state='RECOMMENDED']")));
                // 100m and 256Mi steady: the VPA buckets' ends plus 15% (docs/recommendations.md), 126m and 323522422 bytes (308.5 MiB).
                assertThat(ledgerWriter.getText()).isEqualTo("Deployment/ledger-writer main 3 500m 100m 126m 1 GiB 256 MiB 308.5 MiB RECOMMENDED");
                assertThat(browser.findElement(By.cssSelector("[data-template='apps/Deployment/payments/checkout-web/main']"))
                        .getAttribute("data-state")).isEqualTo("NO_USAGE");
                assertThat(browser.findElement(By.cssSelector("[data-recommendations='payments'] .meta")).getText())
                        .isEqualTo("1 of 2 templates recommended");
                assertThat(browser.findElement(By.cssSelector("[data-recommendations='payments'] .sub h4")).getText())
                        .isEqualTo("quota compute would need");

                clusters.silence(failing);
                wait.until(ExpectedConditions.presenceOfElementLocated(cardIn(failing, "SUSPECT")));
                wait.until(ExpectedConditions.presenceOfElementLocated(cardIn(failing, "FAILED")));
                WebElement failed = browser.findElement(cardIn(failing, "FAILED"));
                assertThat(failed.getText()).contains(failing, "FAILED", "incident ");
                for (String workload : List.of("checkout-web", "ledger-writer")) {
                    wait.until(ExpectedConditions.presenceOfElementLocated(
                            By.cssSelector("tr.migration[data-command*='/payments/" + workload + "/']")));
                }
                WebElement row = browser.findElement(By.cssSelector("tr.migration[data-command*='/payments/ledger-writer/']"));
                assertThat(row.getText()).contains("payments/ledger-writer", "MIGRATE", "OFFSET_COMMIT", failing + " → member");

                browser.findElement(By.id("binding-namespace")).sendKeys("payments");
                browser.findElement(By.id("binding-name")).sendKeys("ledger");
                browser.findElement(By.cssSelector("#binding-search button")).click();
                WebElement binding = wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector(".binding table tbody tr")));
                assertThat(binding.getText()).as("quantities in human units").contains("main 3 0.5 cores 1 GiB 1.5 cores 3 GiB");
                assertThat(binding.findElement(By.cssSelector("td.num span")).getAttribute("title")).as("the raw value on hover").isEqualTo("500m");
                assertThat(browser.findElement(By.cssSelector("[data-binding='payments/ledger-writer-deployment'] .placement")).getText())
                        .as("the policy the failover kept").endsWith(" · PropagationPolicy payments/payments");
                browser.findElement(By.id("binding-name")).clear();
                browser.findElement(By.id("binding-name")).sendKeys("broken");
                browser.findElement(By.cssSelector("#binding-search button")).click();
                WebElement reason = wait.until(ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("[data-binding='payments/broken-deployment'] .reason")));
                assertThat(reason.getText()).isEqualTo("spec.replicas: must not be negative (value: -1)");
                WebElement broken = browser.findElement(By.cssSelector("[data-binding='payments/broken-deployment']"));
                assertThat(broken.getText()).contains("NOT_APPLICABLE · not placed").doesNotContain("on not placed");
                assertThat(broken.findElements(By.tagName("table"))).as("a manifest with no templates has no table").isEmpty();

                Files.createDirectories(SCREENSHOT.getParent());
                Files.copy(browser.getScreenshotAs(OutputType.FILE).toPath(), SCREENSHOT, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                browser.quit();
            }

            assertThat(get(app, "/metrics", Optional.empty()).statusCode()).as("/metrics without the token").isEqualTo(401);
            HttpResponse<String> metrics = get(app, "/metrics", Optional.of(TOKEN));
            assertThat(metrics.statusCode()).isEqualTo(200);
            Files.writeString(SCREENSHOT.resolveSibling("live-view-metrics.txt"), metrics.body());
            assertThat(metrics.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).startsWith("text/plain"));
            assertThat(metrics.body())
                    .contains("fedstream_clusters{state=\"FAILED\"} 1.0", "fedstream_clusters{state=\"READY\"} 2.0")
                    .contains("fedstream_interpretations_total{kind=\"Deployment\",outcome=\"INTERPRETED\"} 2.0")
                    .contains("fedstream_interpretations_total{kind=\"Deployment\",outcome=\"INVALID\"} 1.0")
                    .contains("fedstream_admissions_total{decision=\"admitted\",namespace=\"payments\"} 2.0")
                    .contains("fedstream_placements_total{outcome=\"placed\"}")
                    .contains("fedstream_dead_letters_total{stage=\"interpret\"} 1.0")
                    .containsPattern("fedstream_migrations\\{action=\"MIGRATE\",phase=\"ISSUED\",strategy=\"OFFSET_COMMIT\"} 1\\.0")
                    .containsPattern("fedstream_heartbeat_lag_seconds_count \\d+")
                    .contains("fedstream_relay_bytes{mode=\"incremental\"}")
                    .containsPattern("kafka_stream_thread_\\w+")
                    .containsPattern("kafka_producer_\\w+")
                    .containsPattern("kafka_consumer_fetch_manager_records_lag_max\\{")
                    // Only the Kafka clients' and stream threads' own meters (metrics.kafka.per.instance=false).
                    .doesNotContain("task_id=", "processor_node_id=", "_state_id=", "node_id=", "records_lag_avg");
            assertThat(app.runner().failure()).isNull();
        }
    }

    private static By cardIn(String cluster, String state) {
        return By.cssSelector("[data-cluster='" + cluster + "'][data-state='" + state + "']");
    }

    private static void publishPoliciesAndWorkloads(Fedstream fedstream) {
        Instant now = Instant.now();
        var policies = fedstream.topics().policies();
        try (KafkaProducer<String, PolicyEvent> producer = producer(fedstream, policies)) {
            producer.send(new ProducerRecord<>(policies.name(), "PropagationPolicy/payments/payments",
                    PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(POLICY).setObservedAt(now).build()));
            producer.send(new ProducerRecord<>(policies.name(), "FederatedResourceQuota/payments/compute",
                    PolicyEvent.newBuilder().setOp(Op.UPSERT).setManifest(QUOTA).setObservedAt(now).build()));
        }
        var workloads = fedstream.topics().workloads();
        try (KafkaProducer<String, WorkloadEvent> producer = producer(fedstream, workloads)) {
            WORKLOADS.forEach((key, manifest) -> producer.send(new ProducerRecord<>(workloads.name(), key,
                    WorkloadEvent.newBuilder().setOp(Op.UPSERT).setManifest(manifest).setObservedAt(now).build())));
        }
    }

    /** ledger-writer's copy on {@code cluster} as its executor and agent report it: applied at generation 1, healthy. */
    private static void publishLedgerWriterApplied(Fedstream fedstream, String cluster) {
        var workStatus = fedstream.topics().workStatus();
        String key = "apps/Deployment/payments/ledger-writer";
        Properties properties = fedstream.config().producerProperties();
        properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, NamespacePartitioner.class.getName());
        try (KafkaProducer<String, WorkStatusEvent> producer = new KafkaProducer<>(properties, workStatus.keySerde().serializer(),
                workStatus.valueSerde().serializer())) {
            producer.send(new ProducerRecord<>(workStatus.name(), key, WorkStatusEvent.newBuilder().setWorkloadKey(key).setCluster(cluster)
                    .setDispatch(WorkDispatch.newBuilder().setState(WorkState.APPLIED).setGeneration(1).build())
                    .setObservedAt(Instant.now()).build()));
            producer.send(new ProducerRecord<>(workStatus.name(), key, WorkStatusEvent.newBuilder().setWorkloadKey(key).setCluster(cluster)
                    .setObservation(WorkObservation.newBuilder().setPresent(true).setHealth(WorkHealth.HEALTHY).build())
                    .setObservedAt(Instant.now()).build()));
        }
    }

    /** An hour of the ledger writer's three pods at 100m and 256Mi, a sample a minute, partitioned by namespace as the agent does. */
    private static void publishAnHourOfLedgerWriterUsage(Fedstream fedstream) {
        var usage = fedstream.topics().workloadUsage();
        String key = "apps/Deployment/payments/ledger-writer";
        Properties properties = fedstream.config().producerProperties();
        properties.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, NamespacePartitioner.class.getName());
        Instant start = Instant.now().minus(Duration.ofMinutes(61));
        try (KafkaProducer<String, WorkloadUsage> producer = new KafkaProducer<>(properties, usage.keySerde().serializer(),
                usage.valueSerde().serializer())) {
            for (int minute = 0; minute <= 60; minute++) {
                List<PodUsage> pods = List.of("a", "b", "c").stream()
                        .map(pod -> new PodUsage("ledger-writer-7c9-" + pod, 100L, 256L << 20)).toList();
                producer.send(new ProducerRecord<>(usage.name(), key, new WorkloadUsage(key, "member2", start.plus(Duration.ofMinutes(minute)),
                        60, null, List.of(new TemplateUsage("main", pods)))));
            }
        }
    }

    /** The cluster the query API shows the workload placed on, once it is. */
    private String awaitPlacement(AppInstance app, String name) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            HttpResponse<String> response = get(app, "/apis/resourcebindings/payments/" + name + "-deployment", Optional.of(TOKEN));
            if (response.statusCode() == 200) {
                JsonNode clusters = JSON.readTree(response.body()).at("/spec/clusters");
                if (clusters.size() == 1) {
                    return clusters.get(0).path("name").asText();
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError(name + " not placed within " + WAIT);
    }

    private HttpResponse<String> get(AppInstance app, String path, Optional<String> token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(app.api().url()).resolve(path));
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static <V> KafkaProducer<String, V> producer(Fedstream fedstream, Topic<String, V> topic) {
        return new KafkaProducer<>(fedstream.config().producerProperties(), topic.keySerde().serializer(), topic.valueSerde().serializer());
    }

    private static String deployment(String name, int replicas, String cpu, String memory, boolean kafkaConsumer) {
        return """
                {"apiVersion": "apps/v1", "kind": "Deployment",
                 "metadata": {"name": "%s", "namespace": "payments", "labels": {"app": "%s"%s}},
                 "spec": {"replicas": %d, "selector": {"matchLabels": {"app": "%s"}},
                          "template": {"metadata": {"labels": {"app": "%s"}},
                                       "spec": {"containers": [{"name": "writer", "image": "example/%s:1",
                                                                "resources": {"requests": {"cpu": "%s", "memory": "%s"}}}]}}}}"""
                .formatted(name, name, kafkaConsumer ? ", \"fedstream.io/kafka-consumer\": \"true\"" : "", replicas, name, name, name,
                        cpu, memory);
    }
}
