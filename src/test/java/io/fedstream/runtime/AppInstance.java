package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.Fedstream;
import io.fedstream.api.QueryServer;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.serde.SchemaRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.streams.KafkaStreams;

/**
 * One application instance on the shared test broker, as {@code fedstream run} starts it: the query port bound first,
 * served once the streams run. Instances of one test share its topic names and application id.
 */
public record AppInstance(Fedstream fedstream, QueryServer api, StreamsRunner runner) implements AutoCloseable {

    public static final Duration WAIT = Duration.ofSeconds(90);

    /** The test's topics and application id, 6 partitions, a free query port and the given bearer token. */
    public static FedstreamConfig config(SharedKafka kafka, KafkaTestNames names, Path stateDir, String token) {
        return config(kafka, names, stateDir, token, Map.of());
    }

    /** As {@link #config(SharedKafka, KafkaTestNames, Path, String)}, then the given settings, e.g. short health thresholds. */
    public static FedstreamConfig config(SharedKafka kafka, KafkaTestNames names, Path stateDir, String token,
                                         Map<String, String> settings) {
        Map<String, String> overrides = new HashMap<>();
        overrides.put(FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS, kafka.bootstrapServers());
        overrides.put(FedstreamConfig.APPLICATION_ID, names.applicationId());
        overrides.put(FedstreamConfig.STATE_DIR, stateDir.toString());
        overrides.put(FedstreamConfig.TOPIC_PARTITIONS, "6");
        overrides.put(FedstreamConfig.HTTP_PORT, "0");
        overrides.put(FedstreamConfig.HTTP_BEARER_TOKEN, token);
        for (String key : FedstreamConfig.configDef().names()) {
            if (key.startsWith("topic.") && !key.equals(FedstreamConfig.TOPIC_PARTITIONS) && !key.equals(FedstreamConfig.TOPIC_REPLICATION_FACTOR)) {
                overrides.put(key, names.topic(key.substring("topic.".length())));
            }
        }
        overrides.putAll(settings);
        return FedstreamConfig.of(overrides);
    }

    public static AppInstance start(FedstreamConfig config, SchemaRegistry registry) throws InterruptedException {
        Fedstream fedstream = Fedstream.create(config, registry);
        QueryServer api = QueryServer.bind(config);
        StreamsRunner runner = new StreamsRunner(fedstream, api.endpoint()).start(WAIT);
        api.withMetrics(fedstream.metrics()).start(runner.streams(), runner.health(), fedstream.topics().policies().valueSerde());
        return new AppInstance(fedstream, api, runner);
    }

    /** Waits until both run and know of each other (the metadata names two clients). */
    public static void awaitBothRunning(AppInstance a, AppInstance b) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!(a.runner.streams().state() == KafkaStreams.State.RUNNING && b.runner.streams().state() == KafkaStreams.State.RUNNING
                && a.runner.streams().metadataForAllStreamsClients().size() == 2)) {
            assertThat(System.nanoTime()).as("both instances RUNNING within %s", WAIT).isLessThan(deadline);
            Thread.sleep(100);
        }
    }

    @Override
    public void close() {
        api.close();
        runner.close();
    }
}
