package io.fedstream.demo;

import io.fedstream.interpret.ManifestParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** Reads a demo scene's manifests from the jar, as JSON, in file order; a missing or broken one is a bug of the build. */
public final class SceneManifests {

    private SceneManifests() {}

    public static List<String> read(String resource) {
        try (InputStream in = SceneManifests.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the jar");
            }
            return new ManifestParser().parse(in.readAllBytes()).stream().map(d -> {
                if (d.error() != null) {
                    throw new IllegalStateException(resource + " is broken: " + d.error().message());
                }
                return d.root().toString();
            }).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
