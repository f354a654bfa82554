package io.fedstream.cli;

import io.fedstream.api.BindingObject;
import io.fedstream.avro.Placement;
import io.fedstream.avro.ResourceBinding;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Renders bindings one row each, as {@code kubectl get}: NAME, KIND, STATE (interpretation), ADMISSION, CLUSTERS (where
 * it is placed: names, each with its replicas where they are divided; - while unplaced), TEMPLATES, CPU, MEMORY, UPDATED
 * (the age of the binding's last change: interpreted, admitted or rejected, placed or moved, or a new reason not to
 * place it), REASON (why it is not interpreted, admitted or placed; - when it is all three).
 */
final class BindingSummaryTable {

    private static final List<String> HEADER = List.of("NAME", "KIND", "STATE", "ADMISSION", "CLUSTERS", "TEMPLATES", "CPU", "MEMORY",
            "UPDATED", "REASON");

    private BindingSummaryTable() {}

    /** With {@code withNamespace}, a NAMESPACE column first, as {@code kubectl get -A} shows it. */
    static String render(Collection<ResourceBinding> bindings, Instant now, boolean withNamespace) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(withNamespace ? prepend("NAMESPACE", HEADER) : HEADER);
        for (ResourceBinding binding : bindings) {
            List<String> row = List.of(
                    BindingObject.address(binding).name(),
                    binding.getKind(),
                    binding.getInterpretation().getState().name(),
                    binding.getAdmission().getState().name(),
                    clusters(binding.getPlacement()),
                    Integer.toString(binding.getComponents().size()),
                    binding.getTotal().getOrDefault("cpu", "0"),
                    binding.getTotal().getOrDefault("memory", "0"),
                    age(Duration.between(binding.getUpdatedAt(), now)),
                    BindingReason.of(binding));
            rows.add(withNamespace ? prepend(BindingObject.address(binding).namespace(), row) : row);
        }
        return TextTable.render(rows);
    }

    private static List<String> prepend(String first, List<String> rest) {
        List<String> row = new ArrayList<>(rest.size() + 1);
        row.add(first);
        row.addAll(rest);
        return row;
    }

    /** {@code member1,member2} for copies, {@code member1:3,member2:2} for divided replicas, {@code -} while unplaced. */
    private static String clusters(Placement placement) {
        if (placement == null || placement.getClusters().isEmpty()) {
            return "-";
        }
        return placement.getClusters().stream()
                .map(target -> target.getReplicas() == null ? target.getName() : target.getName() + ":" + target.getReplicas())
                .collect(Collectors.joining(","));
    }

    /** kubectl's short ages: 45s, 12m, 5h, 3d. */
    static String age(Duration elapsed) {
        long seconds = Math.max(0, elapsed.toSeconds());
        if (seconds < 120) {
            return seconds + "s";
        }
        if (seconds < 120 * 60) {
            return seconds / 60 + "m";
        }
        if (seconds < 48 * 3600) {
            return seconds / 3600 + "h";
        }
        return seconds / 86400 + "d";
    }
}
