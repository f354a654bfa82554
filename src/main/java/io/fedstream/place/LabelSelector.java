package io.fedstream.place;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Kubernetes label selector (matchLabels and matchExpressions, all ANDed) and whether a set
 * of labels satisfies it. An empty selector matches everything, as
 * {@code metav1.LabelSelectorAsSelector} makes it.
 */
public record LabelSelector(Map<String, String> matchLabels, List<Requirement> matchExpressions) {

    /** The four operators of a label selector requirement. */
    public enum Operator { In, NotIn, Exists, DoesNotExist }

    /** One matchExpressions entry; values is empty for Exists and DoesNotExist. */
    public record Requirement(String key, Operator operator, Set<String> values) {

        public Requirement {
            values = Set.copyOf(values);
        }

        /** True when the labels satisfy this requirement; NotIn is satisfied by an absent key, as in Kubernetes. */
        public boolean matches(Map<String, String> labels) {
            String value = labels.get(key);
            return switch (operator) {
                case In -> value != null && values.contains(value);
                case NotIn -> value == null || !values.contains(value);
                case Exists -> value != null;
                case DoesNotExist -> value == null;
            };
        }
    }

    public LabelSelector {
        matchLabels = Map.copyOf(matchLabels);
        matchExpressions = List.copyOf(matchExpressions);
    }

    /** True when every matchLabels entry and every requirement holds for the labels. */
    public boolean matches(Map<String, String> labels) {
        for (Map.Entry<String, String> entry : matchLabels.entrySet()) {
            if (!entry.getValue().equals(labels.get(entry.getKey()))) {
                return false;
            }
        }
        for (Requirement requirement : matchExpressions) {
            if (!requirement.matches(labels)) {
                return false;
            }
        }
        return true;
    }
}
