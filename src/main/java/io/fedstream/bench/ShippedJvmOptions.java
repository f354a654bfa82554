package io.fedstream.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The JVM options fedstream ships with ({@code fedstream-jvm.options}), which the bench gives the fedstream JVM it measures. */
final class ShippedJvmOptions {

    static final String RESOURCE = "/fedstream-jvm.options";

    private ShippedJvmOptions() {}

    /** The options of the resource in order, one per line, without comments and blank lines. */
    static List<String> read() {
        try (InputStream in = ShippedJvmOptions.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is missing from the class path");
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** The shipped options, then {@code later} ones, which win where they set the same thing (e.g. {@code -Xmx1g}). */
    static List<String> followedBy(List<String> later) {
        List<String> options = new ArrayList<>(read());
        options.addAll(later);
        return List.copyOf(options);
    }

    /** The argument-file lines of {@code text} (the {@code java} launcher's {@code @file} syntax, one option a line). */
    static List<String> parse(String text) {
        List<String> options = new ArrayList<>();
        for (String line : text.split("\n")) {
            int comment = line.indexOf('#');
            String option = (comment < 0 ? line : line.substring(0, comment)).strip();
            if (!option.isEmpty()) {
                options.add(option);
            }
        }
        return List.copyOf(options);
    }
}
