package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Reads a JSON manifest straight from its bytes into the Jackson tree the full parser builds,
 * minus the subtrees {@link UnreadFields} names, which are checked as thoroughly but never
 * materialised. It accepts only plain JSON it is sure Jackson accepts the same way: anything
 * else (a duplicate key anywhere, deep nesting, long numbers or keys, escapes in keys, malformed
 * UTF-8, any syntax error) makes it give up, and the full parser reads the input and reports
 * whatever is wrong exactly as before. One instance reads one input; not thread-safe.
 */
final class SkimmingJsonReader {

    /** Below Jackson's nesting limit ({@link ManifestParser#MAX_DEPTH}), so deeper input goes to Jackson. */
    private static final int MAX_DEPTH = 64;
    /** Jackson's own limits on names and numbers are far higher: longer ones go to Jackson. */
    private static final int MAX_KEY_LENGTH = 1000;
    private static final int MAX_NUMBER_LENGTH = 100;
    /** Duplicate keys of skipped objects are found by comparing bytes, then by a set beyond this many keys. */
    private static final int LINEAR_KEYS = 32;
    /** Kept objects are {@link FieldMap}s, found by linear scans: bigger ones go to Jackson. */
    private static final int MAX_KEPT_FIELDS = 256;

    // Field names repeat across manifests; one shared table of canonical keys saves their
    // allocation, hashing and roles. Two ways per bucket, so that two frequent keys whose hashes
    // meet do not evict each other. Races only lose an entry: a Name is immutable, its fields
    // final, so a reader sees a whole entry or none.
    private static final int NAME_TABLE_SIZE = 4096;
    private static final Name[] NAMES = new Name[NAME_TABLE_SIZE];
    /**
     * Longer keys are not kept in the table, which so holds at most a few hundred KiB; shorter
     * ones are always canonical (interned), so that two of them are equal only when identical.
     */
    private static final int MAX_NAME_LENGTH = 64;

    private static final UnreadFields[] ROLES = UnreadFields.values();
    /** A key's roles pack into one long: an unread bit per role, then a 4-bit child role per role. */
    private static final int CHILD_BITS = 4;

    static {
        if (ROLES.length * (1 + CHILD_BITS) > Long.SIZE || ROLES.length > 1 << CHILD_BITS) {
            throw new IllegalStateException("too many roles to pack in a long: " + ROLES.length);
        }
    }

    /**
     * A key and what {@link UnreadFields} says of it in each role, worked out once per key. A
     * table entry holds its key's bytes as little-endian words, compared a word at a time: the
     * first, the last (overlapping the others when the length is not a multiple of 8) and those
     * in between.
     */
    private static final class Name {

        private static final long[] NO_WORDS = new long[0];

        final String key;
        private final long roles;
        private final int length;
        private final long first;
        private final long last;
        private final long[] middle;

        private Name(String key, long roles, int length, long first, long last, long[] middle) {
            this.key = key;
            this.roles = roles;
            this.length = length;
            this.first = first;
            this.last = last;
            this.middle = middle;
        }

        /** A key too long for the table: not canonical. */
        static Name uncommon(String key) {
            return new Name(key, roles(key), key.length(), 0, 0, NO_WORDS);
        }

        /** A table entry for the canonical key whose bytes are the input's from start on. */
        static Name canonical(String key, byte[] in, int start, long first, long last) {
            int length = key.length();
            long[] middle = length > 16 ? new long[(length + 7) / 8 - 2] : NO_WORDS;
            for (int i = 0; i < middle.length; i++) {
                middle[i] = (long) LONGS.get(in, start + 8 + 8 * i);
            }
            return new Name(key, roles(key), length, first, last, middle);
        }

        private static long roles(String key) {
            long packed = 0;
            for (UnreadFields role : ROLES) {
                if (role.isUnread(key)) {
                    packed |= 1L << role.ordinal();
                }
                packed |= (long) role.child(key).ordinal() << ROLES.length + CHILD_BITS * role.ordinal();
            }
            return packed;
        }

        /** True when this entry's key is the input's bytes from start on, whose first and last words are given. */
        boolean matches(byte[] in, int start, int length, long first, long last) {
            if (this.length != length || this.first != first || this.last != last) {
                return false;
            }
            long[] words = middle;
            for (int i = 0; i < words.length; i++) {
                if (words[i] != (long) LONGS.get(in, start + 8 + 8 * i)) {
                    return false;
                }
            }
            return true;
        }

        boolean isUnreadIn(UnreadFields role) {
            return (roles & 1L << role.ordinal()) != 0;
        }

