package io.fedstream.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.AbortTransactionSpec;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeProducersResult;
import org.apache.kafka.clients.admin.ListTopicsOptions;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Transactions left open on a broker's partitions, found as {@code kafka-transactions.sh find-hanging} finds them (every
 * partition's producers, {@code describeProducers}: those with a transaction start offset) and aborted as its
 * {@code abort} aborts one ({@code abortTransaction}: the partition's abort marker). A process that died mid-commit (an
 * out-of-memory error in the embedded broker while it wrote the markers) leaves one, and then every consumer that reads
 * committed data, Kafka Streams' restore and offset fetch included, waits on it for ever.
 */
public final class HangingTransactions {

    private static final Logger LOG = LoggerFactory.getLogger(HangingTransactions.class);
    private static final int BATCH = 500;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /** Kafka Streams' transaction timeout under exactly-once unless {@code kafka.producer.transaction.timeout.ms} says otherwise. */
    private static final Duration STREAMS_TRANSACTION_TIMEOUT = Duration.ofSeconds(10);

    /** One open transaction: where, whose, and since when the producer last wrote. */
    public record Open(TopicPartition partition, long producerId, int producerEpoch, int coordinatorEpoch, long startOffset, Instant lastWrite) {

        @Override
        public String toString() {
            return "partition " + partition + " holds an open transaction of producer " + producerId + " (epoch " + producerEpoch
                    + ", from offset " + startOffset + ", last write " + lastWrite + ")";
        }
    }

    private HangingTransactions() {}

    /** The transaction timeout of fedstream's own producers, from its Kafka Streams properties. */
    public static Duration transactionTimeout(Properties streamsProperties) {
        Object configured = streamsProperties.getOrDefault(StreamsConfig.producerPrefix(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG),
                streamsProperties.get(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG));
        return configured == null ? STREAMS_TRANSACTION_TIMEOUT : Duration.ofMillis(Long.parseLong(configured.toString()));
    }

    /**
     * Aborts every transaction whose producer last wrote longer ago than {@code olderThan} (a live producer of fedstream
     * would have committed or been aborted by its coordinator by then), logging each; returns those aborted.
     */
    public static List<Open> abortOlderThan(Properties adminProperties, Duration olderThan) {
        try (Admin admin = Admin.create(adminProperties)) {
            List<Open> aborted = new ArrayList<>();
            Instant oldest = Instant.now().minus(olderThan);
            for (Open open : find(admin)) {
                if (open.lastWrite().isBefore(oldest)) {
                    admin.abortTransaction(new AbortTransactionSpec(open.partition(), open.producerId(), (short) open.producerEpoch(),
                            Math.max(0, open.coordinatorEpoch()))).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                    LOG.warn("Aborted a transaction left open by a process that stopped mid-commit: {}", open);
                    aborted.add(open);
                }
            }
            return aborted;
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("cannot look for or abort open transactions on Kafka at "
                    + adminProperties.get("bootstrap.servers") + ": " + (e.getCause() == null ? e : e.getCause()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while looking for open transactions", e);
        }
    }

    /** Every open transaction, in one line for a start that cannot go on; empty when there is none or none can be read. */
    static String describeOpen(Properties adminProperties) {
        try (Admin admin = Admin.create(adminProperties)) {
            List<String> open = find(admin).stream().map(Open::toString).toList();
            return String.join("; ", open);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** Every partition's open transactions, internal topics included. */
    static List<Open> find(Admin admin) throws ExecutionException, InterruptedException, TimeoutException {
        List<String> topics = new ArrayList<>(admin.listTopics(new ListTopicsOptions().listInternal(true)).names()
                .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        List<TopicPartition> partitions = new ArrayList<>();
        Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        described.forEach((topic, description) -> description.partitions().forEach(p -> partitions.add(new TopicPartition(topic, p.partition()))));
        List<Open> open = new ArrayList<>();
        for (int from = 0; from < partitions.size(); from += BATCH) {
            Map<TopicPartition, DescribeProducersResult.PartitionProducerState> producers = admin.describeProducers(
                    partitions.subList(from, Math.min(partitions.size(), from + BATCH))).all().get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            producers.forEach((partition, state) -> {
                for (ProducerState producer : state.activeProducers()) {
                    if (producer.currentTransactionStartOffset().isPresent()) {
                        open.add(new Open(partition, producer.producerId(), producer.producerEpoch(), producer.coordinatorEpoch().orElse(-1),
                                producer.currentTransactionStartOffset().getAsLong(), Instant.ofEpochMilli(producer.lastTimestamp())));
                    }
                }
            });
        }
        return open;
    }
}
