package io.fedstream.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where the demo's tour finds its example files: the repository's {@code docs/examples/...} when the demo runs from the
 * repository (short paths, as the README and docs/demo.md show them), else copies written from the jar, so that the printed commands
 * work from any directory and from the Docker image, which carry no {@code docs/}.
 */
final class TourFiles {

    private static final String RESOURCES = "/demo/tour/";

    private TourFiles() {}

    /** The path to print for {@code inRepository} (e.g. {@code docs/examples/flinkdeployment.yaml}), copying it into {@code copies} when needed. */
    static String path(String inRepository, Path workingDir, Path copies) {
        if (Files.isRegularFile(workingDir.resolve(inRepository))) {
            return inRepository;
        }
        String file = Path.of(inRepository).getFileName().toString();
        try (InputStream packaged = TourFiles.class.getResourceAsStream(RESOURCES + file)) {
            if (packaged == null) {
                throw new IllegalStateException("the jar does not carry " + RESOURCES + file);
            }
            Files.createDirectories(copies);
            Path copy = copies.resolve(file);
            Files.copy(packaged, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy.toAbsolutePath().toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the tour's " + file + " into " + copies, e);
        }
    }
}
