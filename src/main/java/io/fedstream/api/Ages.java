package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** Times as kubectl shows their age: {@code 45s}, {@code 12m}, {@code 5h}, {@code 3d}. */
public final class Ages {

    private Ages() {}

    /** kubectl's short ages: seconds up to 2 minutes, minutes up to 2 hours, hours up to 2 days, then days. */
    public static String of(Duration elapsed) {
        long seconds = Math.max(0, elapsed.toSeconds());
        if (seconds < 120) {
            return seconds + "s";
        }
        if (seconds < 120 * 60) {
            return seconds / 60 + "m";
        }
        if (seconds < 48 * 3600) {
            return seconds / 3600 + "h";
        }
        return seconds / 86400 + "d";
    }

    /** The age of a time written in an object, {@code -} when the object has none. */
    public static String since(JsonNode time, Instant now) {
        if (!time.isTextual()) {
            return "-";
        }
        try {
            return of(Duration.between(Instant.parse(time.asText()), now));
        } catch (DateTimeParseException notATime) {
            return "-";
        }
    }
}
