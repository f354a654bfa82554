package io.fedstream.serde;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts one real Apicurio Registry per test JVM (kept in JUnit's root store, closed when the run ends) and
 * injects it as an {@link ApicurioRegistry} parameter. Reads {@code fedstream.registry.home} (the unpacked app)
 * and {@code fedstream.registry.java.home} (a JDK 21+ for 3.x; without it, this JVM's Java runs a 2.x app).
 */
public final class ApicurioRegistryExtension implements BeforeAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(ApicurioRegistryExtension.class);
    private static final Logger LOG = LoggerFactory.getLogger(ApicurioRegistryExtension.class);
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    @Override
    public void beforeAll(ExtensionContext context) {
        registry(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == ApicurioRegistry.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return registry(context);
    }

    private static ApicurioRegistry registry(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE)
                .getOrComputeIfAbsent(ApicurioRegistry.class, key -> start(), ApicurioRegistry.class);
    }

    private static ApicurioRegistry start() {
        Path home = Path.of(required("fedstream.registry.home"));
        Path app = findApp(home);
        int majorVersion = app.getFileName().toString().equals("quarkus-run.jar") ? 3 : 2;
        String java = javaExecutable(majorVersion);
        int port = freePort();
        int managementPort = freePort();
        Path log = home.resolveSibling("apicurio-registry-" + port + ".log");
        try {
            ApicurioRegistry registry = ApicurioRegistry.start(
                    ApicurioRegistry.commandLine(java, app, port, managementPort, majorVersion),
                    app.getParent(), port, majorVersion, log, READY_TIMEOUT);
            LOG.info("Apicurio Registry {}.x ready at {} in {} ms (java {}, log {})", majorVersion,
                    registry.ccompatUrl(), registry.startupMillis(), java, log);
            return registry;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start Apicurio Registry with " + java + " -jar " + app, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while starting Apicurio Registry", e);
        }
    }

    private static String javaExecutable(int majorVersion) {
        String configured = System.getProperty("fedstream.registry.java.home", "");
        Path java = Path.of(configured, "bin", "java");
        if (!configured.isBlank() && Files.isExecutable(java)) {
            return java.toString();
        }
        if (majorVersion >= 3 && Runtime.version().feature() < 21) {
            throw new IllegalStateException("Apicurio Registry 3.x needs Java 21+, but fedstream.registry.java.home ('"
                    + configured + "') has no bin/java and this JVM is Java " + Runtime.version().feature()
                    + "; the Maven build switches to Apicurio 2.6 when the Temurin 25 JDK is absent");
        }
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static Path findApp(Path home) {
        Path quarkusRun = home.resolve("quarkus-run.jar");
        if (Files.isRegularFile(quarkusRun)) {
            return quarkusRun;
        }
        try (Stream<Path> files = Files.walk(home, 3)) {
            List<Path> runners = files.filter(p -> p.getFileName().toString().endsWith("-runner.jar")).toList();
            if (runners.size() == 1) {
                return runners.get(0);
            }
            throw new IllegalStateException("Expected quarkus-run.jar or one *-runner.jar under " + home + ", found "
                    + runners + "; run the ITs through 'mvn verify', which unpacks the registry at pre-integration-test");
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot look for the Apicurio Registry app under " + home, e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("No free loopback port", e);
        }
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("System property " + property + " is not set: run the ITs through"
                    + " 'mvn verify' (failsafe sets it)");
        }
        return value;
    }
}
