package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Component;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.PodRequests;

import java.util.ArrayList;
import java.util.Iterator;
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

    /** A replica type, the replicas it defaults to when {@code replicas} is absent, and its component's name. */
    record Type(String name, long defaultReplicas, String componentName) {

        /** A type whose component is named after it, lower-cased. */
        Type(String name, long defaultReplicas) {
            this(name, defaultReplicas, name.toLowerCase(Locale.ROOT));
        }
    }

    /** One spec present: its key (or type's name), its type (null for a counted unknown key) and its cursor. */
    private record Spec(String name, Type type, Cursor spec) {}

    private ReplicaSpecs() {}

    /**
     * The specs present, keyed by their type's name (or, for counted unknown keys, the key as
     * written) in the family's order; a missing map, a key naming a type twice or an unknown key
     * under {@link UnknownTypes#REFUSE} is an error.
     */
    static Map<String, Cursor> present(Cursor specs, List<Type> types, UnknownTypes unknown, boolean ignoreCase) {
        Map<String, Cursor> out = new LinkedHashMap<>();
        for (Spec spec : specs(specs, types, unknown, ignoreCase)) {
            out.put(spec.name(), spec.spec());
        }
        return out;
    }

    /** One component per spec present, as {@link #present} orders them, with each type's default replicas. */
    static List<Component> components(Cursor specs, List<Type> types, UnknownTypes unknown, boolean ignoreCase,
            long unknownDefaultReplicas) {
        List<Spec> present = specs(specs, types, unknown, ignoreCase);
        List<Component> out = new ArrayList<>(present.size());
        for (Spec spec : present) {
            Type type = spec.type();
            out.add(type == null
                    ? component(spec.name(), spec.spec(), unknownDefaultReplicas)
                    : component(type.componentName(), spec.spec(), type.defaultReplicas()));
        }
        return out;
    }

    /** The specs present as {@link #present} orders them, recording the same problems. */
    private static List<Spec> specs(Cursor specs, List<Type> types, UnknownTypes unknown, boolean ignoreCase) {
        if (!specs.isPresent()) {
            specs.error("is required");
        }
        JsonNode node = specs.node();
        if (!node.isObject()) {
            specs.entries(); // records the error of a non-mapping
            return List.of();
        }
        // A handful of keys: arrays scanned in place of the maps (by type, by lower-cased key) they stand for.
        Cursor[] known = new Cursor[types.size()];
        List<Spec> others = List.of();
        String[] lowerKeys = new String[node.size()];
        String[] keys = new String[node.size()];
        int seen = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String key = entry.getKey();
            Cursor spec = specs.fieldWithNode(key, entry.getValue());
            int type = typeIndex(key, types, ignoreCase);
            if (type < 0 && unknown == UnknownTypes.REFUSE) {
                spec.error("is not a supported replica type; supported: " + types.stream().map(Type::name).toList());
                continue;
            }
            if (type < 0 && unknown == UnknownTypes.IGNORE) {
                continue;
            }
            // Component names are lower-cased, so two keys differing only in case would collide.
            String lowerKey = key.toLowerCase(Locale.ROOT);
            String previous = keyOf(lowerKey, lowerKeys, keys, seen);
            if (previous != null) {
                spec.error("names the same replica type as " + previous);
                continue;
            }
            lowerKeys[seen] = lowerKey;
            keys[seen++] = key;
            if (type >= 0) {
                known[type] = spec;
            } else {
                if (others.isEmpty()) {
                    others = new ArrayList<>();
                }
                others.add(new Spec(key, null, spec));
            }
        }
        List<Spec> out = new ArrayList<>(seen);
        for (int i = 0; i < known.length; i++) {
            if (known[i] != null) {
                out.add(new Spec(types.get(i).name(), types.get(i), known[i]));
            }
        }
        out.addAll(others);
        return out;
    }

    /** The position of the first type named {@code key}, or -1. */
    private static int typeIndex(String key, List<Type> types, boolean ignoreCase) {
        for (int i = 0; i < types.size(); i++) {
            String name = types.get(i).name();
            if (ignoreCase ? name.equalsIgnoreCase(key) : name.equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** The key seen with this lower-cased form, or null. */
    private static String keyOf(String lowerKey, String[] lowerKeys, String[] keys, int seen) {
        for (int i = 0; i < seen; i++) {
            if (lowerKeys[i].equals(lowerKey)) {
                return keys[i];
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
