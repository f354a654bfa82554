package io.fedstream.api;

import io.fedstream.admit.stage.AdmitStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Where the admit stage's partitions (keyed by namespace) are active, and how a query reaches them: this instance's
 * stores directly, another instance's through its internal routes, each asked for exactly its partitions.
 */
final class AdmitPartitions {

    private static final StringSerializer KEYS = new StringSerializer();
    private static final String REQUESTS_TOPIC_SUFFIX = "-" + AdmitStage.REQUESTS_TOPIC + "-repartition";

    private final KafkaStreams streams;
    private final HostInfo self;

    AdmitPartitions(KafkaStreams streams, HostInfo self) {
        this.streams = streams;
        this.self = self;
    }

    /** Where the namespace's partition of {@code store} is active now; {@code what} names the query in the error. */
    KeyQueryMetadata active(String store, String namespace, String what) {
        KeyQueryMetadata metadata = streams.queryMetadataForKey(store, namespace, KEYS);
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE) || !reachable(metadata.activeHost())) {
            throw new StoreUnavailableException("no instance is active for " + what + " now (rebalancing)");
        }
        return metadata;
    }

    boolean isSelf(HostInfo host) {
        return host.equals(self);
    }

    /** Asks the one instance active for the namespace: {@code here} with its partition, or {@code there} (peer, partition). */
    <T> T forNamespace(String store, String namespace, Function<Set<Integer>, T> here,
            BiFunction<HostInfo, String, CompletableFuture<T>> there) {
        KeyQueryMetadata metadata = active(store, namespace, "namespace " + namespace);
        if (isSelf(metadata.activeHost())) {
            return here.apply(Set.of(metadata.partition()));
        }
        return join(there.apply(metadata.activeHost(), String.valueOf(metadata.partition())),
                "the instance active for namespace " + namespace);
    }

    /**
     * Asks every instance holding {@code store} for its active partitions and concatenates the answers. While the group
     * rebalances a partition may be active nowhere, so the answer would be short without saying so: 503 instead.
     */
    <T> List<T> everywhere(String store, Function<Set<Integer>, List<T>> here,
            BiFunction<HostInfo, String, CompletableFuture<List<T>>> there) {
        if (streams.state() != KafkaStreams.State.RUNNING) {
            throw new StoreUnavailableException("fedstream is " + streams.state() + ", not RUNNING: partitions may be moving");
        }
        List<CompletableFuture<List<T>>> answers = new ArrayList<>();
        for (StreamsMetadata instance : streams.streamsMetadataForStore(store)) {
            // An instance's metadata lists its partitions of every sub-topology (and it may hold the store as a standby
            // only), so only its active partitions of the admit stage's input count.
            Set<Integer> partitions = instance.topicPartitions().stream()
                    .filter(tp -> tp.topic().endsWith(REQUESTS_TOPIC_SUFFIX))
                    .map(tp -> tp.partition())
                    .collect(Collectors.toCollection(TreeSet::new));
            if (partitions.isEmpty()) {
                continue;
            }
            if (!reachable(instance.hostInfo())) {
                throw new StoreUnavailableException("an instance holding " + store + " has no application.server");
            }
            answers.add(isSelf(instance.hostInfo())
                    ? CompletableFuture.completedFuture(here.apply(partitions))
                    : there.apply(instance.hostInfo(), partitions.stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        if (answers.isEmpty()) {
            throw new StoreUnavailableException("no instance holds " + store + " now (rebalancing)");
        }
        List<T> all = new ArrayList<>();
        answers.forEach(answer -> all.addAll(join(answer, "an instance holding " + store)));
        return all;
    }

    private static <T> T join(CompletableFuture<T> answer, String who) {
        try {
            return answer.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof StoreUnavailableException unavailable
                    ? unavailable
                    : new StoreUnavailableException(who + " failed to answer: " + e.getCause(), e.getCause());
        }
    }

    private static boolean reachable(HostInfo host) {
        return host != null && host.port() > 0 && !host.equals(HostInfo.unavailable());
    }
}
