package io.fedstream.api;

import io.fedstream.admit.stage.AdmitStores;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.WorkloadKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.state.HostInfo;

/**
 * Answers for the whole application: bindings live in the admit stage's stores, partitioned by namespace, so every
 * lookup goes to the one instance active for its namespace (asked for exactly that partition).
 */
final class FleetBindings implements BindingLookup {

    private static final StringSerializer KEYS = new StringSerializer();

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
        return routed(namespace,
                partitions -> local.byName(namespace, name, partitions),
                (peer, partitions) -> peers.list(peer, "/internal/resourcebindings/" + PeerClient.segment(namespace)
                        + "/" + PeerClient.segment(name) + "?partitions=" + partitions));
    }

    @Override
    public List<ResourceBinding> inNamespace(String namespace) {
        return routed(namespace,
                partitions -> local.inNamespace(namespace, partitions),
                (peer, partitions) -> peers.list(peer, "/internal/resourcebindings?namespace=" + PeerClient.segment(namespace)
                        + "&partitions=" + partitions));
    }

    @Override
    public Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
        KeyQueryMetadata metadata = active(WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse(""), workloadKey);
        if (metadata.activeHost().equals(self)) {
            return local.byWorkloadKey(workloadKey);
        }
        String path = "/internal/workloads/" + List.of(workloadKey.split("/", -1)).stream()
                .map(PeerClient::segment).collect(Collectors.joining("/"));
        return peers.one(metadata.activeHost(), path);
    }

    private List<ResourceBinding> routed(
            String namespace,
            Function<Set<Integer>, List<ResourceBinding>> here,
            BiFunction<HostInfo, String, CompletableFuture<List<ResourceBinding>>> there) {
        KeyQueryMetadata metadata = active(namespace, "namespace " + namespace);
        if (metadata.activeHost().equals(self)) {
            return here.apply(Set.of(metadata.partition()));
        }
        try {
            return there.apply(metadata.activeHost(), String.valueOf(metadata.partition())).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof StoreUnavailableException unavailable
                    ? unavailable
                    : new StoreUnavailableException("the instance active for namespace " + namespace + " failed to answer: " + e.getCause(), e.getCause());
        }
    }

    /** Where the namespace's partition of the admit stage is active now. */
    private KeyQueryMetadata active(String namespace, String what) {
        KeyQueryMetadata metadata = streams.queryMetadataForKey(AdmitStores.BINDINGS, namespace, KEYS);
        if (metadata == null || metadata.equals(KeyQueryMetadata.NOT_AVAILABLE) || !reachable(metadata.activeHost())) {
            throw new StoreUnavailableException("no instance is active for " + what + " now (rebalancing)");
        }
        return metadata;
    }

    private static boolean reachable(HostInfo host) {
        return host != null && host.port() > 0 && !host.equals(HostInfo.unavailable());
    }
}
