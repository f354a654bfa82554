package io.fedstream.place;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The placement a workload was last scheduled with, as Karmada's scheduler keeps it in the binding's
 * {@code policy.karmada.io/applied-placement} annotation, and whether a policy's placement differs from it as far as the
 * scheduler cares ({@code pkg/scheduler/helper.go} {@code placementChanged}): a change of {@code clusterAffinity},
 * {@code clusterTolerations}, {@code spreadConstraints} or {@code replicaScheduling} counts; of {@code clusterAffinities}
 * only a change of the term the workload was scheduled from (or its removal). Each field is kept as a canonical text
 * (sets and maps sorted), so that what a restarted instance renders compares equal to what was stored.
 *
 * @param policy the key ({@link PropagationPolicy#key()}) of the policy that governed the workload then
 * @param group the name of the {@code clusterAffinities} term it was scheduled from, or null (a single or no affinity)
 * @param affinity that term, or the single {@code clusterAffinity} (or none)
 * @param tolerations {@code clusterTolerations}
 * @param spread {@code spreadConstraints}
 * @param scheduling {@code replicaScheduling} (type and division)
 */
public record AppliedPlacement(String policy, String group, String affinity, String tolerations, String spread, String scheduling) {

    /** The placement of {@code policy} as applied to a workload scheduled from its affinity group {@code groupIndex}. */
    public static AppliedPlacement of(PropagationPolicy policy, int groupIndex) {
        PropagationPolicy.Placement placement = policy.placement();
        String group = null;
        String affinity = canonical(placement.affinityGroups());
        if (placement.groupsNamed()) {
            ClusterAffinity term = placement.affinityGroups().get(Math.min(Math.max(groupIndex, 0), placement.affinityGroups().size() - 1));
            group = term.name();
            affinity = canonical(term);
        }
        return new AppliedPlacement(policy.key(), group, affinity, canonical(placement.tolerations()), canonical(placement.spreadConstraints()),
                placement.replicaScheduling() + " " + canonical(placement.division()));
    }

    /**
     * What of {@code now}'s placement differs from this one, by Karmada's field names (empty: the workload need not be
     * scheduled again). A {@code clusterAffinities} term is found by name, as Karmada's scheduler finds the one it
     * observed.
     */
    public List<String> changes(PropagationPolicy now) {
        PropagationPolicy.Placement placement = now.placement();
        List<String> out = new ArrayList<>();
        if (group == null || !placement.groupsNamed()) {
            if (group != null || placement.groupsNamed() || !affinity.equals(canonical(placement.affinityGroups()))) {
                out.add(placement.groupsNamed() || group != null ? "clusterAffinity/clusterAffinities" : "clusterAffinity");
            }
        } else {
            ClusterAffinity term = placement.affinityGroups().stream().filter(t -> group.equals(t.name())).findFirst().orElse(null);
            if (term == null) {
                out.add("clusterAffinities (term " + group + " removed)");
            } else if (!affinity.equals(canonical(term))) {
                out.add("clusterAffinities (term " + group + ")");
            }
        }
        if (!tolerations.equals(canonical(placement.tolerations()))) {
            out.add("clusterTolerations");
        }
        if (!spread.equals(canonical(placement.spreadConstraints()))) {
            out.add("spreadConstraints");
        }
        if (!scheduling.equals(placement.replicaScheduling() + " " + canonical(placement.division()))) {
            out.add("replicaScheduling");
        }
        return out;
    }

    /** The index of the affinity group this placement was scheduled from in {@code now}'s groups (0 when not found). */
    public int groupIndex(PropagationPolicy now) {
        List<ClusterAffinity> groups = now.placement().affinityGroups();
        for (int i = 0; i < groups.size(); i++) {
            if (Objects.equals(groups.get(i).name(), group)) {
                return i;
            }
        }
        return 0;
    }

    /** This placement, now claimed by another policy (its key), whose placement does not differ from it, or by none. */
    public AppliedPlacement claimedBy(String policyKey) {
        return new AppliedPlacement(policyKey, group, affinity, tolerations, spread, scheduling);
    }

    /** A value's text with sets and maps in sorted order, records as {@code Name{field=value, ...}}. */
    static String canonical(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof Record record) {
            StringBuilder out = new StringBuilder(record.getClass().getSimpleName()).append('{');
            RecordComponent[] components = record.getClass().getRecordComponents();
            for (int i = 0; i < components.length; i++) {
                out.append(i == 0 ? "" : ", ").append(components[i].getName()).append('=').append(canonical(read(components[i], record)));
            }
            return out.append('}').toString();
        }
        if (value instanceof Set<?> set) {
            return set.stream().map(AppliedPlacement::canonical).sorted().collect(Collectors.joining(", ", "{", "}"));
        }
        if (value instanceof Collection<?> list) {
            return list.stream().map(AppliedPlacement::canonical).collect(Collectors.joining(", ", "[", "]"));
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, String> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(canonical(k), canonical(v)));
            return sorted.toString();
        }
        if (value instanceof Enum<?> e) {
            return e.name();
        }
        return value.toString();
    }

    private static Object read(RecordComponent component, Record record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + component.getName() + " of " + record.getClass().getSimpleName(), e);
        }
    }
}
