package io.fedstream.recommend.stage;

import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.dlq.DeadLetter;

/** What the right-sizing task writes: a workload's recommendation (null when the workload is gone), or a dead letter. */
sealed interface RightsizeOutcome {

    record Recommendation(WorkloadRecommendation recommendation) implements RightsizeOutcome {}

    record DeadLettered(DeadLetter letter, byte[] original) implements RightsizeOutcome {}
}
