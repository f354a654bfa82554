package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * The manifest one cluster gets after its override rules, and which rules changed it (e.g.
 * {@code ClusterOverridePolicy registry-mirror spec.overrideRules[0]}, in the order applied);
 * or, when a rule cannot be applied, the problem (naming policy, rule, overrider and path) and
 * no manifest: Karmada then syncs nothing to that cluster.
 */
public record OverrideResult(JsonNode manifest, List<String> applied, String problem) {

    public OverrideResult {
        applied = List.copyOf(applied);
    }

    /** True when the rules applied cleanly. */
    public boolean isApplied() {
        return problem == null;
    }

    /** True when at least one rule applied to the cluster. */
    public boolean changed() {
        return !applied.isEmpty();
    }
}