        UnreadFields childIn(UnreadFields role) {
            return ROLES[(int) (roles >>> ROLES.length + CHILD_BITS * role.ordinal()) & (1 << CHILD_BITS) - 1];
        }
    }

    /** Thrown to give the input up to the full parser; shared and without a stack trace, so cheap. */
    private static final class GiveUp extends RuntimeException {
        GiveUp() {
            super(null, null, false, false);
        }
    }

    private static final GiveUp GIVE_UP = new GiveUp();

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    /** Bytes a string cannot hold as they are: control characters, backslash and non-ASCII. */
    private static final boolean[] SPECIAL = new boolean[256];

    static {
        for (int b = 0; b < 256; b++) {
            SPECIAL[b] = b < 0x20 || b == '\\' || b >= 0x80;
        }
    }

    private final byte[] in;
    private final JsonNodeFactory nodes;
    private final boolean skim;
    private int pos;
    private int depth;
    private int keyHash;
    /**
     * The keys of the skipped objects being read, innermost last: start, end and hash of each,
     * side by side in one array (one small allocation per reader, and only when one is skipped).
     */
    private int[] keys;
    private int keyCount;
    /** The keys the kept objects being read leave out, innermost last (a stack, as the skipped objects' keys). */
    private String[] skipped = new String[8];
    private int skippedCount;

    private SkimmingJsonReader(byte[] in, JsonNodeFactory nodes, boolean skim) {
        this.in = in;
        this.nodes = nodes;
        this.skim = skim;
    }

    /** The manifest's tree without its unread fields, or null when the full parser must read it. */
    static JsonNode read(byte[] bytes, JsonNodeFactory nodes) {
        return read(bytes, nodes, true);
    }

    /** As {@link #read(byte[], JsonNodeFactory)}, or the whole tree when {@code skim} is false (a test seam). */
    static JsonNode read(byte[] bytes, JsonNodeFactory nodes, boolean skim) {
        SkimmingJsonReader reader = new SkimmingJsonReader(bytes, nodes, skim);
        try {
            return reader.document();
        } catch (RuntimeException e) {
            return null; // GiveUp, input that ends too early, or a bug here: the full parser decides
        }
    }

    private JsonNode document() {
        if (in.length >= 3 && (in[0] & 0xff) == 0xEF && (in[1] & 0xff) == 0xBB && (in[2] & 0xff) == 0xBF) {
            pos = 3;
        }
        if (next() != '{') {
            throw GIVE_UP;
        }
        pos++;
        JsonNode root = object(UnreadFields.ROOT);
        if (pos < in.length && next() >= 0) {
            throw GIVE_UP; // trailing content
        }
        return root;
    }

    /** The object after its '{'; the keys its role leaves unread are checked, not kept. */
    private ObjectNode object(UnreadFields role) {
        enter();
        FieldMap fields = new FieldMap();
        ObjectNode object = new ObjectNode(nodes, fields);
        if (next() == '}') {
            pos++;
            depth--;
            return object;
        }
        int skippedBase = skippedCount;
        do {
            expect('"');
            Name name = key();
            String key = name.key;
            expect(':');
            if (skim && name.isUnreadIn(role)) {
                pushSkipped(skippedBase, key);
                skipValue();
            } else if (!putNew(fields, key, value(name.childIn(role))) || fields.size() > MAX_KEPT_FIELDS) {
                throw GIVE_UP;
            }
        } while (endOfMember('}'));
        Arrays.fill(skipped, skippedBase, skippedCount, null);
        skippedCount = skippedBase;
        depth--;
        return object;
    }

    /** Adds a kept field unless its key is there; a canonical key can only equal the identical one. */
    private static boolean putNew(FieldMap fields, String key, JsonNode value) {
        return key.length() <= MAX_NAME_LENGTH ? fields.putNewUnlessIdentical(key, value) : fields.putNew(key, value);
    }

    private ArrayNode array(UnreadFields role) {
        enter();
        ArrayNode array = nodes.arrayNode();
        if (next() == ']') {
            pos++;
            depth--;
            return array;
        }
        UnreadFields elementRole = role.element();
        do {
            array.add(value(elementRole));
        } while (endOfMember(']'));
        depth--;
        return array;
    }

    /** A value whose role (should it be an object or a list) is {@code role}. */
    private JsonNode value(UnreadFields role) {
        int c = next();
        switch (c) {
            case '{':
                pos++;
                return object(role);
            case '[':
                pos++;
                return array(role);
            case '"':
                pos++;
                return nodes.textNode(string());
            case 't':
                literal("true");
                return nodes.booleanNode(true);
            case 'f':
                literal("false");
                return nodes.booleanNode(false);
            case 'n':
                literal("null");
                return nodes.nullNode();
            default:
                return number();
        }
    }

