package io.fedstream.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads and links, on a thread of its own while a start waits for the broker, the classes that the namespace pass runs
 * (the engine, its pure cores, the Avro records and serdes), as Spring Boot's {@code BackgroundPreinitializer} warms
 * what its first requests need. Without it the stream thread loads and verifies each of them at its first use, one
 * after the other, while the first workloads wait. The classes are linked, not initialised (no static initialiser runs
 * out of its usual order, so none can deadlock against another thread's), except the generated Avro records, whose
 * initialisers only parse their own schemas.
 */
final class PassClassPreloader {

    private static final Logger LOG = LoggerFactory.getLogger(PassClassPreloader.class);
    static final List<String> PACKAGES = List.of("io.fedstream.decide", "io.fedstream.interpret", "io.fedstream.admit",
            "io.fedstream.place", "io.fedstream.lease", "io.fedstream.bind", "io.fedstream.failover", "io.fedstream.serde",
            "io.fedstream.avro");
    private static final String INITIALISED = "io.fedstream.avro";

    private PassClassPreloader() {}

    /** Starts loading on a daemon thread at the lowest priority; a class that cannot be loaded is left to its first use. */
    static void start() {
        Thread thread = new Thread(PassClassPreloader::preload, "fedstream-class-preloader");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    private static void preload() {
        long start = System.nanoTime();
        try {
            List<String> names = classNames(PassClassPreloader.class.getProtectionDomain().getCodeSource());
            int linked = 0;
            for (String name : names) {
                linked += link(name) ? 1 : 0;
            }
            LOG.debug("Linked {} of the namespace pass's {} classes in {} ms", linked, names.size(), (System.nanoTime() - start) / 1_000_000);
        } catch (RuntimeException e) {
            LOG.debug("Class preloading stopped; the classes load at their first use: {}", e.toString());
        }
    }

    private static boolean link(String name) {
        try {
            Class<?> type = Class.forName(name, name.startsWith(INITIALISED), PassClassPreloader.class.getClassLoader());
            // HotSpot links (verifies) a class to list its methods; loading alone would leave that to the stream thread.
            type.getDeclaredMethods();
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The classes of {@link #PACKAGES} in the jar or directory the code came from. */
    static List<String> classNames(CodeSource source) {
        if (source == null) {
            return List.of();
        }
        try {
            Path location = Path.of(source.getLocation().toURI());
            if (Files.isDirectory(location)) {
                return classNamesUnder(location);
            }
            try (FileSystem jar = FileSystems.newFileSystem(location, (ClassLoader) null)) {
                return classNamesUnder(jar.getPath("/"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static List<String> classNamesUnder(Path root) throws IOException {
        List<String> names = new ArrayList<>();
        for (String pkg : PACKAGES) {
            Path dir = root.resolve(pkg.replace('.', '/'));
            if (!Files.isDirectory(dir)) {
                continue;
            }
            String separator = root.getFileSystem().getSeparator();
            try (Stream<Path> files = Files.walk(dir)) {
                files.map(file -> root.relativize(file).toString())
                        .filter(path -> path.endsWith(".class") && !path.endsWith("package-info.class"))
                        .map(path -> path.substring(0, path.length() - ".class".length()).replace(separator, "."))
                        .sorted()
                        .forEach(names::add);
            }
        }
        return names;
    }
}
