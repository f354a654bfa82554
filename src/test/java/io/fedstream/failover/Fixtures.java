package io.fedstream.failover;

import io.fedstream.avro.Checkpoint;
import io.fedstream.avro.ConsumerGroupOffset;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkloadStatusEvent;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Workloads, statuses and checkpoints shared by the failover tests. */
final class Fixtures {

    static final Instant T0 = Instant.parse("2026-11-29T12:00:00Z");
    static final String DELTAS = "fedstream.state-deltas";

    static final ResourceBinding FLINK = workload("flink.apache.org/FlinkDeployment/team-a/orders", "FlinkDeployment",
            Map.of());
    static final ResourceBinding CONSUMER = workload("apps/Deployment/team-a/billing", "Deployment",
            Map.of("fedstream.io/kafka-consumer", "true"));
    static final ResourceBinding WEB = workload("apps/Deployment/team-a/web", "Deployment", Map.of());

    private Fixtures() {
    }

    /** A binding with only what failover planning reads of it: its key, kind and labels. */
    static ResourceBinding workload(String key, String kind, Map<String, String> labels) {
        ResourceBinding binding = new ResourceBinding();
        binding.setWorkloadKey(key);
        binding.setKind(kind);
        binding.setLabels(labels);
        return binding;
    }

    static Checkpoint checkpoint(long id, long stateBytes, Integer partition, Long deltaOffset) {
        return Checkpoint.newBuilder()
                .setId(id)
                .setPath("s3://bucket/flink/orders/chk-" + id)
                .setStateSizeBytes(stateBytes)
                .setCompletedAt(T0)
                .setDeltaPartition(partition)
                .setDeltaOffset(deltaOffset)
                .build();
    }

    static WorkloadStatusEvent status(Checkpoint checkpoint, List<ConsumerGroupOffset> offsets, String statusJson) {
        return WorkloadStatusEvent.newBuilder()
                .setCluster("member1")
                .setPhase("RUNNING")
                .setLastCompletedCheckpoint(checkpoint)
                .setConsumerGroupOffsets(offsets)
                .setStatus(statusJson)
                .setObservedAt(T0)
                .build();
    }

    static ConsumerGroupOffset offset(String group, String topic, int partition, long offset) {
        return ConsumerGroupOffset.newBuilder().setGroup(group).setTopic(topic).setPartition(partition)
                .setOffset(offset).build();
    }
}
