package io.fedstream.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The live view's files, read once from the jar ({@code src/main/resources/web}): the page at {@code /} and its script
 * and style under {@code /ui/}. They hold no fleet data, so they are served without the token; the page then asks the
 * token's holder for it and sends it with every data request.
 */
final class WebAssets {

    /** A file as it is served. */
    record Asset(String contentType, byte[] body) {}

    private static final String ROOT = "/web/";
    private static final Map<String, String[]> FILES = Map.of(
            "/", new String[] {"index.html", "text/html; charset=utf-8"},
            "/ui/app.js", new String[] {"app.js", "text/javascript; charset=utf-8"},
            "/ui/style.css", new String[] {"style.css", "text/css; charset=utf-8"});

    private final Map<String, Asset> assets;

    WebAssets() {
        this.assets = Map.copyOf(FILES.entrySet().stream().collect(Collectors.toMap(
                Map.Entry::getKey, e -> new Asset(e.getValue()[1], read(e.getValue()[0])))));
    }

    /** The asset served at this raw path, if any. */
    Optional<Asset> at(String rawPath) {
        return Optional.ofNullable(assets.get(rawPath));
    }

    private static byte[] read(String file) {
        try (InputStream in = WebAssets.class.getResourceAsStream(ROOT + file)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + ROOT + file + ", a file of the live view");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + ROOT + file + " from the jar", e);
        }
    }
}
