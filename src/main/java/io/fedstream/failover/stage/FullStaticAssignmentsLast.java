package io.fedstream.failover.stage;

import io.fedstream.avro.ResourceBinding;
import java.util.ArrayList;
import java.util.List;

/**
 * Orders a workload's candidate clusters so that those whose static assignment the admit stage found full for it
 * ({@code admission.fullStaticAssignments}) come after every other candidate, each part in its own order: a placement
 * there would wait in the quota queue while another candidate could run the workload (docs/placement.md).
 */
final class FullStaticAssignmentsLast {

    private FullStaticAssignmentsLast() {}

    static List<String> ranked(ResourceBinding binding, List<String> candidates) {
        List<String> full = binding.getAdmission().getFullStaticAssignments();
        if (full.isEmpty()) {
            return candidates;
        }
        List<String> ranked = new ArrayList<>(candidates.size());
        candidates.stream().filter(cluster -> !full.contains(cluster)).forEach(ranked::add);
        candidates.stream().filter(full::contains).forEach(ranked::add);
        return ranked;
    }
}
