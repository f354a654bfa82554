package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.avro.WorkHealth;
import org.junit.jupiter.api.Test;

/** A copy's health by its kind's healthInterpretation script, or the built-in interpretation, and why when neither says it. */
class CopyHealthTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode deployment(long updated) throws Exception {
        return JSON.readTree("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","generation":1},"spec":{"replicas":2},
                 "status":{"observedGeneration":1,"updatedReplicas":%d,"availableReplicas":%1$d}}""".formatted(updated));
    }

    @Test
    void theKindsScriptSaysTheHealthInPlaceOfTheBuiltInInterpretation() throws Exception {
        CustomizationsInForce lenient = Scripts.inForce(Scripts.customization("web-health", "apps/v1", "Deployment",
                Scripts.script("healthInterpretation", "function InterpretHealth(obj) return obj.status.availableReplicas > 0 end")));

        assertThat(CopyHealth.of(deployment(1), CustomizationsInForce.BUILT_IN))
                .isEqualTo(new CopyHealth.Assessed(WorkHealth.UNHEALTHY, null));
        assertThat(CopyHealth.of(deployment(1), lenient)).isEqualTo(new CopyHealth.Assessed(WorkHealth.HEALTHY, null));
    }

    @Test
    void aScriptThatFailsMakesItUnknownAndARefusedOneLeavesTheBuiltInHealthEachSayingWhy() throws Exception {
        CustomizationsInForce failing = Scripts.inForce(Scripts.customization("web-health", "apps/v1", "Deployment",
                Scripts.script("healthInterpretation", "function InterpretHealth(obj) return obj.status.missing.ready end")));
        CustomizationsInForce refused = Scripts.inForce(Scripts.customization("web-health", "apps/v1", "Deployment",
                Scripts.script("healthInterpretation", "function InterpretHealth(obj) return")));

        CopyHealth.Assessed unknown = CopyHealth.of(deployment(2), failing);
        assertThat(unknown.health()).isEqualTo(WorkHealth.UNKNOWN);
        assertThat(unknown.reason()).startsWith("ResourceInterpreterCustomization web-health, healthInterpretation: failed: ");
        CopyHealth.Assessed builtIn = CopyHealth.of(deployment(2), refused);
        assertThat(builtIn.health()).isEqualTo(WorkHealth.HEALTHY);
        assertThat(builtIn.reason()).contains("spec.customizations.healthInterpretation.luaScript: does not compile")
                .endsWith("(refused: the built-in behaviour of apps/v1/Deployment applies)");
    }
}
