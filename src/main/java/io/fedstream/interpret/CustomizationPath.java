package io.fedstream.interpret;

import java.util.ArrayList;
import java.util.List;

/**
 * A field path of a declarative customization, in a small JSONPath subset: {@code $} followed by
 * one or more of {@code .name} (letters, digits, '_' and '-'), {@code ['any name']} or
 * {@code ["any name"]} (backslash escapes the quote and itself) and {@code [index]} (a
 * non-negative integer). Parsed once, when the customization is loaded; resolved against many
 * manifests.
 */
public final class CustomizationPath {

    /** Longer paths are refused: no real manifest is that deep, and they cost time on every manifest. */
    static final int MAX_LENGTH = 1000;

    /** One step of a path: a mapping key or a list index. */
    public sealed interface Segment permits Key, Index {}

    /** A mapping key. */
    public record Key(String name) implements Segment {}

    /** A list index. */
    public record Index(int index) implements Segment {}

    private final String text;
    private final List<Segment> segments;

    private CustomizationPath(String text, List<Segment> segments) {
        this.text = text;
        this.segments = List.copyOf(segments);
    }

    /**
     * Parses a path.
     *
     * @throws IllegalArgumentException whose message is {@code cannot parse at position N: why},
     *     N being the 0-based index of the offending character
     */
    public static CustomizationPath parse(String text) {
        return new Parser(text).parse();
    }

    /** The path as written, e.g. {@code $.spec.workers['nvidia.com/gpu']}. */
    public String text() {
        return text;
    }

    /** The steps after {@code $}; never empty. */
    public List<Segment> segments() {
        return segments;
    }

    /**
     * The node this path names below the cursor. Absent intermediate nodes give an absent result
     * (whose field path still names the whole path); a present intermediate node of the wrong
     * type is recorded as an error, since the path can then never match.
     */
    Cursor resolve(Cursor root) {
        Cursor c = root;
        for (Segment segment : segments) {
            if (segment instanceof Key key) {
                c = c.field(key.name());
            } else {
                if (c.isPresent() && !c.node().isArray()) {
                    c.error("must be a list (customization path " + text + ")");
                }
                c = c.index(((Index) segment).index());
            }
        }
        return c;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CustomizationPath other && text.equals(other.text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }

    /** A left-to-right scanner: the grammar is regular, and each error names the position it stopped at. */
    private static final class Parser {

        private final String text;
        private final List<Segment> segments = new ArrayList<>();
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        CustomizationPath parse() {
            if (text.isEmpty()) {
                throw fail(0, "a path must start with '$'");
            }
            if (text.length() > MAX_LENGTH) {
                throw fail(MAX_LENGTH, "a path may have at most " + MAX_LENGTH + " characters");
            }
            if (text.charAt(0) != '$') {
                throw fail(0, "a path must start with '$'" + (text.charAt(0) == '.' ? " (write $" + text + ")" : ""));
            }
            pos = 1;
            if (pos == text.length()) {
                throw fail(pos, "a path must name at least one field after '$'");
            }
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == '.') {
                    dotKey();
                } else if (c == '[') {
                    bracket();
                } else {
                    throw fail(pos, "expected '.' or '[', found " + describe(c));
                }
            }
            return new CustomizationPath(text, segments);
        }

        private void dotKey() {
            pos++;
            int start = pos;
            if (pos == text.length()) {
                throw fail(pos, "expected a field name after '.', found the end of the path");
            }
            char first = text.charAt(pos);
            if (first == '.') {
                throw fail(pos, "recursive descent ('..') is not supported");
            }
            if (first == '*') {
                throw fail(pos, "wildcards are not supported");
            }
            while (pos < text.length() && isNameChar(text.charAt(pos))) {
                pos++;
            }
            if (pos == start) {
                throw fail(pos, "expected a field name after '.', found " + describe(first)
                        + " (write ['...'] for names with other characters)");
            }
            segments.add(new Key(text.substring(start, pos)));
        }

        private void bracket() {
            int open = pos;
            pos++;
            if (pos == text.length()) {
                throw fail(pos, "expected a quoted name or an index after '[', found the end of the path");
            }
            char c = text.charAt(pos);
            if (c == '\'' || c == '"') {
                segments.add(new Key(quoted(c)));
            } else if (c >= '0' && c <= '9') {
                segments.add(new Index(index()));
            } else if (c == '*') {
                throw fail(pos, "wildcards are not supported");
            } else if (c == '?') {
                throw fail(pos, "filters are not supported");
            } else if (c == '-') {
                throw fail(pos, "negative indexes are not supported");
            } else {
                throw fail(pos, "expected a quoted name or an index after '[', found " + describe(c));
            }
            if (pos == text.length()) {
                throw fail(pos, "expected ']' to close the '[' at position " + open + ", found the end of the path");
            }
            char close = text.charAt(pos);
            if (close == ':') {
                throw fail(pos, "slices are not supported");
            }
            if (close == ',') {
                throw fail(pos, "unions are not supported");
            }
            if (close != ']') {
                throw fail(pos, "expected ']' to close the '[' at position " + open + ", found " + describe(close));
            }
            pos++;
        }

        private String quoted(char quote) {
            int open = pos;
            pos++;
            StringBuilder name = new StringBuilder();
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c == quote) {
                    pos++;
                    return name.toString();
                }
                if (c == '\\') {
                    if (pos + 1 < text.length() && (text.charAt(pos + 1) == quote || text.charAt(pos + 1) == '\\')) {
                        name.append(text.charAt(pos + 1));
                        pos += 2;
                        continue;
                    }
                    throw fail(pos, "'\\' may only escape " + quote + " or '\\'");
                }
                name.append(c);
                pos++;
            }
            throw fail(pos, "unterminated quoted name starting at position " + open);
        }

        private int index() {
            int start = pos;
            while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
                pos++;
            }
            String digits = text.substring(start, pos);
            if (digits.length() > 1 && digits.charAt(0) == '0') {
                throw fail(start, "an index has no leading zeros");
            }
            if (digits.length() > 9) {
                throw fail(start, "index " + digits + " is too large");
            }
            return Integer.parseInt(digits);
        }

        private static boolean isNameChar(char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        }

        private static String describe(char c) {
            return Character.isWhitespace(c) ? "whitespace" : "'" + c + "'";
        }

        private static IllegalArgumentException fail(int position, String why) {
            return new IllegalArgumentException("cannot parse at position " + position + ": " + why);
        }
    }
}
