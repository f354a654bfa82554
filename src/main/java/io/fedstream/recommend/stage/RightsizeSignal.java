package io.fedstream.recommend.stage;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadUsage;
import io.fedstream.dlq.DeadLetter;

/** What reaches the right-sizing task, decoded: a usage report, a binding or its removal, or a bad record. */
sealed interface RightsizeSignal {

    /** One cluster's interval of a workload's usage, checked. */
    record Usage(WorkloadUsage usage) implements RightsizeSignal {}

    /** The workload's binding; null when it was removed. */
    record Binding(ResourceBinding binding) implements RightsizeSignal {}

    /** A record that cannot be taken in: its original bytes and why. */
    record Malformed(DeadLetter letter, byte[] original) implements RightsizeSignal {}
}
