package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/** Which records apply refuses before it sends any: over the producer's request size, or over an uncompressed topic's limit. */
class RecordLimitsTest {

    private static ProducerRecord<String, byte[]> record(String topic, int valueBytes) {
        return new ProducerRecord<>(topic, "apps/Deployment/ns/web", new byte[valueBytes]);
    }

    @Test
    void aRecordOverTheProducersRequestSizeIsRefusedNamingTheDocumentItsSizeAndTheLimit() {
        RecordLimits limits = RecordLimits.of(new Properties(), Map.of());

        assertThat(limits.refusal(record("w", 1_000_000), "deployment.apps/web")).isEmpty();
        assertThat(limits.refusal(record("w", 1_048_576), "deployment.apps/web")).contains("deployment.apps/web: "
                + RecordLimits.sizeOf(record("w", 1_048_576)) + " bytes as a record, more than the producer's max.request.size"
                + " (1048576 bytes; kafka.producer.max.request.size)");
    }

    @Test
    void aTopicsMaxMessageBytesCountsForUncompressedRecordsOnly() {
        Properties larger = new Properties();
        larger.put("max.request.size", "10000000");
        Properties compressed = new Properties();
        compressed.putAll(larger);
        compressed.put("compression.type", "lz4");

        assertThat(RecordLimits.of(larger, Map.of("w", 500_000)).refusal(record("w", 600_000), "deployment.apps/web"))
                .hasValueSatisfying(reason -> assertThat(reason).endsWith("more than topic w takes (max.message.bytes 500000 bytes)"));
        assertThat(RecordLimits.of(compressed, Map.of("w", 500_000)).refusal(record("w", 600_000), "deployment.apps/web")).isEmpty();
        assertThat(RecordLimits.of(larger, Map.of("other", 500_000)).refusal(record("w", 600_000), "deployment.apps/web")).isEmpty();
    }
}
