package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.Admission;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.avro.RoomNote;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.bind.BindingNames;
import io.fedstream.bind.BindingShares;
import io.fedstream.propagate.BindingStatus;
import io.fedstream.serde.AvroJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A binding as the API shows it: Karmada's {@code work.karmada.io/v1alpha2} ResourceBinding (v1.15 {@code
 * spec.components} for the templates, {@code spec.clusters} for the placement, and, given its copies on the member
 * clusters, {@code status.conditions} Scheduled and FullyApplied and {@code status.aggregatedStatus} as
 * {@link BindingStatus} derives them) with fedstream's status beside Karmada's fields ({@code resourceRequests} per
 * template, totals, interpretation with its warnings, admission, and {@code roomNotes}: the placed clusters whose share
 * exceeds the room they reported); {@link #fromJson} reads it back whole. {@code metadata.resourceVersion}
 * is the time of the binding's last change, in milliseconds.
 */
public final class BindingObject {

    public static final String API_VERSION = "work.karmada.io/v1alpha2";
    public static final String KIND = "ResourceBinding";
    /** The kind of a cluster-scoped object's binding (its namespace {@code ""}), as Karmada names it. */
    public static final String CLUSTER_KIND = "ClusterResourceBinding";
    /** Annotation carrying the workload key, the binding's identity in Kafka. */
    public static final String WORKLOAD_KEY_ANNOTATION = "fedstream.io/workload-key";

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String LIMITS = "limits";
    /** The reason of every item of {@code status.roomNotes}, in the CamelCase of Karmada's condition reasons. */
    static final String ROOM_NOTE_REASON = "ShareExceedsReportedRoom";

    private BindingObject() {}

    /** The binding alone, as fedstream decided it. */
    public static ObjectNode toJson(ResourceBinding binding) {
        ObjectNode object = NODES.objectNode().put("apiVersion", API_VERSION)
                .put("kind", binding.getNamespace().isEmpty() ? CLUSTER_KIND : KIND);
        object.set("metadata", metadata(binding));
        object.set("spec", spec(binding));
        object.set("status", status(binding));
        return object;
    }

    /** The binding with the status its copies on the member clusters give it (none reported yet: an empty collection). */
    public static ObjectNode toJson(ResourceBinding binding, Collection<WorkStatusEvent> copies) {
        ObjectNode object = toJson(binding);
        ((ObjectNode) object.get("status")).setAll(BindingStatus.of(binding, copies).toJson());
        return object;
    }

    private static ObjectNode metadata(ResourceBinding binding) {
        ObjectNode metadata = NODES.objectNode();
        BindingNames.NamespacedName address = address(binding);
        metadata.put("name", address.name());
        if (!address.namespace().isEmpty()) {
            metadata.put("namespace", address.namespace());
        }
        metadata.put("generation", binding.getGeneration())
                .put("resourceVersion", Long.toString(binding.getUpdatedAt().toEpochMilli()));
        metadata.set("labels", strings(binding.getLabels()));
        ObjectNode annotations = metadata.putObject("annotations").put(WORKLOAD_KEY_ANNOTATION, binding.getWorkloadKey());
        PolicyAnnotations.put(annotations, binding.getPlacement() == null ? null : binding.getPlacement().getPolicy());
        return metadata;
    }

    /** The binding's namespace and name: from its workload key, or from its resource when the key is not a workload key. */
    public static BindingNames.NamespacedName address(ResourceBinding binding) {
        return BindingNames.of(binding).orElseGet(() -> new BindingNames.NamespacedName(
                binding.getNamespace(), BindingNames.bindingName(binding.getKind(), binding.getName())));
    }

    private static ObjectNode spec(ResourceBinding binding) {
        ObjectNode spec = NODES.objectNode();
        ObjectNode resource = spec.putObject("resource")
                .put("apiVersion", binding.getApiVersion())
                .put("kind", binding.getKind());
        if (!binding.getNamespace().isEmpty()) {
            resource.put("namespace", binding.getNamespace());
        }
        resource.put("name", binding.getName());
        ArrayNode components = spec.putArray("components");
        for (Component component : binding.getComponents()) {
            ObjectNode item = components.addObject().put("name", component.getName()).put("replicas", component.getReplicas());
            if (component.getMinReplicas() != null) {
                item.put("minReplicas", component.getMinReplicas());
            }
            if (component.getMaxReplicas() != null) {
                item.put("maxReplicas", component.getMaxReplicas());
            }
            ObjectNode requirements = item.putObject("replicaRequirements");
            requirements.set("resourceRequest", strings(component.getPerPod()));
            if (!component.getPerPodLimits().isEmpty()) {
                requirements.set("resourceLimits", strings(component.getPerPodLimits()));
            }
            if (binding.getPriorityClassName() != null) {
                requirements.put("priorityClassName", binding.getPriorityClassName());
            }
        }
        Placement placement = binding.getPlacement();
        if (placement != null) {
            ArrayNode clusters = spec.putArray("clusters");
            for (ClusterTarget target : placement.getClusters()) {
                ObjectNode cluster = clusters.addObject().put("name", target.getName());
                if (target.getReplicas() != null) {
                    cluster.put("replicas", target.getReplicas());
                }
                if (!target.getComponents().isEmpty()) {
                    // fedstream's extension: each component's pods on the cluster (docs/placement.md "Each component's share").
                    ArrayNode shares = cluster.putArray("components");
                    target.getComponents().forEach(c -> shares.addObject().put("name", c.getName()).put("replicas", c.getReplicas()));
                }
            }
            ObjectNode placementNode = spec.putObject("placement");
            placementNode.putObject("replicaScheduling").put("replicaSchedulingType", pascal(placement.getScheduling().name()));
            placementNode.put("decidedBy", placement.getDecidedBy());
        }
        return spec;
    }

    private static ObjectNode status(ResourceBinding binding) {
        ObjectNode status = NODES.objectNode();
        ArrayNode requests = status.putArray("resourceRequests");
        for (Component component : binding.getComponents()) {
            ObjectNode request = requests.addObject().put("templateName", component.getName()).put("replicas", component.getReplicas());
            new TreeMap<>(component.getTotal()).forEach(request::put);
            if (!component.getTotalLimits().isEmpty()) {
                request.set(LIMITS, strings(component.getTotalLimits()));
            }
        }
        status.set("total", strings(binding.getTotal()));
        if (!binding.getTotalLimits().isEmpty()) {
            status.set("totalLimits", strings(binding.getTotalLimits()));
        }
        status.set("interpretation", AvroJson.toJson(binding.getInterpretation()));
        status.set("admission", AvroJson.toJson(binding.getAdmission()));
        if (!binding.getClusterOverrides().isEmpty()) {
            // fedstream's own: what the override policies make of the workload per cluster (docs/overrides.md).
            ArrayNode overrides = status.putArray("clusterOverrides");
            // A Divided share shows its own replicas, as it is charged (BindingShares).
            BindingShares.shownOverrides(binding).forEach(o -> overrides.add(AvroJson.toJson(o)));
        }
        if (binding.getUnplacedReason() != null) {
            status.put("unplacedReason", binding.getUnplacedReason());
        }
        if (binding.getPlacement() != null && !binding.getPlacement().getRoomNotes().isEmpty()) {
            // fedstream's own: the placed clusters whose share exceeds the room they reported, one item per cluster as
            // aggregatedStatus lists them; Karmada places such shares without a word (docs/placement.md).
            ArrayNode notes = status.putArray("roomNotes");
            binding.getPlacement().getRoomNotes().forEach(note -> notes.addObject()
                    .put("clusterName", note.getCluster()).put("reason", ROOM_NOTE_REASON).put("message", note.getMessage()));
        }
        if (binding.getPlacement() != null && !binding.getPlacement().getClusters().isEmpty()) {
            status.put("schedulerObservedGeneration", binding.getGeneration());
        }
        status.put("observedAt", binding.getObservedAt().toString());
        status.put("updatedAt", binding.getUpdatedAt().toString());
        return status;
    }

    /** Reads an object written by {@link #toJson} back into the binding it shows. */
    public static ResourceBinding fromJson(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        JsonNode spec = object.path("spec");
        JsonNode status = object.path("status");
        JsonNode resource = spec.path("resource");
        List<Component> components = new ArrayList<>();
        String priorityClassName = null;
        Iterator<JsonNode> requests = status.path("resourceRequests").elements();
        for (JsonNode item : spec.path("components")) {
            JsonNode request = requests.hasNext() ? requests.next() : NODES.objectNode();
            JsonNode requirements = item.path("replicaRequirements");
            priorityClassName = requirements.hasNonNull("priorityClassName") ? requirements.get("priorityClassName").asText() : priorityClassName;
            Map<String, String> total = new TreeMap<>();
            request.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("templateName") && !e.getKey().equals("replicas") && !e.getKey().equals(LIMITS)) {
                    total.put(e.getKey(), e.getValue().asText());
                }
            });
            components.add(Component.newBuilder()
                    .setName(item.path("name").asText())
                    .setReplicas(item.path("replicas").asLong())
                    .setMinReplicas(item.hasNonNull("minReplicas") ? item.get("minReplicas").asLong() : null)
                    .setMaxReplicas(item.hasNonNull("maxReplicas") ? item.get("maxReplicas").asLong() : null)
                    .setPerPod(strings(requirements.path("resourceRequest")))
                    .setTotal(total)
                    .setPerPodLimits(strings(requirements.path("resourceLimits")))
                    .setTotalLimits(strings(request.path(LIMITS)))
                    .build());
        }
        return ResourceBinding.newBuilder()
                .setWorkloadKey(metadata.path("annotations").path(WORKLOAD_KEY_ANNOTATION).asText())
                .setApiVersion(resource.path("apiVersion").asText())
                .setKind(resource.path("kind").asText())
                .setNamespace(resource.path("namespace").asText())
                .setName(resource.path("name").asText())
                .setLabels(strings(metadata.path("labels")))
                .setPriorityClassName(priorityClassName)
                .setGeneration(metadata.path("generation").asLong())
                .setComponents(components)
                .setTotal(strings(status.path("total")))
                .setTotalLimits(strings(status.path("totalLimits")))
                .setInterpretation(AvroJson.toSpecific(status.path("interpretation"), InterpretationStatus.class))
                .setAdmission(AvroJson.toSpecific(status.path("admission"), Admission.class))
                .setPlacement(placement(spec, metadata.path("annotations"), status.path("roomNotes")))
                .setClusterOverrides(clusterOverrides(status.path("clusterOverrides")))
                .setUnplacedReason(status.hasNonNull("unplacedReason") ? status.get("unplacedReason").asText() : null)
                .setObservedAt(Instant.parse(status.path("observedAt").asText()))
                .setUpdatedAt(Instant.parse(status.path("updatedAt").asText()))
                .build();
    }

    private static List<ClusterOverride> clusterOverrides(JsonNode list) {
        List<ClusterOverride> out = new ArrayList<>();
        list.forEach(item -> out.add(AvroJson.toSpecific(item, ClusterOverride.class)));
        return out;
    }

    private static Placement placement(JsonNode spec, JsonNode annotations, JsonNode roomNotes) {
        if (!spec.has("placement")) {
            return null;
        }
        List<ClusterTarget> clusters = new ArrayList<>();
        for (JsonNode cluster : spec.path("clusters")) {
            List<ComponentShare> components = new ArrayList<>();
            cluster.path("components").forEach(c -> components.add(
                    new ComponentShare(c.path("name").asText(), c.path("replicas").asLong())));
            clusters.add(ClusterTarget.newBuilder()
                    .setName(cluster.path("name").asText())
                    .setReplicas(cluster.hasNonNull("replicas") ? cluster.get("replicas").asLong() : null)
                    .setComponents(components)
                    .build());
        }
        JsonNode placement = spec.get("placement");
        return Placement.newBuilder()
                .setClusters(clusters)
                .setScheduling(ReplicaScheduling.valueOf(
                        placement.path("replicaScheduling").path("replicaSchedulingType").asText().toUpperCase(Locale.ROOT)))
                .setDecidedBy(placement.path("decidedBy").asText())
                .setPolicy(PolicyAnnotations.policyKey(annotations))
                .setRoomNotes(roomNotes(roomNotes))
                .build();
    }

    private static List<RoomNote> roomNotes(JsonNode list) {
        List<RoomNote> out = new ArrayList<>();
        list.forEach(item -> out.add(new RoomNote(item.path("clusterName").asText(), item.path("message").asText())));
        return out;
    }

    private static ObjectNode strings(Map<String, String> values) {
        ObjectNode node = NODES.objectNode();
        new TreeMap<>(values).forEach(node::put);
        return node;
    }

    private static Map<String, String> strings(JsonNode node) {
        Map<String, String> values = new TreeMap<>();
        node.fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue().asText()));
        return values;
    }

    /** DUPLICATED -> Duplicated, Karmada's spelling of the enum. */
    private static String pascal(String symbol) {
        return symbol.charAt(0) + symbol.substring(1).toLowerCase(Locale.ROOT);
    }
}
