package io.fedstream.api;

import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindStage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Answers for the whole application: name lookups fan out to every instance holding the names index (each asked for
 * exactly the partitions the metadata gives it), key lookups go to the key's active instance.
 */
final class FleetBindings implements BindingLookup {

    private final KafkaStreams streams;
    private final HostInfo self;
    private final LocalBindingLookup local;
    private final PeerClient peers;

    FleetBindings(KafkaStreams streams, HostInfo self, LocalBindingLookup local, PeerClient peers) {
        this.streams = streams;
        this.self = self;
        this.local = local;
        this.peers = peers;
    }

    @Override
    public List<ResourceBinding> byName(String namespace, String name) {
        return fanOut(
                partitions -> local.byName(namespace, name, partitions),
                (peer, partitions) -> peers.list(peer, "/internal/resourcebindings/" + PeerClient.segment(namespace)
                        + "/" + PeerClient.segment(name) + "?partitions=" + partitions));
    }

    @Override
    public List<ResourceBinding> inNamespace(String namespace) {
        return fanOut(
                partitions -> local.inNamespace(namespace, partitions),
                (peer, partitions) -> peers.list(peer, "/internal/resourcebindings?namespace=" + PeerClient.segment(namespace)
                        + "&partitions=" + partitions));
    }

    @Override
    public Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
        KeyQueryMetadata metadata = streams.queryMetadataForKey(BindStage.BINDINGS_STORE, workloadKey, new StringSerializer());
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE) || !reachable(metadata.activeHost())) {
            throw new StoreUnavailableException("no instance is active for " + workloadKey + " now (rebalancing)");
        }
        if (metadata.activeHost().equals(self)) {
            return local.byWorkloadKey(workloadKey);
        }
        String path = "/internal/workloads/" + List.of(workloadKey.split("/", -1)).stream()
                .map(PeerClient::segment).collect(Collectors.joining("/"));
        return peers.one(metadata.activeHost(), path);
    }

    private List<ResourceBinding> fanOut(
            Function<Set<Integer>, List<ResourceBinding>> here,
            BiFunction<HostInfo, String, CompletableFuture<List<ResourceBinding>>> there) {
        Collection<StreamsMetadata> instances = streams.streamsMetadataForStore(BindStage.BINDING_NAMES_STORE);
        if (instances.isEmpty()) {
            throw new StoreUnavailableException("no instance holds " + BindStage.BINDING_NAMES_STORE + " now (rebalancing)");
        }
        List<CompletableFuture<List<ResourceBinding>>> answers = new ArrayList<>();
        for (StreamsMetadata instance : instances) {
            Set<Integer> partitions = instance.topicPartitions().stream()
                    .map(TopicPartition::partition).collect(Collectors.toCollection(TreeSet::new));
            if (partitions.isEmpty()) {
                continue;
            }
            if (!reachable(instance.hostInfo())) {
                throw new StoreUnavailableException("an instance holding " + BindStage.BINDING_NAMES_STORE + " has no application.server");
            }
            answers.add(instance.hostInfo().equals(self)
                    ? CompletableFuture.completedFuture(here.apply(partitions))
                    : there.apply(instance.hostInfo(), partitions.stream().map(String::valueOf).collect(Collectors.joining(","))));
        }
        List<ResourceBinding> all = new ArrayList<>();
        for (CompletableFuture<List<ResourceBinding>> answer : answers) {
            try {
                all.addAll(answer.join());
            } catch (CompletionException e) {
                throw e.getCause() instanceof StoreUnavailableException unavailable
                        ? unavailable
                        : new StoreUnavailableException("an instance failed to answer: " + e.getCause(), e.getCause());
            }
        }
        return all;
    }

    private static boolean reachable(HostInfo host) {
        return host != null && host.port() > 0 && !host.equals(HostInfo.unavailable());
    }
}
