package io.fedstream.usage;

import io.fedstream.avro.WorkloadUsage;

/** Where the reporter's records go: the workload-usage topic, or a test's list. */
@FunctionalInterface
public interface UsageSink {

    void publish(String workloadKey, WorkloadUsage usage);
}
