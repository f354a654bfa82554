package io.fedstream.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class KafkaClientMetersTest {

    /** Tags as Micrometer's Kafka binders name them: Kafka's {@code task-id} is {@code task.id}. */
    @Test
    void keepsEachClientsAndThreadsOwnMetersThePartitionsLagAndFedstreamsButNoneOfATaskProcessorStoreTopicPartitionOrBroker() {
        MeterRegistry registry = new SimpleMeterRegistry();
        registry.config().meterFilter(KafkaClientMeters.ONLY);

        gauge(registry, "kafka.stream.thread.process.rate", "thread-id", "app-StreamThread-1");
        gauge(registry, "kafka.producer.record.send.rate", "client-id", "app-producer");
        gauge(registry, "kafka.consumer.fetch.manager.records.lag.max", "partition", "3");
        gauge(registry, "fedstream.clusters", "state", "READY");
        gauge(registry, "fedstream.relay.bytes", "topic", "fedstream.state-deltas");
        gauge(registry, "kafka.stream.task.process.rate", "task.id", "2_0");
        gauge(registry, "kafka.stream.processor.node.record.e2e.latency.max", "processor.node.id", "admit");
        gauge(registry, "kafka.stream.state.put.rate", "rocksdb.state.id", "bindings-store");
        // As Kafka names its tags, before the binders turn its dashes into dots.
        gauge(registry, "kafka.stream.state.get.rate", "in-memory-state-id", "admission-pending-store");
        gauge(registry, "kafka.producer.topic.record.send.rate", "topic", "fedstream.bindings");
        gauge(registry, "kafka.consumer.fetch.manager.records.lag.avg", "partition", "3");
        gauge(registry, "kafka.consumer.node.request.rate", "node.id", "node-1");

        assertThat(registry.getMeters()).extracting(meter -> meter.getId().getName()).containsExactlyInAnyOrder(
                "kafka.stream.thread.process.rate", "kafka.producer.record.send.rate",
                "kafka.consumer.fetch.manager.records.lag.max", "fedstream.clusters", "fedstream.relay.bytes");
    }

    private static void gauge(MeterRegistry registry, String name, String tagKey, String tagValue) {
        Gauge.builder(name, () -> 1.0).tags(tagKey, tagValue).register(registry);
    }
}
