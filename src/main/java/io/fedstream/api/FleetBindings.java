package io.fedstream.api;

import io.fedstream.admit.stage.AdmitStores;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.WorkloadKey;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.kafka.streams.KeyQueryMetadata;

/**
 * Answers for the whole application: bindings live in the admit stage's stores, partitioned by namespace, so every
 * lookup goes to the one instance active for its namespace (asked for exactly that partition).
 */
final class FleetBindings implements BindingLookup {

    private final AdmitPartitions partitions;
    private final LocalBindingLookup local;
    private final PeerClient peers;

    FleetBindings(AdmitPartitions partitions, LocalBindingLookup local, PeerClient peers) {
        this.partitions = partitions;
        this.local = local;
        this.peers = peers;
    }

    @Override
    public List<ResourceBinding> byName(String namespace, String name) {
        return partitions.forNamespace(AdmitStores.BINDINGS, namespace,
                here -> local.byName(namespace, name, here),
                (peer, there) -> peers.list(peer, "/internal/resourcebindings/" + PeerClient.segment(namespace)
                        + "/" + PeerClient.segment(name) + "?partitions=" + there));
    }

    @Override
    public List<ResourceBinding> inNamespace(String namespace) {
        return partitions.forNamespace(AdmitStores.BINDINGS, namespace,
                here -> local.inNamespace(namespace, here),
                (peer, there) -> peers.list(peer, "/internal/resourcebindings?namespace=" + PeerClient.segment(namespace)
                        + "&partitions=" + there));
    }

    @Override
    public Optional<ResourceBinding> byWorkloadKey(String workloadKey) {
        KeyQueryMetadata metadata = partitions.active(AdmitStores.BINDINGS,
                WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse(""), workloadKey);
        if (partitions.isSelf(metadata.activeHost())) {
            return local.byWorkloadKey(workloadKey);
        }
        String path = "/internal/workloads/" + List.of(workloadKey.split("/", -1)).stream()
                .map(PeerClient::segment).collect(Collectors.joining("/"));
        return peers.one(metadata.activeHost(), path);
    }
}
