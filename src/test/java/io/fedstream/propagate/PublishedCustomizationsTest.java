package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.fedstream.interpret.InterpreterExtensions;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The customizations of the policies topic as the member side applies them, and why a refused one is not. */
class PublishedCustomizationsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String HEALTH = Scripts.customization("widget-health", "example.com/v1", "Widget",
            Scripts.script("healthInterpretation", "function InterpretHealth(obj) return obj.status.ready == true end"));
    private static final String BROKEN = Scripts.customization("gadget-retain", "example.com/v1", "Gadget",
            Scripts.script("retention", "function Retain(desiredObj, observedObj) return desiredObj"));

    private final PublishedCustomizations published = new PublishedCustomizations(InterpreterExtensions.none());

    @Test
    void aCustomizationInForceSaysItsKindsHealthUntilItIsDeleted() throws Exception {
        assertThat(published.accept("ResourceInterpreterCustomization//widget-health", HEALTH)).containsExactly("example.com/v1/Widget");
        assertThat(published.inForce().interpreter().interpretHealth(JSON.readTree("""
                {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"status":{"ready":false}}"""))).contains(false);

        assertThat(published.accept("ResourceInterpreterCustomization//widget-health", null)).containsExactly("example.com/v1/Widget");
        assertThat(published.inForce().interpreter().interpretHealth(JSON.readTree("""
                {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"}}"""))).isEmpty();
    }

    @Test
    void aRefusedCustomizationIsLeftOutAndItsKindSaysWhyWhileTheOthersStayInForce() throws Exception {
        published.accept("ResourceInterpreterCustomization//gadget-retain", BROKEN);
        published.accept("ResourceInterpreterCustomization//widget-health", HEALTH);

        CustomizationsInForce inForce = published.inForce();

        assertThat(inForce.refusal("example.com/v1", "Gadget")).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("ResourceInterpreterCustomization gadget-retain in policy ResourceInterpreterCustomization//gadget-retain: "
                        + "spec.customizations.retention.luaScript: does not compile")
                .endsWith("(refused: the built-in behaviour of example.com/v1/Gadget applies)"));
        assertThat(inForce.refusal("example.com/v1", "Widget")).isEmpty();
        assertThat(inForce.interpreter().interpretHealth(JSON.readTree("""
                {"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w"},"status":{"ready":true}}"""))).contains(true);
    }

    @Test
    void anotherPolicyOrTheSameCustomizationAgainChangesNothing() {
        assertThat(published.accept("PropagationPolicy/shop/web", "{}")).isEmpty();
        published.accept("ResourceInterpreterCustomization//widget-health", HEALTH);
        CustomizationsInForce before = published.inForce();

        assertThat(published.accept("ResourceInterpreterCustomization//widget-health", HEALTH)).isEmpty();
        assertThat(published.inForce()).isSameAs(before);
        assertThat(published.accept("TrainingRuntime/ml/torch", "{}")).containsExactly("trainer.kubeflow.org/v1alpha1/TrainJob");
    }

    @Test
    void theConfiguredDirectorysKindsAreKnownBeforeAnyRecord() {
        InterpreterExtensions configured = InterpreterExtensions.load(("""
                apiVersion: fedstream.io/v1alpha1
                kind: InterpreterCustomization
                metadata: {name: guestbook}
                spec:
                  target: {apiVersion: webapp.my.domain/v1, kind: Guestbook}
                  components: []
                ---
                """ + HEALTH).getBytes(java.nio.charset.StandardCharsets.UTF_8), "customizations.dir");

        assertThat(new PublishedCustomizations(configured).configuredKinds())
                .containsExactly("webapp.my.domain/v1/Guestbook", "example.com/v1/Widget");
        assertThat(published.configuredKinds()).isEmpty();
    }

    @Test
    void noCustomizationLeavesTheBuiltInBehaviour() {
        assertThat(published.inForce().refusedByKind()).isEqualTo(Map.of());
        assertThat(published.inForce().interpreter().retain(JSON.createObjectNode().put("apiVersion", "apps/v1").put("kind", "Deployment"),
                JSON.createObjectNode())).isEmpty();
    }
}
