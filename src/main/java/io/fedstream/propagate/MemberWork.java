package io.fedstream.propagate;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fedstream.avro.AdmissionState;
import io.fedstream.avro.ClusterOverride;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.bind.BindingShares;
import io.fedstream.interpret.lua.LuaScriptException;
import io.fedstream.override.ReplicaRevision;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one member cluster gets of a binding's workload, as Karmada's binding controller builds each cluster's Work
 * ({@code pkg/controllers/binding/common.go} {@code ensureWork}): the manifest of the version that runs, its replicas
 * revised to the cluster's share of a Divided placement ({@code ReviseReplica}), then the cluster's overrides (the
 * binding's {@code clusterOverrides}, which the bind stage computed: a component whose count the override sets keeps it,
 * {@link BindingShares}), the fields the API server writes pruned ({@code prune.RemoveIrrelevantFields}), and
 * fedstream's marks ({@link PropagationMarks}). The share is written by the kind's replicaRevision script where a
 * ResourceInterpreterCustomization has one (Karmada's interpreter chain asks the customizations first); a script that
 * fails fails the cluster's copy, as Karmada's {@code ensureWork} fails. Pure: no Kafka, no cluster.
 */
public final class MemberWork {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String FAILOVER = "failover";

    private final ReplicaRevision revision;
    private final CustomizationsInForce customizations;

    /** Karmada's built-in behaviour for every kind. */
    public MemberWork() {
        this(CustomizationsInForce.BUILT_IN);
    }

    /**
     * With the kinds' replicaRevision scripts and declared replica fields of {@code customizations}; a copy of a kind with a
     * refused customization is built the built-in way and reported FAILED with the refusal.
     */
    public MemberWork(CustomizationsInForce customizations) {
        this.customizations = customizations;
        this.revision = new ReplicaRevision(customizations.interpreter());
    }

    /**
     * What {@code cluster} should have of the binding's workload; {@code manifest} is the manifest of the binding's
     * version (null when it is not known) and {@code binding} null once the workload is deleted.
     */
    public Desired of(ResourceBinding binding, String manifest, String cluster) {
        if (binding == null) {
            return new Desired.Absent(Desired.Why.DELETED);
        }
        Placement placement = binding.getPlacement();
        Optional<ClusterTarget> target = placement == null ? Optional.empty()
                : placement.getClusters().stream().filter(c -> c.getName().equals(cluster)).findFirst();
        if (target.isEmpty()) {
            return new Desired.Absent(placement != null && FAILOVER.equals(placement.getDecidedBy())
                    ? Desired.Why.LEFT_BY_FAILOVER : Desired.Why.NOT_PLACED);
        }
        long generation = binding.getGeneration();
        if (binding.getAdmission().getState() != AdmissionState.ADMITTED
                || !Objects.equals(binding.getAdmission().getChargedGeneration(), generation)) {
            return new Desired.Held("generation " + generation + " is not admitted (" + binding.getAdmission().getState()
                    + "): the clusters keep the version they run");
        }
        if (manifest == null) {
            return new Desired.Failed("the manifest of generation " + generation + " (observed at " + binding.getObservedAt()
                    + ") is not on the workloads topic", generation);
        }
        Optional<ClusterOverride> override = binding.getClusterOverrides().stream().filter(o -> o.getCluster().equals(cluster)).findFirst();
        if (override.isPresent() && override.get().getProblem() != null) {
            return new Desired.Failed("the overrides for " + cluster + " cannot be applied: " + override.get().getProblem(), generation);
        }
        String written = override.map(ClusterOverride::getManifest).filter(Objects::nonNull).orElse(manifest);
        Map<String, Long> share = placement.getScheduling() == ReplicaScheduling.DIVIDED
                ? BindingShares.movedReplicas(binding, cluster, cluster) : Map.of();
        ReplicaRevision.Revised revised;
        try {
            revised = share.isEmpty() ? new ReplicaRevision.Revised(json(written), List.of()) : revision.revise(json(written), share);
        } catch (IllegalArgumentException | LuaScriptException e) {
            // Karmada's binding controller fails the cluster's Work when ReviseReplica fails: the copy stays as it is.
            return new Desired.Failed("the manifest cannot be revised to the share of " + cluster + ": " + e.getMessage(), generation);
        }
        List<String> rules = override.map(ClusterOverride::getApplied).orElse(List.of());
        return refusedOf(binding.getApiVersion(), binding.getKind(), apply(binding.getWorkloadKey(), binding.getNamespace(),
                revised.manifest(), generation, rules, revised.unrevised().isEmpty() ? null : "the share's replicas of "
                        + String.join(", ", revised.unrevised().stream().sorted().map(name -> name + " (" + share.get(name) + ")").toList())
                        + " are not one field of the manifest: applied as written"));
    }

    /** The copy, reported FAILED when a customization of its kind was refused (it is built the built-in way). */
    private Desired.Apply refusedOf(String apiVersion, String kind, Desired.Apply apply) {
        return customizations.refusal(apiVersion, kind).map(apply::withProblem).orElse(apply);
    }

    /**
     * What {@code cluster} gets of an object that a workload placed there uses ({@link Dependencies}): its own manifest,
     * with its own binding's overrides for the cluster when it has a binding of that version ({@code ownBinding}, may be
     * null), as Karmada's attached binding builds its Work.
     */
    public Desired dependency(String key, String namespace, String manifest, ResourceBinding ownBinding, String cluster) {
        long generation = ownBinding == null ? 0 : ownBinding.getGeneration();
        Optional<ClusterOverride> override = ownBinding == null ? Optional.empty()
                : ownBinding.getClusterOverrides().stream().filter(o -> o.getCluster().equals(cluster) && o.getProblem() == null
                        && o.getManifest() != null).findFirst();
        String written = override.map(ClusterOverride::getManifest).orElse(manifest);
        Desired.Apply apply = apply(key, namespace, json(written), generation, override.map(ClusterOverride::getApplied).orElse(List.of()), null);
        return refusedOf(apply.object().path("apiVersion").asText(), apply.object().path("kind").asText(), apply);
    }

    private static Desired.Apply apply(String key, String namespace, String manifestJson, long generation, List<String> rules, String note) {
        ObjectNode object = parse(manifestJson);
        Pruning.prune(object);
        if (!namespace.isEmpty()) {
            object.withObject("metadata").put("namespace", namespace);
        } else {
            object.withObject("metadata").remove("namespace");
        }
        String digest = PropagationMarks.mark(object, key, generation, rules);
        return new Desired.Apply(object, digest, generation, note, null);
    }

    private static String json(String manifest) {
        return parse(manifest).toString();
    }

    private static ObjectNode parse(String manifest) {
        try {
            // The workloads topic takes YAML as well as JSON.
            JsonNode root = YAML.readTree(manifest);
            if (root instanceof ObjectNode object) {
                return object;
            }
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("manifest: neither JSON nor YAML: " + e.getOriginalMessage(), e);
        }
        throw new IllegalArgumentException("manifest: not an object");
    }
}
