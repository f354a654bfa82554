package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.lua.CallLimits;
import io.fedstream.interpret.lua.LuaJson;
import io.fedstream.interpret.lua.LuaScript;
import io.fedstream.interpret.lua.LuaScriptException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Interprets manifests of one kind by a ResourceInterpreterCustomization's scripts, as Karmada's detector asks for a
 * workload's pods: {@code GetComponents} when the kind has a componentResource script (Karmada with
 * MultiplePodTemplatesScheduling), else {@code GetReplicas} (one component, {@code main}). The results are read as
 * Karmada reads them ({@code luavm/lua.go}: a number and a ReplicaRequirements table; a list of Components), and checked
 * as every fedstream count is: a replica count must be a whole number from 0 to 2147483647, a quantity must parse.
 */
final class LuaKind implements KindInterpreter {

    /** The component a replicaResource script describes: Karmada's one replica count, fedstream's Deployment name. */
    static final String SINGLE_COMPONENT = "main";

    private final LuaCustomization customization;
    private final LuaOperation operation;
    private final LuaScript script;
    private final CallLimits limits;

    LuaKind(LuaCustomization customization, CallLimits limits) {
        this(customization, customization.script(LuaOperation.COMPONENT_RESOURCE) != null
                ? LuaOperation.COMPONENT_RESOURCE : LuaOperation.REPLICA_RESOURCE, limits);
    }

    /** Counts pods by the given script of the customization (replicaResource or componentResource), which must exist. */
    LuaKind(LuaCustomization customization, LuaOperation operation, CallLimits limits) {
        this.customization = customization;
        this.operation = operation;
        this.script = java.util.Objects.requireNonNull(customization.script(operation), operation.field());
        this.limits = limits;
    }

    @Override
    public List<KindRef> kinds() {
        return List.of(customization.target());
    }

    @Override
    public String name(KindRef kind) {
        return "lua:" + customization.name();
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Problems problems = manifest.problems();
        Varargs results;
        try {
            results = script.call(operation.function(), limits, LuaJson.toLua(manifest.node()));
        } catch (LuaScriptException e) {
            problems.add(e.origin(), null, e.reason());
            return List.of();
        }
        String origin = script.origin();
        try {
            return operation == LuaOperation.COMPONENT_RESOURCE
                    ? components(results.arg1(), manifest.node(), origin, problems)
                    : List.of(replicas(results, manifest.node(), origin, problems));
        } catch (IllegalArgumentException e) {
            problems.add(origin, null, "returned what is not JSON: " + e.getMessage());
            return List.of();
        }
    }

    private static Component replicas(Varargs results, JsonNode manifest, String origin, Problems problems) {
        LuaValue count = results.arg(1);
        String field = origin + ": GetReplicas()";
        long replicas = 0;
        if (count.type() != LuaValue.TNUMBER) {
            problems.add(field, count.tojstring(), "must return a number first (the replica count), not a " + count.typename());
        } else {
            replicas = count(count.todouble(), field, problems);
        }
        LuaValue requirements = results.arg(2);
        PodRequest pod = PodRequest.NONE;
        if (requirements.istable()) {
            pod = pod(LuaJson.toJson(requirements, true, List.of(manifest)), field + "[1]", problems);
        } else if (!requirements.isnil()) {
            problems.add(field + "[1]", requirements.tojstring(), "must be a ReplicaRequirements table or nil, not a " + requirements.typename());
        }
        return Component.of(SINGLE_COMPONENT, replicas, field, pod);
    }

    private static List<Component> components(LuaValue result, JsonNode manifest, String origin, Problems problems) {
        String field = origin + ": GetComponents()";
        if (result.isnil()) {
            return List.of();
        }
        if (!result.istable()) {
            problems.add(field, result.tojstring(), "must return a list of components or nil, not a " + result.typename());
            return List.of();
        }
        JsonNode list = LuaJson.toJson(result, false, List.of(manifest));
        if (!list.isArray()) {
            problems.add(field, list.toString(), "must return a list of components");
            return List.of();
        }
        List<Component> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < list.size(); i++) {
            String at = field + "[" + i + "]";
            JsonNode component = list.get(i);
            JsonNode name = component.path("name");
            if (!name.isTextual() || name.textValue().isEmpty()) {
                problems.add(at + ".name", name.toString(), "must be a non-empty string");
                continue;
            }
            if (!names.add(name.textValue())) {
                problems.add(at + ".name", name.textValue(), "is the name of an earlier component; component names must be unique");
            }
            JsonNode replicas = component.path("replicas");
            long count = 0;
            if (replicas.isNumber()) {
                count = count(replicas.doubleValue(), at + ".replicas", problems);
            } else if (!replicas.isMissingNode()) {
                problems.add(at + ".replicas", replicas.toString(), "must be a number");
            }
            PodRequest pod = pod(component.path("replicaRequirements"), at + ".replicaRequirements", problems);
            out.add(Component.of(name.textValue(), count, at + ".replicas", pod));
        }
        return out;
    }

    /** A replica count as Karmada's int32: a whole number from 0 to 2147483647 (Karmada truncates; a fraction is refused here). */
    private static long count(double value, String field, Problems problems) {
        if (value != Math.rint(value) || value < 0 || value > Integer.MAX_VALUE) {
            String text = value == Math.rint(value) && Math.abs(value) < 0x1p63 ? Long.toString((long) value)
                    : java.math.BigDecimal.valueOf(value).toPlainString();
            problems.add(field, text,
                    "must be a whole number from 0 to 2147483647 (a replica count)");
            return 0;
        }
        return (long) value;
    }

    /** One pod's request from Karmada's ReplicaRequirements: {@code resourceRequest}, and {@code priorityClassName}. */
    private static PodRequest pod(JsonNode requirements, String field, Problems problems) {
        if (requirements.isMissingNode() || requirements.isNull()) {
            return PodRequest.NONE;
        }
        Cursor at = Cursor.root(requirements, field, problems);
        Resources requests = at.field("resourceRequest").resourceList();
        return new PodRequest(requests, Resources.NONE, at.field("priorityClassName").string());
    }
}
