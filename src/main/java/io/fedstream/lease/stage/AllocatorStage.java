package io.fedstream.lease.stage;

import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.LeaseGrant;
import io.fedstream.avro.StoredLeaseBook;
import io.fedstream.config.Topics;
import io.fedstream.lease.LeaseSettings;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.apache.kafka.streams.state.Stores;

/**
 * The capacity allocator's sub-topology, keyed by cluster: lease requests and cluster views in, one task per partition
 * owning the clusters whose name hashes there, grants out to the partition of the namespace task each is for, bad
 * requests to the dead-letter topic.
 */
public final class AllocatorStage {

    /** Cluster name to its {@link StoredLeaseBook}; partitioned like {@code fedstream.lease-requests}. */
    public static final String STORE = "lease-books-store";

    /** Sends a grant to the partition of the grants topic that the namespace task it is for reads. */
    static final StreamPartitioner<String, LeaseGrant> TO_ASKING_TASK = (topic, cluster, grant, partitions) -> {
        if (grant.getPartition() >= partitions) {
            // The allocator checks each request's partition against topic.partitions: the topic has fewer than that.
            throw new IllegalStateException("topic " + topic + " has " + partitions
                    + " partitions, too few for a grant to partition " + grant.getPartition() + " (cluster " + cluster
                    + "): it must have topic.partitions");
        }
        return Optional.of(Set.of(grant.getPartition()));
    };

    private final Topics topics;
    private final LeaseSettings settings;
    private final Serde<StoredLeaseBook> bookSerde;
    private final StreamPartitioner<String, LeaseGrant> grantPartitioner;

    public AllocatorStage(Topics topics, LeaseSettings settings, Serde<StoredLeaseBook> bookSerde) {
        this(topics, settings, bookSerde, TO_ASKING_TASK);
    }

    /** The test seam: TopologyTestDriver gives every output topic one partition, where no grant but partition 0's fits. */
    AllocatorStage(Topics topics, LeaseSettings settings, Serde<StoredLeaseBook> bookSerde,
                   StreamPartitioner<String, LeaseGrant> grantPartitioner) {
        this.topics = topics;
        this.settings = settings;
        this.bookSerde = bookSerde;
        this.grantPartitioner = grantPartitioner;
    }

    /** Adds the stage with a source of its own on the cluster-views topic. */
    public void addTo(StreamsBuilder builder) {
        addTo(builder, builder.stream(topics.clusterViews().name(), topics.clusterViews().consumedFirstAs("lease-cluster-views-source")));
    }

    /**
     * Adds the stage on a stream of the cluster-views topic that the caller already reads (a topic has one source node
     * in a topology): the cluster views, keyed by cluster, as they are on that topic.
     */
    public void addTo(StreamsBuilder builder, KStream<String, ClusterWatch> views) {
        // One book per cluster the partition owns: in memory, restored from its changelog, since every RocksDB store costs
        // each task about 50 ms to open at start (docs/benchmarks.md, "Start-up").
        builder.addStateStore(Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(STORE), Serdes.String(), bookSerde)
                .withCachingEnabled());
        KStream<String, AllocatorInput> requests = builder
                .stream(topics.leaseRequests().name(), topics.leaseRequests().consumedFirstAs("lease-requests-source"))
                .mapValues(AllocatorInput.Request::new, Named.as("lease-request-input"));
        KStream<String, AllocatorInput> viewInputs = views.mapValues(AllocatorInput.View::new, Named.as("lease-cluster-view-input"));
        Map<String, KStream<String, AllocatorOutput>> routes = requests
                .merge(viewInputs, Named.as("lease-allocator-inputs"))
                .process(() -> new AllocatorProcessor(settings, topics.leaseRequests().name(), topics.leaseRequests().valueSerde().serializer(),
                        topics.clusterViews().name(), topics.clusterViews().valueSerde().serializer()), Named.as(AllocatorProcessor.STAGE), STORE)
                .split(Named.as("allocate-leases-route"))
                .branch((cluster, output) -> output instanceof AllocatorOutput.Grant, Branched.as("-to-grants"))
                .defaultBranch(Branched.as("-to-dead-letters"));
        routes.get("allocate-leases-route-to-grants")
                .mapValues(output -> ((AllocatorOutput.Grant) output).grant(), Named.as("lease-grant-value"))
                .to(topics.leaseGrants().name(), topics.leaseGrants().producedAs("lease-grants-sink").withStreamPartitioner(grantPartitioner));
        routes.get("allocate-leases-route-to-dead-letters")
                .mapValues(output -> ((AllocatorOutput.DeadLettered) output).originalValue(), Named.as("lease-dead-letter-bytes"))
                .to(topics.deadLetters().name(), topics.deadLetters().producedAs("lease-dead-letters-sink"));
    }
}
