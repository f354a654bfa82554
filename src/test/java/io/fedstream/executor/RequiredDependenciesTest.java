package io.fedstream.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which workloads need which dependencies on a cluster, and which needs changed. */
class RequiredDependenciesTest {

    @Test
    void aDependencyIsNeededWhileOneWorkloadNeedsIt() {
        RequiredDependencies dependencies = new RequiredDependencies();

        assertThat(dependencies.record("web", List.of("cm", "secret"))).containsExactlyInAnyOrder("cm", "secret");
        assertThat(dependencies.record("api", List.of("cm"))).containsExactly("cm");
        assertThat(dependencies.neededBy("cm")).containsExactly("api", "web");
        assertThat(dependencies.record("web", List.of("cm"))).as("web no longer needs the secret").containsExactly("secret");
        assertThat(dependencies.neededBy("secret")).isEmpty();
        assertThat(dependencies.record("web", List.of("cm"))).as("nothing changed").isEmpty();
        dependencies.record("web", List.of());
        dependencies.record("api", List.of());
        assertThat(dependencies.neededBy("cm")).isEmpty();
    }
}
