package io.fedstream.runtime;

import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.config.Topics;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * Creates the topics fedstream needs when they are missing, with the configured partitions and replication (the
 * cluster views compacted), and refuses to start when topics that tasks read together are partitioned differently.
 */
public final class TopicProvisioner {

    private final FedstreamConfig config;

    public TopicProvisioner(FedstreamConfig config) {
        this.config = config;
    }

    /** Creates every missing topic; existing topics are left as they are. Returns the topics that existed before. */
    public Set<String> ensure(Topics topics) {
        return ensure(topics, List.of());
    }

    /**
     * Creates every missing topic of fedstream's and of {@code internal} (Kafka Streams' own, as it would create them) in
     * one request; existing topics are left as they are. Returns the topics that existed before.
     */
    public Set<String> ensure(Topics topics, List<NewTopic> internal) {
        try (Creation creation = list(topics, internal)) {
            creation.createMissing();
            creation.await();
            return creation.existing();
        }
    }

    /**
     * The first step of {@link #ensure} for a start that has more to do while the broker creates the topics: lists the
     * topics that exist now. The caller closes what it returns.
     */
    public Creation list(Topics topics, List<NewTopic> internal) {
        Admin admin = Admin.create(config.adminProperties());
        try {
            return new Creation(admin, topics, internal, get(admin.listTopics().names()));
        } catch (RuntimeException e) {
            admin.close();
            throw e;
        }
    }

    /** One start's topics: those that existed before it, and the creation of the missing ones. */
    public final class Creation implements AutoCloseable {

        private final Admin admin;
        private final Topics topics;
        private final List<NewTopic> internal;
        private final Set<String> existing;
        private KafkaFuture<Void> created = KafkaFuture.completedFuture(null);

        private Creation(Admin admin, Topics topics, List<NewTopic> internal, Set<String> existing) {
            this.admin = admin;
            this.topics = topics;
            this.internal = internal;
            this.existing = Set.copyOf(existing);
        }

        /** The topics that existed before this start. */
        public Set<String> existing() {
            return existing;
        }

        /** Asks the broker for every missing topic, in one request, and returns without waiting for the answer. */
        public void createMissing() {
            List<NewTopic> missing = Stream.concat(
                            topics.all().stream().map(Topic::name).distinct().map(name -> newTopic(name, topics)),
                            internal.stream())
                    .filter(topic -> !existing.contains(topic.name()))
                    .toList();
            if (!missing.isEmpty()) {
                created = admin.createTopics(missing).all();
            }
        }

        /**
         * Waits until the missing topics exist; refuses to start when topics that tasks read together are partitioned
         * differently.
         */
        public void await() {
            get(created);
            // Topics created just now have topic.partitions partitions; describing them could race their metadata.
            List<String> together = coPartitioned(topics).stream().filter(existing::contains).toList();
            Map<String, Integer> counts = new TreeMap<>();
            if (!together.isEmpty()) {
                get(admin.describeTopics(together).allTopicNames())
                        .forEach((name, description) -> counts.put(name, description.partitions().size()));
            }
            List<String> wrong = mismatches(counts, config.topicPartitions());
            if (!wrong.isEmpty()) {
                throw new IllegalStateException("topics read by the same tasks must all have topic.partitions="
                        + config.topicPartitions() + " partitions: " + String.join(", ", wrong)
                        + "; set topic.partitions to match them or recreate the topics");
            }
        }

        @Override
        public void close() {
            admin.close();
        }
    }

    private <T> T get(KafkaFuture<T> answer) {
        try {
            return answer.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("cannot create fedstream topics on " + config.kafkaBootstrapServers() + ": "
                    + (e.getCause() instanceof TimeoutException
                            ? "no broker answered there in time (" + e.getCause().getMessage() + "); check "
                                    + FedstreamConfig.KAFKA_BOOTSTRAP_SERVERS + ", or wait longer with kafka.admin."
                                    + AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG
                            : e.getCause().getMessage()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        }
    }

    /**
     * Read by the namespace pass and the clusters' allocators in one sub-topology (workloads, their status, deltas and
     * migration events, the cluster transitions and views copied to every partition, the lease requests and grants), or
     * next to it by the same tasks (bindings, usage): these must all have topic.partitions partitions. The cluster-health
     * topic may have any count (the health client moves every heartbeat onto one partition), and so may the policies
     * (repartitioned before the pass reads them).
     */
    static List<String> coPartitioned(Topics topics) {
        return List.of(topics.workloads().name(), topics.workloadStatus().name(), topics.stateDeltas().name(),
                topics.migrationEvents().name(), topics.clusterTransitions().name(), topics.clusterViews().name(),
                topics.leaseRequests().name(), topics.leaseGrants().name(), topics.bindings().name(), topics.workloadUsage().name(),
                topics.quotaStatus().name());
    }

    /** Each topic whose partition count is not the expected one, as {@code name (n partitions)}. */
    static List<String> mismatches(Map<String, Integer> partitionCounts, int expected) {
        return partitionCounts.entrySet().stream()
                .filter(entry -> entry.getValue() != expected)
                .map(entry -> entry.getKey() + " (" + entry.getValue() + " partitions)")
                .toList();
    }

    private NewTopic newTopic(String name, Topics topics) {
        NewTopic topic = new NewTopic(name, config.topicPartitions(), config.topicReplicationFactor());
        // One record per cluster matters: only the latest view of each is read at start.
        return name.equals(topics.clusterViews().name()) ? topic.configs(Map.of("cleanup.policy", "compact")) : topic;
    }
}
