package io.fedstream.cli;

import io.fedstream.interpret.ManifestFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The bytes of one manifest file (or standard input) and the name errors give it. */
record ManifestSource(String name, byte[] bytes) {

    /**
     * What {@code -f} names: a file, every {@code *.yaml}, {@code *.yml} and {@code *.json} file of a directory
     * in name order (not recursive), or {@code -} for standard input.
     */
    static List<ManifestSource> read(String file, InputStream stdin) throws BadManifestsException {
        if ("-".equals(file)) {
            try {
                return List.of(new ManifestSource("<stdin>", stdin.readAllBytes()));
            } catch (IOException e) {
                throw new BadManifestsException(List.of("cannot read standard input: " + e.getMessage()));
            }
        }
        Path path = Path.of(file);
        try {
            if (!Files.isDirectory(path)) {
                return List.of(new ManifestSource(file, Files.readAllBytes(path)));
            }
            List<ManifestSource> sources = new ArrayList<>();
            for (Path manifest : ManifestFiles.in(path)) {
                sources.add(new ManifestSource(manifest.toString(), Files.readAllBytes(manifest)));
            }
            if (sources.isEmpty()) {
                throw new BadManifestsException(List.of(file + ": no *.yaml, *.yml or *.json files in this directory"));
            }
            return sources;
        } catch (NoSuchFileException e) {
            throw new BadManifestsException(List.of("cannot read " + file + ": no such file or directory"));
        } catch (AccessDeniedException e) {
            throw new BadManifestsException(List.of("cannot read " + file + ": permission denied"));
        } catch (IOException e) {
            throw new BadManifestsException(List.of("cannot read " + file + ": " + e));
        }
    }
}
