package io.fedstream.connect;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL cluster for a test: initdb and pg_ctl of the Debian package in a temporary directory,
 * listening on a free loopback port; run as the {@code postgres} user when the test runs as root, since the
 * server refuses to run as root.
 */
final class LocalPostgres implements AutoCloseable {

    static final String USER = "fedstream";
    static final String DATABASE = "fedstream";
    private static final Path DEBIAN_BINARIES = Path.of("/usr/lib/postgresql");
    private static final String SERVICE_USER = "postgres";

    private final Path bin;
    private final Path dataDir;
    private final Path baseDir;
    private final boolean asServiceUser;
    private final int port;

    private LocalPostgres(Path bin, Path baseDir, boolean asServiceUser, int port) {
        this.bin = bin;
        this.baseDir = baseDir;
        this.dataDir = baseDir.resolve("data");
        this.asServiceUser = asServiceUser;
        this.port = port;
    }

    /** The newest {@code /usr/lib/postgresql/<version>/bin} holding initdb and pg_ctl, if the package is installed. */
    static Optional<Path> binaries() {
        if (!Files.isDirectory(DEBIAN_BINARIES)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(DEBIAN_BINARIES)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
                    .max(Comparator.comparing(LocalPostgres::majorVersion));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Creates and starts a cluster with a trusted {@value #USER} superuser and a {@value #DATABASE} database. */
    static LocalPostgres start(Path bin) throws IOException, InterruptedException {
        boolean root = "root".equals(System.getProperty("user.name"));
        Path baseDir = Files.createTempDirectory("fedstream-pg-");
        LocalPostgres postgres = new LocalPostgres(bin, baseDir, root, freePort());
        try {
            postgres.initAndStart();
            return postgres;
        } catch (IOException | InterruptedException | RuntimeException e) {
            postgres.close();
            throw e;
        }
    }

    private void initAndStart() throws IOException, InterruptedException {
        if (asServiceUser) {
            // The server runs as postgres: it must own its directory, and reach it through the temp dir.
            Files.setPosixFilePermissions(baseDir, PosixFilePermissions.fromString("rwxr-xr-x"));
            run(List.of("chown", SERVICE_USER, baseDir.toString()), false);
        }
        run(List.of(bin.resolve("initdb").toString(), "-D", dataDir.toString(), "-U", USER, "--auth=trust",
                "--encoding=UTF8", "--no-sync"), asServiceUser);
        run(List.of(bin.resolve("pg_ctl").toString(), "-D", dataDir.toString(), "-l", baseDir.resolve("server.log").toString(),
                "-w", "-t", "60", "-o", "-p " + port + " -k " + baseDir + " -c listen_addresses=127.0.0.1 -c fsync=off",
                "start"), asServiceUser);
        try (Connection c = DriverManager.getConnection(jdbcUrl("postgres"), USER, "")) {
            c.createStatement().execute("CREATE DATABASE " + DATABASE);
        } catch (SQLException e) {
            throw new IOException("PostgreSQL started but " + DATABASE + " cannot be created: " + e.getMessage()
                    + "; server log: " + serverLog(), e);
        }
    }

    String jdbcUrl() {
        return jdbcUrl(DATABASE);
    }

    private String jdbcUrl(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database;
    }

    int port() {
        return port;
    }

    Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), USER, "");
    }

    @Override
    public void close() throws IOException, InterruptedException {
        try {
            if (Files.exists(dataDir.resolve("postmaster.pid"))) {
                run(List.of(bin.resolve("pg_ctl").toString(), "-D", dataDir.toString(), "-m", "immediate", "-w", "stop"),
                        asServiceUser);
            }
        } finally {
            try (Stream<Path> files = Files.walk(baseDir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private String serverLog() {
        try {
            return Files.readString(baseDir.resolve("server.log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(none: " + e.getMessage() + ")";
        }
    }

    private static void run(List<String> command, boolean asServiceUser) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (asServiceUser) {
            full.addAll(List.of("runuser", "-u", SERVICE_USER, "--"));
        }
        full.addAll(command);
        Process process = new ProcessBuilder(full).redirectErrorStream(true).start();
        // Read to the end before waiting: pg_ctl's server inherits nothing of ours, so the stream closes.
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(90, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", full) + " failed: " + output);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static int majorVersion(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