    /** Checks a value without building it. */
    private void skipValue() {
        int c = next();
        switch (c) {
            case '{':
                pos++;
                skipObject();
                return;
            case '[':
                pos++;
                enter();
                if (next() == ']') {
                    pos++;
                } else {
                    do {
                        skipValue();
                    } while (endOfMember(']'));
                }
                depth--;
                return;
            case '"':
                pos++;
                skipString();
                return;
            case 't':
                literal("true");
                return;
            case 'f':
                literal("false");
                return;
            case 'n':
                literal("null");
                return;
            default:
                numberEnd();
        }
    }

    private void skipObject() {
        enter();
        if (next() == '}') {
            pos++;
            depth--;
            return;
        }
        int base = keyCount;
        Set<String> many = null;
        do {
            expect('"');
            int start = pos;
            skipKey();
            int end = pos - 1;
            if (many == null) {
                for (int i = 3 * base; i < 3 * keyCount; i += 3) {
                    if (keys[i + 2] == keyHash && sameBytes(keys[i], keys[i + 1], start, end)) {
                        throw GIVE_UP;
                    }
                }
                pushKey(start, end);
                if (keyCount - base > LINEAR_KEYS) {
                    many = new HashSet<>();
                    for (int i = 3 * base; i < 3 * keyCount; i += 3) {
                        many.add(new String(in, keys[i], keys[i + 1] - keys[i], StandardCharsets.ISO_8859_1));
                    }
                }
            } else if (!many.add(new String(in, start, end - start, StandardCharsets.ISO_8859_1))) {
                throw GIVE_UP;
            }
            expect(':');
            skipValue();
        } while (endOfMember('}'));
        keyCount = base;
        depth--;
    }

    /** Records a key the kept object being read leaves out (from {@code base} on), giving up when it is there already. */
    private void pushSkipped(int base, String key) {
        boolean canonical = key.length() <= MAX_NAME_LENGTH;
        for (int i = base; i < skippedCount; i++) {
            if (skipped[i] == key || !canonical && skipped[i].equals(key)) {
                throw GIVE_UP;
            }
        }
        if (skippedCount == skipped.length) {
            skipped = Arrays.copyOf(skipped, skippedCount * 2);
        }
        skipped[skippedCount++] = key;
    }

    /** Records a key of the skipped object being read, on a stack shared by the nested ones. */
    private void pushKey(int start, int end) {
        if (keys == null) {
            keys = new int[3 * 16];
        } else if (3 * keyCount == keys.length) {
            keys = Arrays.copyOf(keys, keys.length * 2);
        }
        int at = 3 * keyCount;
        keys[at] = start;
        keys[at + 1] = end;
        keys[at + 2] = keyHash;
        keyCount++;
    }

    private boolean sameBytes(int aStart, int aEnd, int bStart, int bEnd) {
        if (aEnd - aStart != bEnd - bStart) {
            return false;
        }
        for (int i = 0; i < aEnd - aStart; i++) {
            if (in[aStart + i] != in[bStart + i]) {
                return false;
            }
        }
        return true;
    }

    /** After a member: true and past the ',' when another follows, false and past the closing bracket. */
    private boolean endOfMember(char close) {
        int c = next();
        pos++;
        if (c == ',') {
            return true;
        }
        if (c == close) {
            return false;
        }
        throw GIVE_UP;
    }

    private void enter() {
        if (++depth > MAX_DEPTH) {
            throw GIVE_UP;
        }
    }

    /** The key after its opening quote, up to and past its closing quote: printable ASCII without escapes only. */
    private Name key() {
        int start = pos;
        skipKey();
        int length = pos - 1 - start;
        if (length > MAX_NAME_LENGTH) {
            return Name.uncommon(new String(in, start, length, StandardCharsets.ISO_8859_1));
        }
        long first = length < 8 ? shortWord(start, length) : (long) LONGS.get(in, start);
        long last = length < 8 ? 0 : (long) LONGS.get(in, start + length - 8);
        int way = (keyHash ^ keyHash >>> 12) & (NAME_TABLE_SIZE - 2);
        Name known = NAMES[way];
        if (known != null && known.matches(in, start, length, first, last)) {
            return known;
        }
        Name other = NAMES[way + 1];
        if (other != null && other.matches(in, start, length, first, last)) {
            return other;
        }
        String key = new String(in, start, length, StandardCharsets.ISO_8859_1).intern();
        Name name = Name.canonical(key, in, start, first, last);
        NAMES[known == null ? way : way + 1] = name;
        return name;
    }

