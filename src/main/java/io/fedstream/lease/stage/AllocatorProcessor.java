package io.fedstream.lease.stage;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.dlq.DeadLetter;
import io.fedstream.lease.ClusterView;
import io.fedstream.lease.InvalidLeaseRequest;
import io.fedstream.lease.LeaseSettings;
import io.fedstream.lease.ParsedRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The allocator, one task per partition of the lease-requests topic: it owns the clusters whose name that partition
 * holds ({@link #ownerOf}), keeps their books ({@link LeaseBooks}) and answers every request with a grant, room
 * or none; a request it cannot take in is dead-lettered and answered with nothing and why. A view keeps the cluster's
 * room current; a view of a cluster another task owns is skipped. Once a bucket, on the wall clock, chunks whose time
 * is up stop being counted and the room they free goes to unmet wants: such room frees at a known time, with no record
 * to tell of it.
 */
final class AllocatorProcessor implements Processor<String, AllocatorInput, String, AllocatorOutput> {

    static final String STAGE = "allocate-leases";
    private static final Logger LOG = LoggerFactory.getLogger(AllocatorProcessor.class);

    private final LeaseSettings settings;
    private final String requestsTopic;
    private final Serializer<LeaseRequest> requestSerializer;
    private final String viewsTopic;
    private final Serializer<ClusterWatch> viewSerializer;
    private ProcessorContext<String, AllocatorOutput> context;
    private LeaseBooks books;
    private int ownPartition;

    AllocatorProcessor(LeaseSettings settings, String requestsTopic, Serializer<LeaseRequest> requestSerializer, String viewsTopic,
                       Serializer<ClusterWatch> viewSerializer) {
        this.settings = settings;
        this.requestsTopic = requestsTopic;
        this.requestSerializer = requestSerializer;
        this.viewsTopic = viewsTopic;
        this.viewSerializer = viewSerializer;
    }

    /**
     * The partition of the allocator task that owns the cluster: the one Kafka's default partitioner gives the cluster name
     * as a key on the lease-requests topic (murmur2 of its UTF-8 bytes), where the namespace tasks' requests for it land. A
     * view copied to every partition of the cluster-views topic is kept only by that task.
     */
    static int ownerOf(String cluster, int partitions) {
        return Utils.toPositive(Utils.murmur2(cluster.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    @Override
    public void init(ProcessorContext<String, AllocatorOutput> context) {
        this.context = context;
        this.books = new LeaseBooks(context.getStateStore(AllocatorStage.STORE), settings);
        this.ownPartition = context.taskId().partition();
        context.schedule(settings.bucket(), PunctuationType.WALL_CLOCK_TIME, this::expire);
    }

    @Override
    public void process(Record<String, AllocatorInput> record) {
        if (record.value() instanceof AllocatorInput.Request request) {
            request(record, request.request());
        } else if (record.value() instanceof AllocatorInput.View view) {
            view(record, view.watch());
        }
    }

    private void request(Record<String, AllocatorInput> record, LeaseRequest request) {
        String cluster = record.key();
        if (request == null) {
            deadLetter(record, requestsTopic, null, "a tombstone is no lease request (key " + cluster + ")", "key", cluster);
            return;
        }
        byte[] original = requestSerializer.serialize(requestsTopic, request);
        if (cluster == null) {
            deadLetter(record, requestsTopic, original, "a lease request needs the cluster name as its key", "key", null);
            return;
        }
        int owner = ownerOf(cluster, settings.partitions());
        if (owner != ownPartition) {
            // Granting here would let two allocators hand out the same room.
            deadLetter(record, requestsTopic, original, "cluster " + cluster + " belongs to the allocator of partition " + owner
                    + ", not " + ownPartition + ": a lease request is partitioned by its key with Kafka's default partitioner", "key", cluster);
            return;
        }
        long now = context.currentSystemTimeMs();
        ParsedRequest parsed;
        try {
            parsed = ParsedRequest.parse(cluster, request, settings, now);
        } catch (InvalidLeaseRequest e) {
            deadLetter(record, requestsTopic, original, e.getMessage(), e.field(), e.value());
            if (request.getPartition() >= 0 && request.getPartition() < settings.partitions() && request.getSequence() >= 0) {
                // Answered all the same, so that the asking task's workloads that wait for the cluster say why.
                forward(record, books.refused(cluster, request.getPartition(), request.getSequence(),
                        "the allocator refused the lease request: " + e.getMessage(), now));
            }
            return;
        }
        forward(record, books.ask(cluster, parsed, now));
    }

    private void view(Record<String, AllocatorInput> record, ClusterWatch watch) {
        String cluster = record.key();
        if (cluster == null || watch != null && !cluster.equals(watch.getCluster())) {
            deadLetter(record, viewsTopic, watch == null ? null : viewSerializer.serialize(viewsTopic, watch),
                    "a cluster view needs its cluster's name as its key (key " + cluster + ")", "cluster", watch == null ? null : watch.getCluster());
            return;
        }
        if (ownerOf(cluster, settings.partitions()) != ownPartition) {
            return;
        }
        long now = context.currentSystemTimeMs();
        forward(record, books.see(cluster, ClusterView.of(cluster, watch), now));
    }

    private void expire(long now) {
        for (LeaseGrant grant : books.expireAll(now)) {
            context.forward(new Record<String, AllocatorOutput>(grant.getCluster(), new AllocatorOutput.Grant(grant), now));
        }
    }

    /** Grants are stamped with the wall clock: their input is taken first in line, at time 0 ({@code FirstInLine}). */
    private void forward(Record<String, AllocatorInput> record, List<LeaseGrant> grants) {
        for (LeaseGrant grant : grants) {
            context.forward(record.withValue((AllocatorOutput) new AllocatorOutput.Grant(grant)).withHeaders(new RecordHeaders())
                    .withTimestamp(context.currentSystemTimeMs()));
        }
    }

    private void deadLetter(Record<String, AllocatorInput> record, String topic, byte[] original, String reason, String field, String value) {
        RecordMetadata source = context.recordMetadata().orElse(null);
        DeadLetter letter = new DeadLetter(STAGE, reason, field, value, source == null ? topic : source.topic(),
                source == null ? -1 : source.partition(), source == null ? -1 : source.offset());
        LOG.warn("Dead-lettered a record of {} (key {}): {}", topic, record.key(), reason);
        context.forward(record.withValue((AllocatorOutput) new AllocatorOutput.DeadLettered(letter, original)).withHeaders(letter.headers())
                .withTimestamp(context.currentSystemTimeMs()));
    }
}
