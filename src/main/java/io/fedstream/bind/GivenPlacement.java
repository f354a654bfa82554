package io.fedstream.bind;

import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.ComponentShare;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ReplicaScheduling;
import io.fedstream.interpret.ComponentRequirement;
import io.fedstream.interpret.FieldError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a placement given with a workload event ("placement already decided") that lists each cluster's pods per
 * component ({@code clusters[].components}) against the workload's components, as Karmada's ResourceBinding webhook
 * refuses a binding whose components are invalid ({@code pkg/webhook/resourcebinding/validating.go}
 * {@code validateComponents}): the listed shares must name the workload's components, count no negative pods, add up to
 * each component's replicas, and add up to each cluster's {@code replicas} when it is given. A placement that lists no
 * component is not checked here (each cluster's share is then split by its replicas, as before).
 */
public final class GivenPlacement {

    private GivenPlacement() {}

    /** Every problem of the placement's listed shares, each naming its field and value; empty when they hold (or none is listed). */
    public static List<FieldError> problems(Placement placement, List<ComponentRequirement> components) {
        if (placement == null || placement.getClusters().stream().allMatch(target -> target.getComponents().isEmpty())) {
            return List.of();
        }
        List<FieldError> problems = new ArrayList<>();
        if (placement.getScheduling() != ReplicaScheduling.DIVIDED) {
            problems.add(new FieldError("placement.scheduling", String.valueOf(placement.getScheduling()),
                    "only a DIVIDED placement lists each cluster's pods per component (clusters[].components)"));
            return problems;
        }
        Map<String, Long> written = new LinkedHashMap<>();
        components.forEach(component -> written.put(component.name(), component.replicas()));
        Map<String, Long> listed = new LinkedHashMap<>();
        written.keySet().forEach(name -> listed.put(name, 0L));
        for (int i = 0; i < placement.getClusters().size(); i++) {
            ClusterTarget target = placement.getClusters().get(i);
            int found = problems.size();
            long clusterPods = 0;
            for (int k = 0; k < target.getComponents().size(); k++) {
                ComponentShare share = target.getComponents().get(k);
                String field = "placement.clusters[" + i + "].components[" + k + "]";
                if (!written.containsKey(share.getName())) {
                    problems.add(new FieldError(field + ".name", share.getName(),
                            "is not a component of the workload (its components: " + String.join(", ", written.keySet()) + ")"));
                } else if (share.getReplicas() < 0) {
                    problems.add(new FieldError(field + ".replicas", Long.toString(share.getReplicas()), "must not be negative"));
                } else {
                    listed.merge(share.getName(), share.getReplicas(), Long::sum);
                    clusterPods += share.getReplicas();
                }
            }
            // A cluster whose list is wrong already has its problem; its sum would only repeat it.
            if (problems.size() == found && target.getReplicas() != null && target.getReplicas() != clusterPods) {
                problems.add(new FieldError("placement.clusters[" + i + "].replicas", Long.toString(target.getReplicas()),
                        "is not the sum of its components' pods (" + clusterPods + ")"));
            }
        }
        if (problems.isEmpty()) {
            written.forEach((name, replicas) -> {
                if (listed.get(name) != replicas.longValue()) {
                    problems.add(new FieldError("placement.clusters[].components[" + name + "].replicas", Long.toString(listed.get(name)),
                            "the clusters' pods of " + name + " must add up to its replicas (" + replicas + ")"));
                }
            });
        }
        return problems;
    }
}
