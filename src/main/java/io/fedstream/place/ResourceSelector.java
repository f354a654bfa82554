package io.fedstream.place;

/**
 * One {@code spec.resourceSelectors} entry and how specifically it matches a workload, by the
 * rules of Karmada's {@code util.ResourceSelectorPriority}: apiVersion and kind must be equal and
 * the namespace too when given; a name, when given, decides alone (the label selector is then
 * ignored); otherwise a label selector must match; with neither, every object of the kind matches.
 */
public record ResourceSelector(String apiVersion, String kind, String namespace, String name, LabelSelector labelSelector) {

    /** How specifically a selector matches; declared from weakest to strongest. */
    public enum Match { NONE, ALL, LABEL_SELECTOR, NAME }

    /** How this selector matches the workload; NONE when it does not. */
    public Match match(WorkloadRef workload) {
        if (!apiVersion.equals(workload.apiVersion()) || !kind.equals(workload.kind())) {
            return Match.NONE;
        }
        if (namespace != null && !namespace.isEmpty() && !namespace.equals(workload.namespace())) {
            return Match.NONE;
        }
        if (name != null && !name.isEmpty()) {
            return name.equals(workload.name()) ? Match.NAME : Match.NONE;
        }
        if (labelSelector == null) {
            return Match.ALL;
        }
        return labelSelector.matches(workload.labels()) ? Match.LABEL_SELECTOR : Match.NONE;
    }
}
