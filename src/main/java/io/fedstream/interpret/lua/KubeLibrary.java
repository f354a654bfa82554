package io.fedstream.interpret.lua;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;
import io.fedstream.interpret.Problems;
import java.util.Map;
import java.util.stream.Collectors;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.VarArgFunction;

/**
 * The {@code kube} module that Karmada's scripts {@code require} (Karmada's {@code luavm/kube.go}): {@code resourceAdd},
 * {@code accuratePodRequirements}, {@code getPodDependencies} and {@code getResourceQuantity}, with Karmada's argument
 * checks and messages. One difference, on purpose: {@code accuratePodRequirements} computes a pod's request as
 * Kubernetes' {@code PodRequests} does (sidecars, pod-level resources), as every fedstream interpreter does, where
 * Karmada v1.15's {@code AddPodTemplateRequest} takes every init container as a regular one.
 */
final class KubeLibrary {

    static final String NAME = "kube";

    private KubeLibrary() {}

    /** The loader {@code package.preload.kube}: a fresh module table per {@code require}. */
    static LuaValue loader() {
        return new OneArgFunction() {
            @Override
            public LuaValue call(LuaValue moduleName) {
                LuaTable module = new LuaTable();
                module.set("resourceAdd", new ResourceAdd());
                module.set("accuratePodRequirements", new AccuratePodRequirements());
                module.set("getPodDependencies", new GetPodDependencies());
                module.set("getResourceQuantity", new GetResourceQuantity());
                return module;
            }
        };
    }

    /** {@code kube.resourceAdd(q1, q2, ...)}: the sum of quantity strings (nil counts 0), as a quantity string. */
    private static final class ResourceAdd extends VarArgFunction {
        @Override
        public Varargs invoke(Varargs args) {
            KubeQuantity sum = KubeQuantity.ZERO;
            for (int i = 1; i <= args.narg(); i++) {
                sum = sum.plus(quantity(args, i, "resourceAdd"));
            }
            return LuaValue.valueOf(sum.toString());
        }
    }

    /** {@code kube.getResourceQuantity(q)}: a quantity string as a number (Quantity.AsApproximateFloat64). */
    private static final class GetResourceQuantity extends VarArgFunction {
        @Override
        public Varargs invoke(Varargs args) {
            if (args.narg() != 1) {
                throw new LuaError("getResourceQuantity only accepts one argument");
            }
            KubeQuantity quantity = quantity(args, 1, "getResourceQuantity");
            double number = quantity.value().doubleValue();
            if (number < 0) {
                throw new LuaError("int approximation unexpectedly returned a negative value: " + quantity);
            }
            if (Double.isInfinite(number)) {
                throw new LuaError("int approximation unexpectedly returned an infinite value: " + quantity);
            }
            return LuaValue.valueOf(number);
        }
    }

    /**
     * {@code kube.accuratePodRequirements(podTemplate)}: Karmada's ReplicaRequirements of a PodTemplateSpec:
     * {@code resourceRequest} (the pod's effective request) and {@code nodeClaim} (node selector, hard node affinity
     * and tolerations, when the pod has any).
     */
    private static final class AccuratePodRequirements extends VarArgFunction {
        @Override
        public Varargs invoke(Varargs args) {
            if (args.narg() != 1) {
                throw new LuaError("getPodRequirements only accepts one argument");
            }
            JsonNode template = LuaJson.toJson(args.checktable(1));
            Problems problems = new Problems();
            PodRequest pod = PodRequests.of(Cursor.root(template, "podTemplate", problems).field("spec"), null, null);
            if (!problems.isEmpty()) {
                throw new LuaError("fail to convert lua value to PodTemplateSpec: "
                        + problems.list().stream().map(FieldError::message).collect(Collectors.joining("; ")));
            }
            LuaTable requirements = new LuaTable();
            JsonNode nodeClaim = nodeClaim(template.path("spec"));
            if (nodeClaim != null) {
                requirements.set("nodeClaim", LuaJson.toLua(nodeClaim));
            }
            if (!pod.resources().isEmpty()) {
                LuaTable resourceRequest = new LuaTable();
                for (Map.Entry<String, String> entry : pod.resources().toQuantities().entrySet()) {
                    resourceRequest.set(entry.getKey(), entry.getValue());
                }
                requirements.set("resourceRequest", resourceRequest);
            }
            return requirements.next(LuaValue.NIL).arg1().isnil() ? LuaValue.NIL : requirements;
        }

        /** Karmada's {@code GenerateNodeClaimByPodSpec}: null when the pod constrains no node. */
        private static JsonNode nodeClaim(JsonNode spec) {
            JsonNode selector = spec.path("nodeSelector");
            JsonNode affinity = spec.path("affinity").path("nodeAffinity").path("requiredDuringSchedulingIgnoredDuringExecution");
            JsonNode tolerations = spec.path("tolerations");
            boolean hasTolerations = tolerations.isArray() && !tolerations.isEmpty();
            if (selector.isMissingNode() && affinity.isMissingNode() && !hasTolerations) {
                return null;
            }
            var claim = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
            if (!affinity.isMissingNode()) {
                claim.set("hardNodeAffinity", affinity);
            }
            if (!selector.isMissingNode()) {
                claim.set("nodeSelector", selector);
            }
            if (hasTolerations) {
                claim.set("tolerations", tolerations);
            }
            return claim;
        }
    }

    /** {@code kube.getPodDependencies(podTemplate, namespace)}: the objects the pod refers to (namespace nil: default). */
    private static final class GetPodDependencies extends VarArgFunction {
        @Override
        public Varargs invoke(Varargs args) {
            if (args.narg() != 2) {
                throw new LuaError("getPodDependencies only accepts two argument");
            }
            JsonNode template = LuaJson.toJson(args.checktable(1));
            LuaValue namespaceArg = args.arg(2);
            String namespace;
            if (namespaceArg.isnil()) {
                namespace = "default";
            } else if (namespaceArg.type() == LuaValue.TSTRING || namespaceArg.type() == LuaValue.TNUMBER) {
                namespace = namespaceArg.tojstring();
            } else {
                throw new LuaError("bad argument #2 to 'getPodDependencies' (string expected, got " + namespaceArg.typename() + ")");
            }
            LuaTable out = new LuaTable();
            int i = 1;
            for (PodDependencies.Reference reference : PodDependencies.of(template, namespace)) {
                LuaTable entry = new LuaTable();
                entry.set("apiVersion", "v1");
                entry.set("kind", reference.kind());
                entry.set("namespace", reference.namespace());
                entry.set("name", reference.name());
                out.set(i++, entry);
            }
            return out;
        }
    }

    /** Karmada's {@code checkResourceQuantity}: nil is zero, a string must parse, anything else is a type error. */
    private static KubeQuantity quantity(Varargs args, int i, String function) {
        LuaValue value = args.arg(i);
        if (value.isnil()) {
            return KubeQuantity.ZERO;
        }
        if (value.type() != LuaValue.TSTRING) {
            throw new LuaError("bad argument #" + i + " to '" + function + "' (string expected, got " + value.typename() + ")");
        }
        try {
            return KubeQuantity.parse(value.tojstring());
        } catch (IllegalArgumentException e) {
            throw new LuaError("bad argument #" + i + " to '" + function + "': " + value.tojstring() + " " + e.getMessage());
        }
    }
}
