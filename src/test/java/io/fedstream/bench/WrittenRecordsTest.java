package io.fedstream.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WrittenRecordsTest {

    private static final List<String> PREFIXES = List.of("app-", "bench.r1.");

    @Test
    void namesTopicsOfHalfARecordAWorkloadOrMoreWithoutTheirPrefixAndSumsTheRest() {
        Map<String, Long> counts = new HashMap<>();
        for (int i = 1; i <= 10; i++) {
            counts.put("app-store-" + i + "-changelog", (long) i * 100);
        }
        counts.put("bench.r1.bindings", 2_000L);
        WrittenRecords written = new WrittenRecords(counts, PREFIXES);

        assertEquals(7_500, written.total());
        assertEquals("7.5 (bindings 2.0, store-10-changelog 1.0, store-9-changelog 0.9, store-8-changelog 0.8, store-7-changelog 0.7,"
                + " store-6-changelog 0.6, store-5-changelog 0.5, 4 more 1.0)", written.averagedOver(1_000));
        assertEquals("store-4-changelog 400, store-3-changelog 300, store-2-changelog 200, store-1-changelog 100",
                written.restCounted(1_000));
    }

    @Test
    void aFewTopicsAreAllNamed() {
        WrittenRecords written = new WrittenRecords(Map.of("bench.r1.audit", 30L, "app-x-repartition", 30L), PREFIXES);

        assertEquals("6.0 (x-repartition 3.0, audit 3.0)", written.averagedOver(10));
    }
}
