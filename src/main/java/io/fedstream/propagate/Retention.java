package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.lua.LuaScriptException;

/**
 * The body of an update of a member cluster's copy, keeping what the cluster owns of it, as Karmada's object watcher
 * builds it ({@code pkg/util/objectwatcher/objectwatcher.go} {@code Update}): first what every kind keeps
 * ({@code retainClusterFields}: resource version, finalizers, owner references, the cluster's labels and annotations),
 * then the kind's {@code Retain} hook, which is a ResourceInterpreterCustomization's retention script where one covers
 * the kind (Karmada's interpreter chain asks the declarative customizations first,
 * {@code pkg/resourceinterpreter/interpreter.go} {@code Retain}), else the built-in one of its kind
 * ({@link RetainedFields#kindDefaults}). Immutable.
 */
public final class Retention {

    /** The built-in hooks only: no customization covers any kind. */
    public static final Retention BUILT_IN = new Retention(Interpreter.builtIn());

    private final Interpreter interpreter;

    /** Retention by the kinds' retention scripts of {@code interpreter}, and the built-in hooks for the other kinds. */
    public Retention(Interpreter interpreter) {
        this.interpreter = interpreter;
    }

    /**
     * The body of the update that brings {@code live} to {@code desired}; {@code desired} is not changed.
     *
     * @throws LuaScriptException naming the customization when the kind's retention script fails or returns what is not
     *     an object
     */
    ObjectNode update(ObjectNode desired, JsonNode live) {
        ObjectNode body = RetainedFields.clusterFields(desired, live);
        JsonNode retained = interpreter.retain(body, live).orElse(null);
        if (retained == null) {
            RetainedFields.kindDefaults(body, live);
            return body;
        }
        ObjectNode scripted = (ObjectNode) retained;
        // The update stays conditional on the copy it was computed from, whatever the script left of its metadata.
        JsonNode version = live.path("metadata").path("resourceVersion");
        if (version.isTextual()) {
            scripted.withObject("metadata").set("resourceVersion", version);
        }
        return scripted;
    }
}
