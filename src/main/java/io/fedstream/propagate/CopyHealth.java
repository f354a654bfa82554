package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.WorkHealth;
import io.fedstream.interpret.lua.LuaScriptException;

/**
 * The health of a copy on its cluster as Karmada's work status controller interprets it
 * ({@code pkg/controllers/status/work_status_controller.go} {@code interpretHealth}, through the interpreter chain of
 * {@code pkg/resourceinterpreter/interpreter.go} {@code InterpretHealth}): a ResourceInterpreterCustomization's
 * healthInterpretation script for the copy's kind first, else the built-in interpretation ({@link ObjectHealth}). A
 * script that fails makes the health Unknown, as in Karmada (which then records an event; here the reason goes with the
 * report); a kind whose customization was refused has its built-in health, and the refusal as the reason.
 */
public final class CopyHealth {

    /**
     * One copy's health.
     *
     * @param health healthy, unhealthy or unknown
     * @param reason why it is not what the kind's script says (the script failed, or its customization was refused); null
     *     otherwise
     */
    public record Assessed(WorkHealth health, String reason) {}

    private CopyHealth() {}

    public static Assessed of(JsonNode object, CustomizationsInForce customizations) {
        String refusal = customizations.refusal(object.path("apiVersion").asText(), object.path("kind").asText()).orElse(null);
        try {
            return customizations.interpreter().interpretHealth(object)
                    .map(healthy -> new Assessed(healthy ? WorkHealth.HEALTHY : WorkHealth.UNHEALTHY, refusal))
                    .orElseGet(() -> new Assessed(ObjectHealth.of(object), refusal));
        } catch (LuaScriptException e) {
            return new Assessed(WorkHealth.UNKNOWN, e.getMessage());
        }
    }
}
