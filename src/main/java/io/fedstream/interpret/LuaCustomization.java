package io.fedstream.interpret;

import io.fedstream.interpret.lua.LuaScript;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A Karmada {@code config.karmada.io/v1alpha1 ResourceInterpreterCustomization}: for one target kind, a compiled
 * {@code luaScript} per operation. Immutable; only built by loading, which compiles every script, as Karmada's
 * validating webhook does ({@code checkCustomizationsRule}). Format and rules: docs/customizations.md.
 */
public final class LuaCustomization {

    public static final String API_VERSION = "config.karmada.io/v1alpha1";
    public static final String KIND = "ResourceInterpreterCustomization";

    private final String name;
    private final KindRef target;
    private final Map<LuaOperation, LuaScript> scripts;
    private final String source;

    LuaCustomization(String name, KindRef target, Map<LuaOperation, LuaScript> scripts, String source) {
        this.name = Objects.requireNonNull(name);
        this.target = Objects.requireNonNull(target);
        this.scripts = Collections.unmodifiableMap(new EnumMap<>(scripts));
        this.source = Objects.requireNonNull(source);
    }

    /**
     * The ResourceInterpreterCustomizations in JSON or YAML bytes (several YAML documents give several).
     *
     * @throws InvalidCustomizationException for the first refused document, or two that conflict
     */
    public static List<LuaCustomization> load(byte[] bytes, String source) {
        List<LuaCustomization> loaded = LuaCustomizationLoader.load(bytes, source);
        Customizations.check(List.of(), loaded);
        return loaded;
    }

    /** {@code metadata.name}, reported as {@code lua:<name>} in interpretations. */
    public String name() {
        return name;
    }

    public KindRef target() {
        return target;
    }

    public String source() {
        return source;
    }

    /** The operations it has a script for. */
    public List<LuaOperation> operations() {
        return new ArrayList<>(scripts.keySet());
    }

    /** The script of an operation, or null. */
    LuaScript script(LuaOperation operation) {
        return scripts.get(operation);
    }

    /** Whether this and the other customization both have a script for an operation other than dependencies. */
    LuaOperation conflictWith(LuaCustomization other) {
        if (!target.equals(other.target)) {
            return null;
        }
        for (LuaOperation operation : scripts.keySet()) {
            if (operation != LuaOperation.DEPENDENCY_INTERPRETATION && other.scripts.containsKey(operation)) {
                return operation;
            }
        }
        return null;
    }

    /** Whether it says the pods of its kind (replicaResource or componentResource). */
    boolean countsPods() {
        return scripts.keySet().stream().anyMatch(LuaOperation::countsPods);
    }

    /** Compiles one script of customization {@code name}; errors name it and the operation. */
    static LuaScript compile(String script, LuaOperation operation, String name) {
        return LuaScript.compile(script, operation.field(), KIND + " " + name + ", " + operation.field());
    }

    @Override
    public String toString() {
        return KIND + " " + name + " for " + target.id() + " (" + source + ")";
    }
}
