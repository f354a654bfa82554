package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.PodRequests;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a Kubeflow replica-specs map ({@code {Master: {replicas, template}, Worker: ...}}), shared
 * by every Kubeflow job kind: keys match their replica type (case-insensitively where the
 * operator's defaulting renames {@code worker} to {@code Worker}) and come out in the family's
 * order, each as one component named after its lower-cased type.
 */
final class ReplicaSpecs {

    /** What an operator does with a key that names none of its replica types. */
    enum UnknownTypes {
        /** The validating webhook refuses the job. */
        REFUSE,
        /** The controller creates pods for every key, so the key is a component (after the known ones). */
        COUNT,
        /** The controller reads only its own keys and creates nothing for others. */
        IGNORE
    }

    /** A replica type and the replicas it defaults to when {@code replicas} is absent. */
    record Type(String name, long defaultReplicas) {}

    private ReplicaSpecs() {}

    /**
     * The specs present, keyed by their type's name (or, for counted unknown keys, the key as
     * written) in the family's order; a missing map, a key naming a type twice or an unknown key
     * under {@link UnknownTypes#REFUSE} is an error.
     */
    static Map<String, Cursor> present(Cursor specs, List<Type> types, UnknownTypes unknown, boolean ignoreCase) {
        if (!specs.isPresent()) {
            specs.error("is required");
        }
        Map<String, Cursor> known = new LinkedHashMap<>();
        Map<String, Cursor> others = new LinkedHashMap<>();
        Map<String, String> componentNames = new LinkedHashMap<>();
        for (Map.Entry<String, Cursor> entry : specs.entries().entrySet()) {
            String key = entry.getKey();
            Type type = typeOf(key, types, ignoreCase);
            if (type == null && unknown == UnknownTypes.REFUSE) {
                entry.getValue().error("is not a supported replica type; supported: " + types.stream().map(Type::name).toList());
                continue;
            }
            if (type == null && unknown == UnknownTypes.IGNORE) {
                continue;
            }
            // Component names are lower-cased, so two keys differing only in case would collide.
            String previous = componentNames.putIfAbsent(key.toLowerCase(Locale.ROOT), key);
            if (previous != null) {
                entry.getValue().error("names the same replica type as " + previous);
            } else if (type != null) {
                known.put(type.name(), entry.getValue());
            } else {
                others.put(key, entry.getValue());
            }
        }
        Map<String, Cursor> out = new LinkedHashMap<>();
        for (Type type : types) {
            if (known.containsKey(type.name())) {
                out.put(type.name(), known.get(type.name()));
            }
        }
        out.putAll(others);
        return out;
    }

    /** One component per spec present, as {@link #present} orders them, with each type's default replicas. */
    static List<Component> components(Cursor specs, List<Type> types, UnknownTypes unknown, boolean ignoreCase,
            long unknownDefaultReplicas) {
        List<Component> out = new ArrayList<>();
        present(specs, types, unknown, ignoreCase).forEach((name, spec) -> {
            Type type = typeOf(name, types, false);
            out.add(component(name, spec, type == null ? unknownDefaultReplicas : type.defaultReplicas()));
        });
        return out;
    }

    /** The first type named {@code key}, or null. */
    private static Type typeOf(String key, List<Type> types, boolean ignoreCase) {
        for (Type t : types) {
            if (ignoreCase ? t.name().equalsIgnoreCase(key) : t.name().equals(key)) {
                return t;
            }
        }
        return null;
    }

    /** The component of one replica spec: {@code replicas} (default given) pods of its {@code template}. */
    static Component component(String type, Cursor spec, long defaultReplicas) {
        Cursor replicas = spec.field("replicas");
        return Component.of(type.toLowerCase(Locale.ROOT), replicas.count(defaultReplicas), replicas,
                PodRequests.of(spec.field("template").field("spec")));
    }
}
