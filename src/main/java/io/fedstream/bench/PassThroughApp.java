package io.fedstream.bench;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/**
 * The benchmark's yardstick: an exactly-once Kafka Streams app that copies the workload records' bytes to another
 * topic, i.e. the most any Kafka Streams app can do with these records on this broker. Run as
 * {@code PassThroughApp BOOTSTRAP INPUT OUTPUT APPLICATION_ID STATE_DIR COMMIT_INTERVAL_MS}; it prints
 * {@value #RUNNING} once every task runs and stops cleanly when terminated.
 */
public final class PassThroughApp {

    static final String RUNNING = "pass-through is running";

    private PassThroughApp() {}

    static Topology topology(String input, String output) {
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(input, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()).withName("workloads-source"))
                .to(output, Produced.with(Serdes.ByteArray(), Serdes.ByteArray()).withName("pass-through-sink"));
        return builder.build();
    }

    static Properties properties(String bootstrap, String applicationId, String stateDir, long commitIntervalMs) {
        Properties properties = new Properties();
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
        properties.put(StreamsConfig.STATE_DIR_CONFIG, stateDir);
        properties.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        properties.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, commitIntervalMs);
        properties.put(StreamsConfig.producerPrefix("acks"), "all");
        return properties;
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length != 6) {
            System.err.println("usage: PassThroughApp BOOTSTRAP INPUT OUTPUT APPLICATION_ID STATE_DIR COMMIT_INTERVAL_MS");
            System.exit(2);
        }
        KafkaStreams streams = new KafkaStreams(topology(args[1], args[2]),
                properties(args[0], args[3], args[4], Long.parseLong(args[5])));
        CountDownLatch stopped = new CountDownLatch(1);
        streams.setStateListener((now, before) -> {
            if (now == KafkaStreams.State.RUNNING) {
                System.out.println(RUNNING);
                System.out.flush();
            }
            if (now == KafkaStreams.State.ERROR || now == KafkaStreams.State.NOT_RUNNING) {
                stopped.countDown();
            }
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> streams.close(Duration.ofSeconds(30)), "pass-through-shutdown"));
        streams.start();
        stopped.await();
        System.exit(streams.state() == KafkaStreams.State.ERROR ? 1 : 0);
    }
}
