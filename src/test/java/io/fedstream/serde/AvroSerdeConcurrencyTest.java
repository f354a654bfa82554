package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.TOPIC;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.WorkloadEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AvroSerdeConcurrencyTest {

    @Test
    void oneSerdeSharedByEightThreadsRoundTripsEveryRecordAndRegistersOnce() throws Exception {
        CountingSchemaRegistry counting = new CountingSchemaRegistry(new InProcessSchemaRegistry());
        SchemaRegistry registry = new CachingSchemaRegistry(counting, Duration.ofSeconds(60), System::nanoTime);
        AvroSerde<WorkloadEvent> serde = new AvroSerdes(registry, AvroSerdeConfig.defaults())
                .specific(WorkloadEvent.class, false);
        int threads = 8;
        int perThread = 2_000;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                results.add(pool.submit(() -> {
                    start.await();
                    int matched = 0;
                    for (int i = 0; i < perThread; i++) {
                        WorkloadEvent event = TestSchemas.workloadEvent("w-" + thread + "-" + i);
                        byte[] bytes = serde.serializer().serialize(TOPIC, event);
                        if (serde.deserializer().deserialize(TOPIC, bytes).equals(event)) {
                            matched++;
                        }
                    }
                    return matched;
                }));
            }
            start.countDown();
            for (Future<Integer> result : results) {
                assertThat(result.get(60, TimeUnit.SECONDS)).isEqualTo(perThread);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(counting.registers).hasValue(1);
        assertThat(counting.getByIds).hasValue(0);
    }
}
