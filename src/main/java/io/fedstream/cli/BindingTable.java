package io.fedstream.cli;

import io.fedstream.avro.Component;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.ResourceBinding;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Renders bindings as a table with one row per template (component), as people read kubectl output. */
final class BindingTable {

    private static final List<String> HEADER = List.of(
            "NAMESPACE/NAME", "KIND", "STATE", "TEMPLATE", "REPLICAS", "CPU/POD", "MEMORY/POD", "CPU", "MEMORY", "OTHER");

    private BindingTable() {}

    static String render(Collection<ResourceBinding> bindings) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADER);
        for (ResourceBinding binding : bindings) {
            String workload = binding.getNamespace() + "/" + binding.getName();
            String state = binding.getInterpretation().getState().name();
            if (binding.getInterpretation().getState() != InterpretationState.INTERPRETED) {
                rows.add(List.of(workload, binding.getKind(), state, BindingReason.firstInterpretationError(binding), "", "", "", "", "", ""));
                continue;
            }
            if (binding.getComponents().isEmpty()) {
                rows.add(List.of(workload, binding.getKind(), state, "(none)", "0", "", "", "0", "0", ""));
            }
            boolean first = true;
            for (Component component : binding.getComponents()) {
                rows.add(List.of(
                        first ? workload : "",
                        first ? binding.getKind() : "",
                        first ? state : "",
                        component.getName(),
                        Long.toString(component.getReplicas()),
                        quantity(component.getPerPod(), "cpu"),
                        quantity(component.getPerPod(), "memory"),
                        quantity(component.getTotal(), "cpu"),
                        quantity(component.getTotal(), "memory"),
                        others(component.getTotal())));
                first = false;
            }
            if (binding.getComponents().size() > 1) {
                rows.add(List.of("", "", "", "= total", "", "", "",
                        quantity(binding.getTotal(), "cpu"), quantity(binding.getTotal(), "memory"), others(binding.getTotal())));
            }
        }
        return format(rows);
    }

    private static String quantity(Map<String, String> resources, String name) {
        return resources.getOrDefault(name, "0");
    }

    private static String others(Map<String, String> resources) {
        return resources.entrySet().stream()
                .filter(e -> !e.getKey().equals("cpu") && !e.getKey().equals("memory"))
                .map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }

    private static String format(List<List<String>> rows) {
        int columns = HEADER.size();
        int[] widths = new int[columns];
        for (List<String> row : rows) {
            for (int c = 0; c < row.size(); c++) {
                // A reason spans the remaining columns, so it must not widen its own.
                if (row.size() == columns && !(c == 3 && row.get(4).isEmpty() && !row.get(3).startsWith("="))) {
                    widths[c] = Math.max(widths[c], row.get(c).length());
                }
            }
        }
        StringBuilder table = new StringBuilder();
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < columns; c++) {
                line.append(String.format("%-" + Math.max(widths[c], 1) + "s", row.get(c)));
                if (c < columns - 1) {
                    line.append("  ");
                }
            }
            table.append(line.toString().stripTrailing()).append('\n');
        }
        return table.toString();
    }
}
