package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.api.TestBindings;
import io.fedstream.api.TestStores;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code fedstream get clusterresourcebindings} against a query server over a store holding a namespaced and a
 * cluster-scoped binding.
 */
class GetClusterResourceBindingsCommandTest {

    private static final String TOKEN = "t0ken";

    private final TestStores stores = new TestStores();
    private String url;

    @BeforeEach
    void start() {
        url = "http://127.0.0.1:" + stores.bindings(TestBindings.flink("flink.apache.org", "streaming", "fraud"),
                TestBindings.namespaceObject("guestbook")).serve(Optional.of(TOKEN)).endpoint().port();
    }

    @AfterEach
    void stop() {
        stores.close();
    }

    @Test
    void listsTheBindingsOfClusterScopedObjectsAndOnlyThem() {
        CliRunner result = CliRunner.get(url, TOKEN, "clusterresourcebindings");
        CliRunner byShortName = CliRunner.get(url, TOKEN, "crb", "guestbook-namespace", "-o", "yaml");
        CliRunner everyNamespace = CliRunner.get(url, TOKEN, "resourcebindings", "-A");

        assertThat(result.exitCode()).as(result.err()).isZero();
        assertThat(result.out().lines().toList()).hasSize(2);
        assertThat(result.out()).containsPattern("NAME\\s+SCHEDULED\\s+FULLYAPPLIED\\s+KIND\\s+")
                .containsPattern("guestbook-namespace\\s+True\\s+False\\s+Namespace\\s+INTERPRETED\\s+ADMITTED\\s+member1:0,member2:0\\s+0\\s+0\\s+0\\s+");
        assertThat(byShortName.out()).contains("kind: ClusterResourceBinding\n").contains("fedstream.io/workload-key: core/Namespace//guestbook\n");
        assertThat(everyNamespace.out()).contains("fraud-flinkdeployment").doesNotContain("guestbook");
        assertThat(CliRunner.get(url, TOKEN, "crb", "nope").err()).isEqualTo("error: clusterresourcebinding nope not found\n");
    }
}
