package io.fedstream.docs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docker/compose.yaml parses, names pinned images, and only paths that exist in the repository or that the build
 * command in its header makes (under target/); the README gives that same command; where Docker exists, {@code docker
 * compose config} accepts the file.
 */
class ComposeFileTest {

    private static final Path DOCKER = Path.of("docker");
    private static final Path COMPOSE = DOCKER.resolve("compose.yaml");
    private static final Pattern PINNED_IMAGE = Pattern.compile("[a-z0-9./-]+:[A-Za-z0-9._-]+");
    private static final Pattern BUILD_COMMAND = Pattern.compile("#\\s+(mvn .*docker compose -f docker/compose.yaml up --build)");

    @Test
    void everyServiceNamesAPinnedImageOrABuildThatExists() throws Exception {
        JsonNode services = new YAMLMapper().readTree(COMPOSE.toFile()).get("services");
        List<String> checked = new ArrayList<>();
        services.fields().forEachRemaining(service -> {
            JsonNode definition = service.getValue();
            if (definition.has("build")) {
                Path context = DOCKER.resolve(definition.at("/build/context").asText()).normalize();
                assertThat(context.resolve(definition.at("/build/dockerfile").asText())).as(service.getKey()).isRegularFile();
            } else {
                assertThat(definition.path("image").asText()).as(service.getKey() + ": an image with a tag other than latest")
                        .matches(PINNED_IMAGE).doesNotEndWith(":latest");
            }
            definition.path("volumes").forEach(volume -> {
                String host = volume.asText().split(":")[0];
                Path path = DOCKER.resolve(host).normalize();
                if (path.startsWith("target")) {
                    assertThat(buildCommand()).as("%s: %s is made by the build command of the header", service.getKey(), host)
                            .contains(host.contains("connect-plugins") ? "-P connect-plugins" : "package");
                } else {
                    assertThat(path).as(service.getKey() + " mounts " + host).exists();
                }
            });
            definition.path("ports").forEach(port -> assertThat(port.asText()).as(service.getKey()).matches("\\d+:\\d+"));
            checked.add(service.getKey());
        });
        assertThat(checked).contains("kafka", "registry", "fedstream");
        assertThat(services.at("/fedstream/environment/FEDSTREAM_HTTP_HOST").asText()).isEqualTo("0.0.0.0");
        assertThat(services.at("/fedstream/environment/FEDSTREAM_HTTP_BEARER_TOKEN").asText()).startsWith("${FEDSTREAM_HTTP_BEARER_TOKEN");
    }

    @Test
    void theDockerfileCopiesOnlyWhatTheRepositoryOrTheBuildHolds() throws Exception {
        for (String line : Files.readAllLines(DOCKER.resolve("Dockerfile"))) {
            if (line.startsWith("COPY ")) {
                String source = line.split("\\s+")[1];
                assertThat(source.startsWith("target/") || Files.exists(Path.of(source))).as(line).isTrue();
            }
        }
    }

    @Test
    void theReadmeGivesTheCommandOfTheFilesHeader() throws Exception {
        assertThat(Files.readString(Path.of("README.md"))).contains(buildCommand());
    }

    @Test
    void dockerComposeAcceptsTheFileWhereDockerRuns() throws Exception {
        if (!dockerCompose()) {
            // No Docker Compose here (NOTES-ENV.md: no Docker engine): the checks above stand in for it.
            return;
        }
        ProcessBuilder config = new ProcessBuilder("docker", "compose", "-f", COMPOSE.toString(), "config", "-q").redirectErrorStream(true);
        config.environment().putAll(Map.of("FEDSTREAM_HTTP_BEARER_TOKEN", "compose-config-check"));
        Process process = config.start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
    }

    private static String buildCommand() {
        try {
            Matcher matcher = BUILD_COMMAND.matcher(Files.readString(COMPOSE));
            assertThat(matcher.find()).as("the build and start command in the header of %s", COMPOSE).isTrue();
            return matcher.group(1);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A docker command with its compose plugin on the PATH (a docker client alone cannot check the file). */
    private static boolean dockerCompose() throws Exception {
        boolean onPath = false;
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            onPath |= Files.isExecutable(Path.of(dir, "docker"));
        }
        if (!onPath) {
            return false;
        }
        Process version = new ProcessBuilder("docker", "compose", "version").redirectErrorStream(true).start();
        version.getInputStream().readAllBytes();
        return version.waitFor(30, TimeUnit.SECONDS) && version.exitValue() == 0;
    }
}
