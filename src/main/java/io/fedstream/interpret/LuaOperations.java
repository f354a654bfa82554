package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.lua.CallLimits;
import io.fedstream.interpret.lua.LuaJson;
import io.fedstream.interpret.lua.LuaScript;
import io.fedstream.interpret.lua.LuaScriptException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * The operations of ResourceInterpreterCustomizations other than counting pods, by target kind, run as Karmada's
 * {@code ConfigurableInterpreter} runs them ({@code customized/declarative/configurable.go}, {@code luavm/lua.go}):
 * healthInterpretation, statusAggregation, replicaRevision, retention and dependencyInterpretation (every script of the
 * kind, merged, checked by {@code VerifyDependencies}, sorted). Each answers empty when no script covers the kind, so that
 * the caller falls back to what it does without one, as Karmada falls back to its third-party and default interpreters.
 */
final class LuaOperations {

    static final LuaOperations NONE = new LuaOperations(List.of(), CallLimits.DEFAULT);

    private final Map<String, Map<LuaOperation, LuaScript>> byKind = new HashMap<>();
    private final Map<String, List<LuaScript>> dependencies = new HashMap<>();
    private final CallLimits limits;

    LuaOperations(Collection<LuaCustomization> customizations, CallLimits limits) {
        this.limits = limits;
        // Karmada's configmanager merges by name order; the webhook leaves one script per operation but dependencies.
        List<LuaCustomization> byName = customizations.stream().sorted(Comparator.comparing(LuaCustomization::name)).toList();
        for (LuaCustomization c : byName) {
            for (LuaOperation operation : c.operations()) {
                if (operation == LuaOperation.DEPENDENCY_INTERPRETATION) {
                    dependencies.computeIfAbsent(c.target().id(), k -> new ArrayList<>()).add(c.script(operation));
                } else {
                    byKind.computeIfAbsent(c.target().id(), k -> new HashMap<>()).putIfAbsent(operation, c.script(operation));
                }
            }
        }
    }

    Optional<Boolean> interpretHealth(JsonNode observed) {
        LuaScript script = script(observed, LuaOperation.HEALTH_INTERPRETATION);
        if (script == null) {
            return Optional.empty();
        }
        LuaValue result = call(script, LuaOperation.HEALTH_INTERPRETATION, LuaJson.toLua(observed)).arg1();
        if (result.type() != LuaValue.TBOOLEAN) {
            throw new LuaScriptException(script.origin(), "InterpretHealth must return a boolean, not a " + result.typename());
        }
        return Optional.of(result.toboolean());
    }

    Optional<JsonNode> aggregateStatus(JsonNode desired, List<JsonNode> statusItems) {
        LuaScript script = script(desired, LuaOperation.STATUS_AGGREGATION);
        if (script == null) {
            return Optional.empty();
        }
        // Karmada hands a binding without aggregated status to the script as nil (a nil Go slice), not as an empty table.
        LuaValue items = LuaValue.NIL;
        if (!statusItems.isEmpty()) {
            LuaTable list = new LuaTable();
            for (int i = 0; i < statusItems.size(); i++) {
                list.set(i + 1, LuaJson.toLua(statusItems.get(i)));
            }
            items = list;
        }
        return Optional.of(object(script, "AggregateStatus", call(script, LuaOperation.STATUS_AGGREGATION, LuaJson.toLua(desired), items), List.of()));
    }

    Optional<JsonNode> reviseReplica(JsonNode desired, long replicas) {
        LuaScript script = script(desired, LuaOperation.REPLICA_REVISION);
        if (script == null) {
            return Optional.empty();
        }
        Varargs result = call(script, LuaOperation.REPLICA_REVISION, LuaJson.toLua(desired), LuaValue.valueOf((double) replicas));
        return Optional.of(object(script, "ReviseReplica", result, List.of(desired)));
    }

    Optional<JsonNode> retain(JsonNode desired, JsonNode observed) {
        LuaScript script = script(desired, LuaOperation.RETENTION);
        if (script == null) {
            return Optional.empty();
        }
        Varargs result = call(script, LuaOperation.RETENTION, LuaJson.toLua(desired), LuaJson.toLua(observed));
        JsonNode retained = object(script, "Retain", result, List.of(desired, observed));
        if (!retained.isObject()) {
            throw new LuaScriptException(script.origin(), "Retain must return the object, not a list: " + retained);
        }
        return Optional.of(retained);
    }

    Optional<List<DependentObject>> dependencies(JsonNode desired) {
        List<LuaScript> scripts = dependencies.get(kindId(desired));
        if (scripts == null) {
            return Optional.empty();
        }
        Set<DependentObject> merged = new LinkedHashSet<>();
        for (LuaScript script : scripts) {
            LuaValue result = call(script, LuaOperation.DEPENDENCY_INTERPRETATION, LuaJson.toLua(desired)).arg1();
            if (!result.istable()) {
                throw new LuaScriptException(script.origin(), "GetDependencies must return a table, not a " + result.typename());
            }
            JsonNode list = toJson(script, result, false, List.of());
            if (!list.isArray()) {
                throw new LuaScriptException(script.origin(), "GetDependencies must return a list, not " + list);
            }
            for (JsonNode reference : list) {
                merged.add(dependency(script, reference));
            }
        }
        List<DependentObject> sorted = new ArrayList<>(merged);
        sorted.sort(Comparator.comparing(DependentObject::apiVersion).thenComparing(DependentObject::kind)
                .thenComparing(DependentObject::namespace).thenComparing(d -> d.name() == null ? "" : d.name()));
        return Optional.of(List.copyOf(sorted));
    }

    /** Karmada's {@code VerifyDependencies}. */
    private static DependentObject dependency(LuaScript script, JsonNode reference) {
        String apiVersion = reference.path("apiVersion").asText("");
        String kind = reference.path("kind").asText("");
        if (apiVersion.isEmpty() || kind.isEmpty()) {
            throw new LuaScriptException(script.origin(), "dependency missing required apiVersion or kind: " + reference);
        }
        String name = reference.path("name").asText("");
        JsonNode selector = reference.get("labelSelector");
        if (name.isEmpty() && selector == null) {
            throw new LuaScriptException(script.origin(), "dependency can not leave name and labelSelector all empty: " + reference);
        }
        return new DependentObject(apiVersion, kind, reference.path("namespace").asText(""), name.isEmpty() ? null : name, selector);
    }

    private LuaScript script(JsonNode manifest, LuaOperation operation) {
        Map<LuaOperation, LuaScript> scripts = byKind.get(kindId(manifest));
        return scripts == null ? null : scripts.get(operation);
    }

    private Varargs call(LuaScript script, LuaOperation operation, LuaValue... arguments) {
        return script.call(operation.function(), limits, arguments);
    }

    private static JsonNode object(LuaScript script, String function, Varargs result, List<JsonNode> references) {
        LuaValue value = result.arg1();
        if (!value.istable()) {
            throw new LuaScriptException(script.origin(), function + " must return a table, not a " + value.typename());
        }
        return toJson(script, value, true, references);
    }

    private static JsonNode toJson(LuaScript script, LuaValue value, boolean rootIsObject, List<JsonNode> references) {
        try {
            return LuaJson.toJson(value, rootIsObject, references);
        } catch (IllegalArgumentException e) {
            throw new LuaScriptException(script.origin(), "returned what is not JSON: " + e.getMessage());
        }
    }

    private static String kindId(JsonNode manifest) {
        return manifest.path("apiVersion").asText("") + "/" + manifest.path("kind").asText("");
    }
}
