package io.fedstream.api;

import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.TemplateRecommendation;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.decide.Workloads;
import io.fedstream.recommend.NamespaceForecast;
import io.fedstream.recommend.stage.RecommendationRecords;
import io.fedstream.recommend.stage.RightsizeStores;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Recommendations and namespace forecasts, from the right-sizing stage's {@link RightsizeStores#RECOMMENDATIONS} and
 * {@link RightsizeStores#QUOTAS}, and every bound workload from the namespace pass's {@link Workloads#STORE} (a workload
 * without usage has no stored recommendation: its {@code NO_USAGE} row is derived from its binding,
 * {@link RecommendationRows}), all partitioned by namespace: a namespace's partition is the one the default partitioner
 * gives the namespace as a key, so a namespace is asked of one instance and read from one partition of each store, as
 * the bindings route reads a binding and its copies; every namespace is asked of every instance.
 */
final class RecommendationQuery {

    private final FanOut fanOut;

    RecommendationQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** One namespace's recommendations and forecast (empty when it has no bound workload and no recommendation record). */
    List<NamespaceRecommendations> inNamespace(String namespace) {
        return fanOut.atKey(RightsizeStores.RECOMMENDATIONS, namespace, partition -> here(Optional.of(namespace), Set.of(partition)),
                "/internal/recommendations?namespace=" + PeerClient.segment(namespace), RecommendationObject::fromJson);
    }

    /** Every namespace's, from every instance. */
    List<NamespaceRecommendations> all() {
        return fanOut.everywhere(RightsizeStores.RECOMMENDATIONS, partitions -> here(Optional.empty(), partitions),
                "/internal/recommendations", RecommendationObject::fromJson);
    }

    /** This instance's, from the given partitions, of one namespace or all. */
    List<NamespaceRecommendations> here(Optional<String> namespace, Set<Integer> partitions) {
        List<NamespaceRecommendations> found = new ArrayList<>();
        for (int partition : new TreeSet<>(partitions)) {
            found.addAll(fanOut.read(RightsizeStores.RECOMMENDATIONS, partition, () -> read(namespace, partition)));
        }
        return found;
    }

    private List<NamespaceRecommendations> read(Optional<String> namespace, int partition) {
        Map<String, WorkloadRecommendation> stored = new HashMap<>();
        ReadOnlyKeyValueStore<String, WorkloadRecommendation> recommendations = fanOut.store(RightsizeStores.RECOMMENDATIONS, partition);
        try (KeyValueIterator<String, WorkloadRecommendation> all = recommendations.all()) {
            all.forEachRemaining(entry -> {
                if (namespace.isEmpty() || namespace.get().equals(entry.value.getNamespace())) {
                    stored.put(entry.key, entry.value);
                }
            });
        }
        Map<String, List<WorkloadRecommendation>> byNamespace = new TreeMap<>();
        ReadOnlyKeyValueStore<String, WorkloadRecord> bindings = fanOut.store(Workloads.STORE, partition);
        try (KeyValueIterator<String, WorkloadRecord> bound = namespace.map(ns -> Workloads.inNamespace(bindings, ns))
                .orElseGet(bindings::all)) {
            bound.forEachRemaining(entry -> {
                ResourceBinding binding = entry.value.getBinding();
                if (binding != null) {
                    RecommendationRows.of(Optional.ofNullable(stored.remove(binding.getWorkloadKey())), binding).ifPresent(row ->
                            byNamespace.computeIfAbsent(row.getNamespace(), ns -> new ArrayList<>()).add(row));
                }
            });
        }
        // A recommendation whose workload has no binding here any more (right-sizing has not read its removal yet).
        stored.values().forEach(row -> byNamespace.computeIfAbsent(row.getNamespace(), ns -> new ArrayList<>()).add(row));
        ReadOnlyKeyValueStore<String, QuotaStatus> quotas = fanOut.store(RightsizeStores.QUOTAS, partition);
        List<NamespaceRecommendations> found = new ArrayList<>();
        byNamespace.forEach((ns, workloads) -> {
            workloads.sort(Comparator.comparing(WorkloadRecommendation::getWorkloadKey));
            found.add(new NamespaceRecommendations(NamespaceForecast.of(ns, figures(workloads), quotas(quotas, ns)), workloads));
        });
        return found;
    }

    private static List<NamespaceForecast.TemplateFigures> figures(List<WorkloadRecommendation> workloads) {
        List<NamespaceForecast.TemplateFigures> figures = new ArrayList<>();
        for (WorkloadRecommendation workload : workloads) {
            for (TemplateRecommendation template : workload.getTemplates()) {
                // A template the binding does not name yet has no pods to count.
                if (template.getReplicas() != null) {
                    figures.add(new NamespaceForecast.TemplateFigures(template.getReplicas(), RecommendationRecords.amounts(template.getRequested()),
                            RecommendationRecords.amountsIfAny(template.getUsed()), RecommendationRecords.amountsIfAny(template.getTarget())));
                }
            }
        }
        return figures;
    }

    private static List<NamespaceForecast.QuotaHard> quotas(ReadOnlyKeyValueStore<String, QuotaStatus> store, String namespace) {
        List<NamespaceForecast.QuotaHard> quotas = new ArrayList<>();
        try (KeyValueIterator<String, QuotaStatus> found = store.prefixScan(namespace + "/", new StringSerializer())) {
            found.forEachRemaining(entry -> {
                Resources hard = Resources.fromQuantities(entry.value.getHard());
                Map<String, String> given = entry.value.getHard();
                quotas.add(new NamespaceForecast.QuotaHard(entry.value.getName(),
                        given.containsKey("cpu") ? Optional.of(hard.get("cpu")) : Optional.empty(),
                        given.containsKey("memory") ? Optional.of(hard.get("memory")) : Optional.empty()));
            });
        }
        return quotas;
    }
}
