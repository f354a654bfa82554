package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The dispatching fields of a (Cluster)PropagationPolicy, with Karmada's defaults and its CRD's checks. */
class PropagationSettingsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode policy(String spec) throws Exception {
        return JSON.readTree("{\"apiVersion\":\"policy.karmada.io/v1alpha1\",\"kind\":\"PropagationPolicy\",\"spec\":" + spec + "}");
    }

    @Test
    void aPolicyWithoutThemHasKarmadasDefaults() throws Exception {
        assertThat(PropagationSettings.of(policy("{\"resourceSelectors\":[]}"))).isEqualTo(PropagationSettings.DEFAULTS);
        assertThat(PropagationSettings.DEFAULTS.conflictResolution()).isEqualTo(PropagationSettings.ConflictResolution.ABORT);
    }

    @Test
    void everyFieldIsRead() throws Exception {
        PropagationSettings settings = PropagationSettings.of(policy("""
                {"conflictResolution":"Overwrite","preserveResourcesOnDeletion":true,"propagateDeps":true,
                 "suspension":{"dispatchingOnClusters":{"clusterNames":["member2"]}}}"""));

        assertThat(settings).isEqualTo(new PropagationSettings(PropagationSettings.ConflictResolution.OVERWRITE, false, Set.of("member2"),
                true, true));
        assertThat(settings.suspends("member2")).isTrue();
        assertThat(settings.suspends("member1")).isFalse();
        assertThat(PropagationSettings.of(policy("{\"suspension\":{\"dispatching\":true}}")).suspends("member1")).isTrue();
    }

    @Test
    void aWrongValueNamesTheFieldAndTheValue() {
        assertThatThrownBy(() -> PropagationSettings.of(policy("{\"conflictResolution\":\"Replace\"}")))
                .hasMessage("spec.conflictResolution: must be Abort or Overwrite (value: Replace)");
        assertThatThrownBy(() -> PropagationSettings.of(policy("{\"propagateDeps\":\"yes\"}")))
                .hasMessage("spec.propagateDeps: must be true or false (value: \"yes\")");
        assertThatThrownBy(() -> PropagationSettings.of(policy("{\"suspension\":{\"dispatchingOnClusters\":{\"clusterNames\":\"member1\"}}}")))
                .hasMessage("spec.suspension.dispatchingOnClusters.clusterNames: must be a list (value: \"member1\")");
    }

    @Test
    void aWorkloadsAnnotationComesFirstAndAnyOtherValueOfItIsIgnored() throws Exception {
        JsonNode overwrite = JSON.readTree("{\"metadata\":{\"annotations\":{\"fedstream.io/conflict-resolution\":\"Overwrite\"}}}");
        JsonNode karmadas = JSON.readTree("{\"metadata\":{\"annotations\":{\"work.karmada.io/conflict-resolution\":\"Overwrite\"}}}");
        JsonNode other = JSON.readTree("{\"metadata\":{\"annotations\":{\"work.karmada.io/conflict-resolution\":\"yes\"}}}");

        assertThat(PropagationSettings.DEFAULTS.conflictResolutionFor(overwrite)).isEqualTo(PropagationSettings.ConflictResolution.OVERWRITE);
        assertThat(PropagationSettings.DEFAULTS.conflictResolutionFor(karmadas)).isEqualTo(PropagationSettings.ConflictResolution.OVERWRITE);
        assertThat(PropagationSettings.DEFAULTS.conflictResolutionFor(other)).isEqualTo(PropagationSettings.ConflictResolution.ABORT);
    }
}