    /** Skips a key after its opening quote, computing {@link #keyHash} from its bytes. */
    private void skipKey() {
        int start = pos;
        int end = plainEnd(start);
        if (in[end] != '"') {
            throw GIVE_UP; // control characters, escapes, non-ASCII
        }
        if (end + 1 - start > MAX_KEY_LENGTH) {
            throw GIVE_UP;
        }
        pos = end + 1;
        keyHash = hash(start, end);
    }

    /**
     * A hash of the bytes from start to end, from their length and at most three 8-byte words
     * (first, middle, last): keys are compared in full anyway, so it only has to spread them.
     */
    private int hash(int start, int end) {
        int length = end - start;
        long h;
        if (length >= 8) {
            h = (long) LONGS.get(in, start) * GOLDEN ^ (long) LONGS.get(in, end - 8);
            if (length > 16) {
                h = h * GOLDEN ^ (long) LONGS.get(in, start + length / 2 - 4);
            }
        } else {
            h = shortWord(start, length);
        }
        h = (h ^ length) * GOLDEN;
        return (int) (h ^ h >>> 32);
    }

    /**
     * The bytes of a key shorter than 8 bytes as one little-endian word, the same wherever the key
     * is: near the end of the input, where a word read would run past it, byte by byte.
     */
    private long shortWord(int start, int length) {
        if (start + 8 <= in.length) {
            return (long) LONGS.get(in, start) & (1L << 8 * length) - 1;
        }
        long word = 0;
        for (int i = start + length - 1; i >= start; i--) {
            word = word << 8 | in[i] & 0xff;
        }
        return word;
    }

    /**
     * The position of the first byte from {@code p} on that ends or interrupts a plain string:
     * '"', a backslash, a control character or a non-ASCII byte; {@code in.length} when there is
     * none. Eight bytes at a time: strings are most of a manifest's bytes.
     */
    private int plainEnd(int p) {
        byte[] bytes = in;
        int lastWord = bytes.length - 8;
        while (p <= lastWord) {
            long word = (long) LONGS.get(bytes, p);
            long quote = word ^ 0x2222222222222222L;
            long backslash = word ^ 0x5C5C5C5C5C5C5C5CL;
            // High bit of each byte that is '"', '\\', below 0x20 or above 0x7F; a borrow can
            // only mark bytes above the first one found, so the lowest mark is exact.
            long found = ((quote - ONES) & ~quote | (backslash - ONES) & ~backslash
                    | (word - 0x2020202020202020L) & ~word | word) & HIGH_BITS;
            if (found != 0) {
                return p + (Long.numberOfTrailingZeros(found) >>> 3);
            }
            p += 8;
        }
        while (p < bytes.length && bytes[p] != '"' && !SPECIAL[bytes[p] & 0xff]) {
            p++;
        }
        return p;
    }

    /** The string after its opening quote, up to and past its closing quote. */
    private String string() {
        int start = pos;
        int p = plainEnd(start);
        if (in[p] != '"') {
            return decodedString();
        }
        pos = p + 1;
        return new String(in, start, p - start, StandardCharsets.ISO_8859_1);
    }

    /** A string with escapes or non-ASCII characters, after its opening quote. */
    private String decodedString() {
        StringBuilder out = new StringBuilder();
        int plainStart = pos;
        while (true) {
            int b = in[pos];
            if (b == '"') {
                out.append(new String(in, plainStart, pos - plainStart, StandardCharsets.UTF_8));
                pos++;
                return out.toString();
            }
            if (b == '\\') {
                out.append(new String(in, plainStart, pos - plainStart, StandardCharsets.UTF_8));
                pos++;
                out.append(escaped());
                plainStart = pos;
            } else if (b < 0) {
                utf8();
            } else if (b < 0x20) {
                throw GIVE_UP;
            } else {
                pos++;
            }
        }
    }

    private void skipString() {
        while (true) {
            int p = plainEnd(pos);
            int b = in[p];
            if (b == '"') {
                pos = p + 1;
                return;
            }
            pos = p;
            if (b == '\\') {
                pos++;
                escaped();
            } else if (b < 0) {
                utf8();
            } else {
                throw GIVE_UP;
            }
        }
    }

