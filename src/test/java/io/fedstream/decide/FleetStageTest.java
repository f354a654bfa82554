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

    /** {@code team-a/web}'s policy dividing its replicas 2:1 between dc-1 and dc-2 by static weights. */
    static final String WEB_TWO_TO_ONE_BY_STATIC_WEIGHTS = webPolicyPlacing("""
            replicaScheduling:
              replicaSchedulingType: Divided
              replicaDivisionPreference: Weighted
              weightPreference:
                staticWeightList:
                  - {targetCluster: {clusterNames: [dc-1]}, weight: 2}
                  - {targetCluster: {clusterNames: [dc-2]}, weight: 1}
            """);

    @AfterEach
    void closeFleet() {
        if (fleet != null) {
            fleet.close();
        }
    }
}
