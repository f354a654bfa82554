package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.config.WorkloadKey;
import io.fedstream.propagate.BindingStatus;
import io.fedstream.serde.AvroJson;
import io.fedstream.workstatus.WorkStatusStage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The copies of workloads on the member clusters, from the workstatus sub-topology's {@link WorkStatusStage#STORE}
 * (partitioned by namespace, as {@code fedstream.work-status} is), and a binding shown with the status they give it
 * ({@link BindingStatus}: {@code status.conditions}, {@code status.aggregatedStatus}).
 */
final class WorkStatusQuery {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final FanOut fanOut;

    WorkStatusQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** The internal routes other instances call while fanning out. */
    void addTo(Router router) {
        router.get("/internal/work-status", request -> ApiResponse.ok(toJson(all(request.partitions()))))
                .get("/internal/work-status/{group}/{kind}/{namespace}/{name}", request -> ApiResponse.ok(toJson(copiesOf(
                        String.join("/", request.path("group"), request.path("kind"), request.path("namespace"), request.path("name")),
                        request.partition()))));
    }

    /** The binding as the API shows it, with its conditions and aggregated status. */
    ObjectNode withStatus(ResourceBinding binding) {
        return withStatus(binding, copiesOf(binding.getWorkloadKey()));
    }

    /** The bindings as the API lists them, each with its status, from one read of every instance's copies. */
    ObjectNode listWithStatus(List<ResourceBinding> bindings) {
        Map<String, List<WorkStatusEvent>> copies = bindings.isEmpty() ? Map.of() : fanOut.everywhere(WorkStatusStage.STORE, this::all,
                "/internal/work-status", WorkStatusQuery::fromJson).stream().collect(Collectors.groupingBy(WorkStatusEvent::getWorkloadKey));
        ObjectNode list = BindingObject.listJson(List.of());
        ArrayNode items = list.putArray("items");
        bindings.forEach(binding -> items.add(withStatus(binding, copies.getOrDefault(binding.getWorkloadKey(), List.of()))));
        return list;
    }

    /** The copies of one workload, from the instance active for its namespace's partition. */
    List<WorkStatusEvent> copiesOf(String workloadKey) {
        String namespace = WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElse("");
        return fanOut.atKey(WorkStatusStage.STORE, namespace, partition -> copiesOf(workloadKey, partition),
                "/internal/work-status/" + PeerClient.segments(workloadKey), WorkStatusQuery::fromJson);
    }

    private List<WorkStatusEvent> copiesOf(String workloadKey, int partition) {
        return fanOut.read(WorkStatusStage.STORE, partition,
                () -> WorkStatusStage.copiesOf(fanOut.store(WorkStatusStage.STORE, partition), workloadKey));
    }

    private List<WorkStatusEvent> all(Set<Integer> partitions) {
        return fanOut.values(WorkStatusStage.STORE, partitions);
    }

    private static ObjectNode withStatus(ResourceBinding binding, List<WorkStatusEvent> copies) {
        ObjectNode object = BindingObject.toJson(binding);
        object.withObject("status").setAll(BindingStatus.of(binding, copies).toJson());
        return object;
    }

    private static JsonNode toJson(List<WorkStatusEvent> copies) {
        ArrayNode items = NODES.arrayNode();
        copies.forEach(copy -> items.add(AvroJson.toJson(copy)));
        return NODES.objectNode().set("items", items);
    }

    private static List<WorkStatusEvent> fromJson(JsonNode body) {
        List<WorkStatusEvent> copies = new ArrayList<>();
        body.path("items").forEach(item -> copies.add(AvroJson.toSpecific(item, WorkStatusEvent.class)));
        return copies;
    }
}