    /** The character of the escape after a backslash. */
    private char escaped() {
        int b = in[pos++];
        switch (b) {
            case '"':
            case '\\':
            case '/':
                return (char) b;
            case 'b':
                return '\b';
            case 'f':
                return '\f';
            case 'n':
                return '\n';
            case 'r':
                return '\r';
            case 't':
                return '\t';
            case 'u':
                int value = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(in[pos++], 16);
                    if (digit < 0) {
                        throw GIVE_UP;
                    }
                    value = value << 4 | digit;
                }
                return (char) value;
            default:
                throw GIVE_UP;
        }
    }

    /**
     * Steps over one well-formed UTF-8 sequence (no overlong forms, no surrogates, at most
     * U+10FFFF), which Jackson decodes to the same characters as the JDK; anything else is
     * left to Jackson.
     */
    private void utf8() {
        int b0 = in[pos] & 0xff;
        int length;
        int min;
        int code;
        if (b0 >= 0xC2 && b0 <= 0xDF) {
            length = 2;
            min = 0x80;
            code = b0 & 0x1F;
        } else if (b0 >= 0xE0 && b0 <= 0xEF) {
            length = 3;
            min = 0x800;
            code = b0 & 0x0F;
        } else if (b0 >= 0xF0 && b0 <= 0xF4) {
            length = 4;
            min = 0x10000;
            code = b0 & 0x07;
        } else {
            throw GIVE_UP;
        }
        for (int i = 1; i < length; i++) {
            int b = in[pos + i] & 0xff;
            if ((b & 0xC0) != 0x80) {
                throw GIVE_UP;
            }
            code = code << 6 | (b & 0x3F);
        }
        if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
            throw GIVE_UP;
        }
        pos += length;
    }

    private void literal(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (in[pos++] != word.charAt(i)) {
                throw GIVE_UP;
            }
        }
        requireDelimiter();
    }

    /** A number as Jackson's tree holds it: int, long or exact decimal (longer integers go to Jackson). */
    private JsonNode number() {
        int start = pos;
        boolean integral = numberEnd();
        if (!integral) {
            return nodes.numberNode(new BigDecimal(new String(in, start, pos - start, StandardCharsets.ISO_8859_1)));
        }
        if (pos - start > 18) {
            throw GIVE_UP;
        }
        long value = integer(start, pos);
        return value == (int) value ? nodes.numberNode((int) value) : nodes.numberNode(value);
    }

    /** The value of an integer numberEnd checked, of at most 18 characters, so within a long. */
    private long integer(int start, int end) {
        boolean negative = in[start] == '-';
        long value = 0;
        for (int i = negative ? start + 1 : start; i < end; i++) {
            value = value * 10 + (in[i] - '0');
        }
        return negative ? -value : value;
    }

    /**
     * Steps over a JSON number ({@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}) followed
     * by a delimiter; true when it has neither fraction nor exponent.
     */
    private boolean numberEnd() {
        int start = pos;
        if (in[pos] == '-') {
            pos++;
        }
        if (in[pos] == '0') {
            pos++;
        } else {
            digits();
        }
        boolean integral = true;
        if (pos < in.length && in[pos] == '.') {
            pos++;
            digits();
            integral = false;
        }
        if (pos < in.length && (in[pos] == 'e' || in[pos] == 'E')) {
            pos++;
            if (in[pos] == '+' || in[pos] == '-') {
                pos++;
            }
            digits();
            integral = false;
        }
        if (pos - start > MAX_NUMBER_LENGTH) {
            throw GIVE_UP;
        }
        requireDelimiter();
        return integral;
    }

    private void digits() {
        int start = pos;
        while (pos < in.length && in[pos] >= '0' && in[pos] <= '9') {
            pos++;
        }
        if (pos == start) {
            throw GIVE_UP;
        }
    }

    /** A value must be followed by whitespace, ',', ']' or '}' (Jackson refuses e.g. {@code truex} and {@code 01}). */
    private void requireDelimiter() {
        if (pos >= in.length) {
            throw GIVE_UP;
        }
        byte b = in[pos];
        if (b != ',' && b != '}' && b != ']' && b != ' ' && b != '\n' && b != '\r' && b != '\t') {
            throw GIVE_UP;
        }
    }

    private void expect(char c) {
        if (next() != c) {
            throw GIVE_UP;
        }
        pos++;
    }

    /** The next non-whitespace byte, without consuming it; -1 at the end. */
    private int next() {
        int p = pos;
        if (p < in.length && in[p] > ' ') {
            return in[p]; // compact JSON: no whitespace between tokens
        }
        while (p < in.length) {
            byte b = in[p];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                pos = p;
                return b;
            }
            p++;
        }
        pos = p;
        return -1;
    }
}
