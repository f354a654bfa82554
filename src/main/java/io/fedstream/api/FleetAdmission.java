package io.fedstream.api;

import io.fedstream.admit.stage.AdmitStores;
import io.fedstream.admit.stage.ClusterShare;
import io.fedstream.admit.stage.NamespaceAggregates;
import io.fedstream.admit.stage.QuotaReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Answers for the whole application: a namespace's quotas and aggregates come from the one instance active for its
 * partition; cluster shares from every instance, since each partition holds its namespaces' share of a cluster.
 */
final class FleetAdmission implements AdmissionLookup {

    private final AdmitPartitions partitions;
    private final LocalAdmissionLookup local;
    private final PeerClient peers;

    FleetAdmission(AdmitPartitions partitions, LocalAdmissionLookup local, PeerClient peers) {
        this.partitions = partitions;
        this.local = local;
        this.peers = peers;
    }

    @Override
    public List<QuotaReport> quotas(String namespace) {
        return partitions.forNamespace(AdmitStores.QUOTAS, namespace,
                here -> local.quotas(namespace, here),
                (peer, there) -> peers.json(peer, "/internal/quotas?namespace=" + PeerClient.segment(namespace) + "&partitions=" + there)
                        .thenApply(body -> {
                            List<QuotaReport> reports = new ArrayList<>();
                            body.path("items").forEach(item -> reports.add(QuotaObject.fromJson(item)));
                            return reports;
                        }));
    }

    @Override
    public NamespaceAggregates aggregates(String namespace) {
        return partitions.forNamespace(AdmitStores.AGGREGATES, namespace,
                here -> local.aggregates(namespace, here),
                (peer, there) -> peers.json(peer, "/internal/aggregates?namespace=" + PeerClient.segment(namespace) + "&partitions=" + there)
                        .thenApply(AggregateObjects::namespaceFromJson));
    }

    @Override
    public List<ClusterShare> clusterShares(Optional<String> cluster) {
        String filter = cluster.map(c -> "&cluster=" + PeerClient.segment(c)).orElse("");
        return partitions.everywhere(AdmitStores.AGGREGATES,
                here -> local.clusterShares(cluster, here),
                (peer, there) -> peers.json(peer, "/internal/aggregates/clusters?partitions=" + there + filter)
                        .thenApply(AggregateObjects::sharesFromJson));
    }
}
