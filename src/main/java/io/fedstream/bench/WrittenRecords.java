package io.fedstream.bench;

import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The records one round's app wrote, topic by topic (its outputs, repartition topics and changelogs; transaction
 * markers not counted), read back after the round: what a workload costs in writes, which the rate follows.
 */
record WrittenRecords(Map<String, Long> byTopic, List<String> prefixes) {

    /** The summary names each topic with at least this many records a workload; the rest are summed. */
    private static final double NAMED_FROM = 0.5;

    WrittenRecords {
        byTopic = byTopic.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, LinkedHashMap::new));
    }

    long total() {
        return byTopic.values().stream().mapToLong(Long::longValue).sum();
    }

    /** What was written after {@code before} was counted, topic by topic. */
    WrittenRecords since(WrittenRecords before) {
        Map<String, Long> added = new HashMap<>(byTopic);
        before.byTopic.forEach((topic, count) -> added.merge(topic, -count, Long::sum));
        added.values().removeIf(count -> count == 0);
        return new WrittenRecords(added, prefixes);
    }

    /**
     * Records per item (workload, command) in all and for the largest topics, each topic named without its prefix (the
     * round's application id or topic prefix), e.g. {@code 21.4 (bindings 2.0, placement-states-store-changelog 3.1, ...)}.
     */
    String averagedOver(int workloads) {
        StringBuilder out = new StringBuilder(per(total(), workloads)).append(" (");
        int named = 0;
        long rest = 0;
        for (Map.Entry<String, Long> topic : byTopic.entrySet()) {
            if (topic.getValue() >= NAMED_FROM * workloads) {
                out.append(named++ > 0 ? ", " : "").append(shortName(topic.getKey())).append(' ').append(per(topic.getValue(), workloads));
            } else {
                rest += topic.getValue();
            }
        }
        if (rest > 0) {
            out.append(named > 0 ? ", " : "").append(byTopic.size() - named).append(" more ").append(per(rest, workloads));
        }
        return out.append(')').toString();
    }

    /**
     * The topics {@link #averagedOver} sums as "more", each with its count, largest first, e.g. {@code cluster-views 36,
     * lease-requests 12}: what an incident costs beyond its per-item records.
     */
    String restCounted(int workloads) {
        StringBuilder out = new StringBuilder();
        byTopic.forEach((topic, count) -> {
            if (count < NAMED_FROM * workloads) {
                out.append(out.isEmpty() ? "" : ", ").append(shortName(topic)).append(' ').append(count);
            }
        });
        return out.toString();
    }

    private String shortName(String topic) {
        for (String prefix : prefixes) {
            if (topic.startsWith(prefix)) {
                return topic.substring(prefix.length());
            }
        }
        return topic;
    }

    private static String per(long records, int workloads) {
        return String.format(Locale.ROOT, "%.1f", (double) records / workloads);
    }
}
