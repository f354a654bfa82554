package io.fedstream.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Removes the temporary state and data directories that fedstream creates, best effort. */
public final class TemporaryDirectories {

    private static final Logger LOG = LoggerFactory.getLogger(TemporaryDirectories.class);

    private TemporaryDirectories() {}

    /**
     * Deletes a directory and everything in it. Failures are logged, never thrown: this runs in
     * clean-up paths, where an exception would hide the error that matters.
     */
    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    LOG.warn("Could not delete {}", path, e);
                }
            });
        } catch (IOException e) {
            LOG.warn("Could not delete {}", dir, e);
        }
    }
}
