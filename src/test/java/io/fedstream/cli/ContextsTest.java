package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.config.FedstreamConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code fedstream config set-context|use-context|view} and the precedence every command keeps: flag, environment, context. */
class ContextsTest {

    @TempDir Path home;
    private String realHome;

    @BeforeEach
    void homeOfItsOwn() {
        realHome = System.getProperty("user.home");
        System.setProperty("user.home", home.toString());
    }

    @AfterEach
    void realHomeBack() {
        System.setProperty("user.home", realHome);
    }

    @Test
    void setContextWritesAFileOnlyItsOwnerReadsAndTheFirstContextBecomesCurrent() throws Exception {
        CliRunner set = CliRunner.run("config", "set-context", "local", "--bootstrap-servers", "127.0.0.1:19092",
                "--server", "http://127.0.0.1:18080", "--token", "s3cret");
        CliRunner second = CliRunner.run("config", "set-context", "prod", "--server", "https://fedstream.example.com");
        CliRunner update = CliRunner.run("config", "set-context", "local", "--registry", "http://127.0.0.1:18081");

        Path file = home.resolve(".fedstream/config");
        assertThat(set.exitCode()).as(set.err()).isZero();
        assertThat(set.out()).contains("it is the current context");
        assertThat(second.out()).doesNotContain("current context");
        assertThat(update.exitCode()).isZero();
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        ContextFile.Config config = ContextFile.read(file);
        assertThat(config.currentContext()).isEqualTo("local");
        assertThat(config.current()).isEqualTo(new ContextFile.Context("127.0.0.1:19092", "http://127.0.0.1:18081",
                "http://127.0.0.1:18080", "s3cret", null));
    }

    @Test
    void useContextSwitchesAndRefusesAnUnknownNameListingTheKnownOnes() {
        CliRunner.run("config", "set-context", "local", "--server", "http://127.0.0.1:18080");
        CliRunner.run("config", "set-context", "prod", "--server", "https://fedstream.example.com");

        CliRunner use = CliRunner.run("config", "use-context", "prod");
        CliRunner current = CliRunner.run("config", "current-context");
        CliRunner unknown = CliRunner.run("config", "use-context", "staging");

        assertThat(use.out()).isEqualTo("Switched to context \"prod\".\n");
        assertThat(current.out()).isEqualTo("prod\n");
        assertThat(unknown.exitCode()).isEqualTo(1);
        assertThat(unknown.err()).contains("no context exists with the name: \"staging\"").contains("(contexts: local, prod)");
        assertThat(CliRunner.run("config", "get-contexts").out()).containsPattern("\\*\\s+prod\\s+-\\s+-\\s+https://fedstream.example.com");
    }

    @Test
    void viewHidesTokensUnlessRaw() {
        CliRunner.run("config", "set-context", "local", "--server", "http://127.0.0.1:18080", "--token", "s3cret");

        assertThat(CliRunner.run("config", "view").out()).contains("token: REDACTED").doesNotContain("s3cret")
                .contains("current-context: local");
        assertThat(CliRunner.run("config", "view", "--raw").out()).contains("token: s3cret");
    }

    @Test
    void aFlagWinsOverTheEnvironmentWhichWinsOverTheContext() {
        ContextFile.Context context = new ContextFile.Context("context:9092", "http://context:8081", "http://context:8080", "context-token", null);
        ClientSettings withEnvironment = new ClientSettings(Map.of(ClientSettings.SERVER_VARIABLE, "http://env:8080",
                ClientSettings.TOKEN_VARIABLE, "env-token", "FEDSTREAM_KAFKA_BOOTSTRAP_SERVERS", "env:9092"), context);
        ClientSettings contextOnly = new ClientSettings(Map.of(), context);

        assertThat(withEnvironment.resolve("http://flag:8080", ClientSettings.SERVER_VARIABLE, context.server())).contains("http://flag:8080");
        assertThat(withEnvironment.resolve(null, ClientSettings.SERVER_VARIABLE, context.server())).contains("http://env:8080");
        assertThat(contextOnly.resolve(null, ClientSettings.SERVER_VARIABLE, context.server())).contains("http://context:8080");
        assertThat(new ClientSettings(Map.of(), ContextFile.Context.NONE).resolve(null, ClientSettings.SERVER_VARIABLE, null)).isEmpty();

        assertThat(kafka(withEnvironment, "--bootstrap-servers", "flag:9092").kafkaBootstrapServers()).isEqualTo("flag:9092");
        assertThat(kafka(withEnvironment).kafkaBootstrapServers()).isEqualTo("env:9092");
        assertThat(kafka(contextOnly).kafkaBootstrapServers()).isEqualTo("context:9092");
        assertThat(kafka(contextOnly).schemaRegistryUrl()).contains("http://context:8081");
        assertThat(kafka(contextOnly, "--set", "kafka.bootstrap.servers=set:9092").kafkaBootstrapServers()).isEqualTo("set:9092");
        assertThat(kafka(new ClientSettings(Map.of(), ContextFile.Context.NONE)).schemaRegistryUrl()).contains(KafkaOptions.EMBEDDED_REGISTRY_URL);
    }

    @Test
    void getReadsTheServerAndTokenOfTheCurrentContextAndAFlagWinsOverIt() {
        ContextFile.Context context = new ContextFile.Context(null, null, "http://context:8080", "context-token", null);

        assertThat(query(new ClientSettings(Map.of(), context)).toString()).isEqualTo("http://context:8080 with a token");
        assertThat(query(new ClientSettings(Map.of(), context), "--server", "http://flag:8080").toString()).isEqualTo("http://flag:8080 with a token");
        assertThat(query(new ClientSettings(Map.of(), ContextFile.Context.NONE)).toString()).isEqualTo(QueryOptions.DEFAULT_SERVER + " without a token");
    }

    private static FedstreamConfig kafka(ClientSettings settings, String... flags) {
        KafkaOptions options = new KafkaOptions();
        new CommandLine(options).parseArgs(flags);
        return options.config(settings);
    }

    private static QueryClient query(ClientSettings settings, String... flags) {
        QueryOptions options = new QueryOptions();
        new CommandLine(options).parseArgs(flags);
        return options.client(settings);
    }
}
