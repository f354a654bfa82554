package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.recommend.Estimate;
import io.fedstream.recommend.NamespaceForecast;
import io.fedstream.recommend.stage.RecommendationRecords;
import io.fedstream.serde.AvroJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Recommendations as the API shows them: a list whose {@code items} are the workloads' WorkloadRecommendations (as
 * their Avro JSON) and whose {@code namespaces} are the namespaces' totals and quota forecasts; read back whole.
 */
public final class RecommendationObject {

    public static final String API_VERSION = "fedstream.io/v1alpha1";
    public static final String LIST_KIND = "RecommendationList";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private RecommendationObject() {}

    public static ObjectNode listJson(List<NamespaceRecommendations> namespaces) {
        ObjectNode list = NODES.objectNode().put("apiVersion", API_VERSION).put("kind", LIST_KIND);
        ArrayNode items = list.putArray("items");
        ArrayNode forecasts = list.putArray("namespaces");
        for (NamespaceRecommendations namespace : namespaces) {
            namespace.workloads().forEach(workload -> items.add(AvroJson.toJson(workload)));
            forecasts.add(forecastJson(namespace.forecast()));
        }
        return list;
    }

    /** The namespaces of a list written by {@link #listJson}, read back. */
    public static List<NamespaceRecommendations> fromJson(JsonNode list) {
        Map<String, List<WorkloadRecommendation>> byNamespace = new LinkedHashMap<>();
        for (JsonNode item : list.path("items")) {
            WorkloadRecommendation workload = AvroJson.toSpecific(item, WorkloadRecommendation.class);
            byNamespace.computeIfAbsent(workload.getNamespace(), namespace -> new ArrayList<>()).add(workload);
        }
        List<NamespaceRecommendations> namespaces = new ArrayList<>();
        for (JsonNode forecast : list.path("namespaces")) {
            NamespaceForecast read = forecastFromJson(forecast);
            namespaces.add(new NamespaceRecommendations(read, byNamespace.getOrDefault(read.namespace(), List.of())));
        }
        return namespaces;
    }

    private static ObjectNode forecastJson(NamespaceForecast forecast) {
        ObjectNode object = NODES.objectNode().put("namespace", forecast.namespace());
        object.set("requested", quantities(forecast.requested()));
        object.set("used", quantities(forecast.used()));
        object.set("recommended", quantities(forecast.recommended()));
        object.put("templates", forecast.templates()).put("templatesRecommended", forecast.templatesRecommended());
        ArrayNode quotas = object.putArray("quotas");
        for (NamespaceForecast.QuotaForecast quota : forecast.quotas()) {
            ObjectNode hard = NODES.objectNode();
            Map<String, String> amounts = new LinkedHashMap<>();
            quota.hardCpuMillis().ifPresent(cpu -> amounts.put("cpu", RecommendationRecords.quantities(new Estimate.Amounts(cpu, 0)).get("cpu")));
            quota.hardMemoryBytes().ifPresent(memory -> amounts.put("memory",
                    RecommendationRecords.quantities(new Estimate.Amounts(0, memory)).get("memory")));
            amounts.forEach(hard::put);
            quotas.addObject().put("name", quota.name()).<ObjectNode>set("hard", hard).set("needed", quantities(quota.needed()));
        }
        return object;
    }

    private static NamespaceForecast forecastFromJson(JsonNode object) {
        List<NamespaceForecast.QuotaForecast> quotas = new ArrayList<>();
        for (JsonNode quota : object.path("quotas")) {
            JsonNode hard = quota.path("hard");
            quotas.add(new NamespaceForecast.QuotaForecast(quota.path("name").asText(),
                    hard.has("cpu") ? Optional.of(amounts(Map.of("cpu", hard.path("cpu").asText())).cpuMillis()) : Optional.empty(),
                    hard.has("memory") ? Optional.of(amounts(Map.of("memory", hard.path("memory").asText())).memoryBytes()) : Optional.empty(),
                    amounts(quota.path("needed"))));
        }
        return new NamespaceForecast(object.path("namespace").asText(), amounts(object.path("requested")), amounts(object.path("used")),
                amounts(object.path("recommended")), object.path("templates").asLong(), object.path("templatesRecommended").asLong(), quotas);
    }

    private static ObjectNode quantities(Estimate.Amounts amounts) {
        ObjectNode object = NODES.objectNode();
        Map<String, String> quantities = RecommendationRecords.quantities(amounts);
        object.put("cpu", quantities.getOrDefault("cpu", "0")).put("memory", quantities.getOrDefault("memory", "0"));
        return object;
    }

    private static Estimate.Amounts amounts(JsonNode quantities) {
        return amounts(Map.of("cpu", quantities.path("cpu").asText("0"), "memory", quantities.path("memory").asText("0")));
    }

    private static Estimate.Amounts amounts(Map<String, String> quantities) {
        return RecommendationRecords.amounts(quantities);
    }
}
