package io.fedstream.decide;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** What every stage test on a {@link FleetDriver} shares: a fresh state directory and the driver, closed after each test. */
abstract class FleetStageTest {

    @TempDir
    Path stateDir;
    FleetDriver fleet;

    /** The PropagationPolicy {@code team-a/web} of the Deployment {@code team-a/web}, with the placement given (YAML). */
    static String webPolicyPlacing(String placement) {
        return """
                apiVersion: policy.karmada.io/v1alpha1
                kind: PropagationPolicy
                metadata: {name: web, namespace: team-a}
                spec:
                  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
                  placement:
                """ + placement.indent(4);
    }

    @AfterEach
    void closeFleet() {
        if (fleet != null) {
            fleet.close();
        }
    }
}
