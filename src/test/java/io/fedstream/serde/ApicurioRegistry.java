package io.fedstream.serde;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A running Apicurio Registry child process on loopback; closing it kills the process. */
public final class ApicurioRegistry implements AutoCloseable {

    private final Process process;
    private final int port;
    private final int majorVersion;
    private final Path log;
    private final long startupMillis;
    private final String javaExecutable;

    private ApicurioRegistry(Process process, int port, int majorVersion, Path log, long startupMillis,
            String javaExecutable) {
        this.process = process;
        this.port = port;
        this.majorVersion = majorVersion;
        this.log = log;
        this.startupMillis = startupMillis;
        this.javaExecutable = javaExecutable;
    }

    /** Starts the registry and waits until its Confluent API answers, at most {@code timeout}. */
    static ApicurioRegistry start(List<String> command, Path workDir, int port, int majorVersion, Path log,
            Duration timeout) throws IOException, InterruptedException {
        long started = System.nanoTime();
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        ApicurioRegistry registry = new ApicurioRegistry(process, port, majorVersion, log, 0, command.get(0));
        try {
            registry.awaitReady(started, timeout);
        } catch (RuntimeException | InterruptedException e) {
            registry.close();
            throw e;
        }
        return new ApicurioRegistry(process, port, majorVersion, log,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), command.get(0));
    }

    /** Root of the Confluent-compatible API, for {@link ConfluentRegistryClient}. */
    public String ccompatUrl() {
        return "http://127.0.0.1:" + port + "/apis/ccompat/v7";
    }

    /** Root of Apicurio's own REST API, which Apicurio's serdes speak. */
    public String nativeApiUrl() {
        return "http://127.0.0.1:" + port + (majorVersion >= 3 ? "/apis/registry/v3" : "/apis/registry/v2");
    }

    public int majorVersion() {
        return majorVersion;
    }

    public long startupMillis() {
        return startupMillis;
    }

    public String javaExecutable() {
        return javaExecutable;
    }

    private void awaitReady(long startedNanos, Duration timeout) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest probe = HttpRequest.newBuilder(URI.create(ccompatUrl() + "/subjects"))
                .timeout(Duration.ofSeconds(2)).GET().build();
        long deadline = startedNanos + timeout.toNanos();
        while (System.nanoTime() - deadline < 0) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Apicurio Registry exited with code " + process.exitValue()
                        + " before it was ready; last lines of " + log + ":\n" + tail(40));
            }
            try {
                if (http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException notYetListening) {
                // Keep polling until the deadline.
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("Apicurio Registry was not ready within " + timeout.toSeconds()
                + " s on port " + port + "; last lines of " + log + ":\n" + tail(40));
    }

    String tail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(cannot read the log: " + e + ")";
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    static List<String> commandLine(String java, Path app, int port, int managementPort, int majorVersion) {
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m",
                "-Dquarkus.http.host=127.0.0.1", "-Dquarkus.http.port=" + port,
                "-Dquarkus.management.host=127.0.0.1", "-Dquarkus.management.port=" + managementPort,
                "-Dquarkus.otel.sdk.disabled=true",
                "-Dapicurio.rules.global.compatibility=BACKWARD",
                "-Dapicurio.ccompat.use-canonical-hash=true"));
        if (majorVersion < 3) {
            // 2.x reads the same settings under the older "registry." prefix.
            command.addAll(List.of("-Dregistry.rules.global.compatibility=BACKWARD",
                    "-Dregistry.ccompat.use-canonical-hash=true"));
        }
        command.addAll(List.of("-jar", app.toString()));
        return command;
    }
}
