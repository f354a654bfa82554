package io.fedstream.interpret;

import java.util.List;
import java.util.Map;

/**
 * The result of interpreting one manifest. INTERPRETED carries components, their total request
 * and their total limits; UNINTERPRETED (no interpreter knows the kind, or a known kind depends on something the
 * interpreter was not given, e.g. a TrainJob's unknown runtime) and INVALID carry no components
 * and {@link Resources#NONE} as totals, with the reason(s) in {@code errors}. INVALID wins when
 * both apply. {@code warnings} name fields that are read but have no effect (e.g. a field the Flink operator ignores
 * in the deployment's mode); they change no outcome.
 */
public record Interpretation(
        Outcome outcome,
        WorkloadId workload,
        Map<String, String> labels,
        String priorityClassName,
        String interpreter,
        List<ComponentRequirement> components,
        Resources total,
        Resources totalLimits,
        List<FieldError> errors,
        List<FieldError> warnings) {

    /** What became of a manifest. */
    public enum Outcome { INTERPRETED, UNINTERPRETED, INVALID }

    public Interpretation {
        labels = labels == null ? Map.of() : Map.copyOf(labels);
        components = components == null ? List.of() : List.copyOf(components);
        total = total == null ? Resources.NONE : total;
        totalLimits = totalLimits == null ? Resources.NONE : totalLimits;
        errors = errors == null ? List.of() : List.copyOf(errors);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** An interpretation without warnings. */
    public Interpretation(Outcome outcome, WorkloadId workload, Map<String, String> labels, String priorityClassName, String interpreter,
            List<ComponentRequirement> components, Resources total, Resources totalLimits, List<FieldError> errors) {
        this(outcome, workload, labels, priorityClassName, interpreter, components, total, totalLimits, errors, List.of());
    }

    static Interpretation invalid(WorkloadId workload, Map<String, String> labels, String interpreter, List<FieldError> errors) {
        return new Interpretation(Outcome.INVALID, workload, labels, null, interpreter, List.of(), Resources.NONE, Resources.NONE, errors);
    }
}
