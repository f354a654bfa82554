package io.fedstream.bench;

import java.util.Locale;

/**
 * The CPU time the measured app's JVM and the broker's JVM used from the app running to its last completion, in
 * milliseconds, and how much of the app's went to its JIT compilers and garbage collector: what the two cores spent,
 * which a shared machine's noise moves far less than a rate.
 */
record CpuUse(long appMillis, long brokerMillis, ThreadCpu appThreads) {

    /** CPU times of both JVMs now, to subtract from a later sample; a JVM that cannot tell counts -1. */
    static CpuUse sample(ChildJvm app, ChildJvm broker) {
        return new CpuUse(app.cpuMillis(), broker.cpuMillis(), ThreadCpu.UNKNOWN);
    }

    /** What both used since {@code start}, with the app's JIT and GC threads' share; -1 when a sample could not be read. */
    CpuUse since(CpuUse start, ThreadCpu threads) {
        return new CpuUse(difference(start.appMillis, appMillis), difference(start.brokerMillis, brokerMillis), threads);
    }

    boolean known() {
        return appMillis >= 0 && brokerMillis >= 0;
    }

    /** App and broker together, per item (record or workload), in milliseconds. */
    double totalPer(int items) {
        return (appMillis + brokerMillis) / (double) items;
    }

    /**
     * Per item: {@code "2.61 ms of CPU a workload from running to done: app 1.90 (JIT 0.80, GC 0.10), broker 0.71"}, or
     * that it is unknown.
     */
    String describePer(int items, String item) {
        if (!known()) {
            return "CPU use unknown";
        }
        String ofApp = appThreads.known()
                ? String.format(Locale.ROOT, " (JIT %.2f, GC %.2f)", appThreads.jitMillis() / (double) items,
                        appThreads.gcMillis() / (double) items)
                : "";
        return String.format(Locale.ROOT, "%.2f ms of CPU a %s from running to done: app %.2f%s, broker %.2f", totalPer(items),
                item, appMillis / (double) items, ofApp, brokerMillis / (double) items);
    }

    /**
     * The app's CPU from its launch to running, {@code "3.10 s of CPU from launch to running"}: what a start costs, which a
     * loaded machine moves far less than the start's wall time.
     */
    static String describeStart(long appMillis) {
        return appMillis < 0 ? "CPU from launch to running unknown"
                : String.format(Locale.ROOT, "%.2f s of CPU from launch to running", appMillis / 1000.0);
    }

    private static long difference(long from, long to) {
        return from < 0 || to < 0 ? -1 : to - from;
    }
}
