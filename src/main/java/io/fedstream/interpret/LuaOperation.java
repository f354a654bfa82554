package io.fedstream.interpret;

/**
 * The operations of a Karmada ResourceInterpreterCustomization ({@code spec.customizations.<field>.luaScript}) and the
 * global function Karmada calls in each script ({@code luavm/lua.go}).
 */
public enum LuaOperation {
    RETENTION("retention", "Retain"),
    REPLICA_RESOURCE("replicaResource", "GetReplicas"),
    COMPONENT_RESOURCE("componentResource", "GetComponents"),
    REPLICA_REVISION("replicaRevision", "ReviseReplica"),
    STATUS_REFLECTION("statusReflection", "ReflectStatus"),
    STATUS_AGGREGATION("statusAggregation", "AggregateStatus"),
    HEALTH_INTERPRETATION("healthInterpretation", "InterpretHealth"),
    DEPENDENCY_INTERPRETATION("dependencyInterpretation", "GetDependencies");

    private final String field;
    private final String function;

    LuaOperation(String field, String function) {
        this.field = field;
        this.function = function;
    }

    /** The field under {@code spec.customizations}. */
    public String field() {
        return field;
    }

    /** The global function the script must define. */
    public String function() {
        return function;
    }

    /** The operation of a {@code spec.customizations} field, or null. */
    static LuaOperation ofField(String field) {
        for (LuaOperation operation : values()) {
            if (operation.field.equals(field)) {
                return operation;
            }
        }
        return null;
    }

    /** Whether this operation says a workload's pods (as an InterpreterCustomization's components do). */
    boolean countsPods() {
        return this == REPLICA_RESOURCE || this == COMPONENT_RESOURCE;
    }
}
