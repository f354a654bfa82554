package io.fedstream.bench;

import java.util.Locale;

/**
 * The CPU time the measured app's JVM and the broker's JVM used from the app running to its last completion, in
 * milliseconds: what the two cores spent, which a shared machine's noise moves far less than a rate.
 */
record CpuUse(long appMillis, long brokerMillis) {

    /** CPU times of both JVMs now, to subtract from a later sample; a JVM that cannot tell counts -1. */
    static CpuUse sample(ChildJvm app, ChildJvm broker) {
        return new CpuUse(app.cpuMillis(), broker.cpuMillis());
    }

    /** What both used since {@code start}; unknown (-1) when a sample of either could not be read. */
    CpuUse since(CpuUse start) {
        return new CpuUse(difference(start.appMillis, appMillis), difference(start.brokerMillis, brokerMillis));
    }

    boolean known() {
        return appMillis >= 0 && brokerMillis >= 0;
    }

    /** App and broker together, per item (record or workload), in milliseconds. */
    double totalPer(int items) {
        return (appMillis + brokerMillis) / (double) items;
    }

    /** {@code "2.61 ms (app 1.90, broker 0.71)"} per item, or {@code "unknown"}. */
    String describePer(int items) {
        if (!known()) {
            return "unknown";
        }
        return String.format(Locale.ROOT, "%.2f ms (app %.2f, broker %.2f)", totalPer(items), appMillis / (double) items,
                brokerMillis / (double) items);
    }

    private static long difference(long from, long to) {
        return from < 0 || to < 0 ? -1 : to - from;
    }
}
