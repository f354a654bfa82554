package io.fedstream.interpret;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Which files of a directory hold manifests: every {@code *.yaml}, {@code *.yml} and {@code *.json}
 * file directly in it, in name order. Names starting with '.' are skipped, which also skips the
 * {@code ..data} links of a mounted ConfigMap.
 */
public final class ManifestFiles {

    private static final Set<String> SUFFIXES = Set.of(".yaml", ".yml", ".json");

    private ManifestFiles() {}

    /** The manifest files directly in {@code dir}, sorted by name. */
    public static List<Path> in(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path entry : entries) {
                if (isManifestName(entry.getFileName().toString()) && Files.isRegularFile(entry)) {
                    files.add(entry);
                }
            }
        }
        files.sort(null);
        return files;
    }

    private static boolean isManifestName(String fileName) {
        int dot = fileName.lastIndexOf('.');
        return !fileName.startsWith(".") && dot > 0 && SUFFIXES.contains(fileName.substring(dot).toLowerCase(Locale.ROOT));
    }
}
