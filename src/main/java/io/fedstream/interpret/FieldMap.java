package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of one manifest object as the skimming reader builds them: keys and values in
 * two arrays in document order, found by a linear scan. Manifest objects have a handful of
 * fields and canonical keys, for which this is smaller and faster than the
 * {@link java.util.LinkedHashMap} Jackson uses by default; it is a complete, mutable map.
 */
final class FieldMap extends AbstractMap<String, JsonNode> {

    private String[] keys = new String[4];
    private JsonNode[] values = new JsonNode[4];
    /** The keys' hash codes, compared before the keys themselves. */
    private int[] hashes = new int[4];
    private int size;

    @Override
    public int size() {
        return size;
    }

    @Override
    public JsonNode get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : values[i];
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
        int i = indexOf(key);
        if (i >= 0) {
            JsonNode old = values[i];
            values[i] = value;
            return old;
        }
        append(key, key.hashCode(), value);
        return null;
    }

    /** Adds a field unless the key is already there; false, and the map unchanged, when it is. */
    boolean putNew(String key, JsonNode value) {
        int hash = key.hashCode();
        if (indexOf(key, hash) >= 0) {
            return false;
        }
        append(key, hash, value);
        return true;
    }

    private void append(String key, int hash, JsonNode value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2);
            hashes = Arrays.copyOf(hashes, size * 2);
        }
        keys[size] = key;
        values[size] = value;
        hashes[size] = hash;
        size++;
    }

    @Override
    public JsonNode remove(Object key) {
        int i = indexOf(key);
        if (i < 0) {
            return null;
        }
        JsonNode old = values[i];
        removeAt(i);
        return old;
    }

    @Override
    public void clear() {
        Arrays.fill(keys, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
    }

    @Override
    public Set<Entry<String, JsonNode>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return size;
            }

            @Override
            public Iterator<Entry<String, JsonNode>> iterator() {
                return new Iterator<>() {
                    private int next;
                    private int last = -1;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, JsonNode> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        last = next++;
                        return new Field(last);
                    }

                    @Override
                    public void remove() {
                        if (last < 0) {
                            throw new IllegalStateException();
                        }
                        removeAt(last);
                        next = last;
                        last = -1;
                    }
                };
            }
        };
    }

    /** An entry that writes through to the map, as a {@link java.util.HashMap}'s does. */
    private final class Field implements Map.Entry<String, JsonNode> {

        private final int index;

        Field(int index) {
            this.index = index;
        }

        @Override
        public String getKey() {
            return keys[index];
        }

        @Override
        public JsonNode getValue() {
            return values[index];
        }

        @Override
        public JsonNode setValue(JsonNode value) {
            JsonNode old = values[index];
            values[index] = value;
            return old;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Map.Entry<?, ?> e && getKey().equals(e.getKey()) && java.util.Objects.equals(getValue(), e.getValue());
        }

        @Override
        public int hashCode() {
            return getKey().hashCode() ^ java.util.Objects.hashCode(getValue());
        }

        @Override
        public String toString() {
            return getKey() + "=" + getValue();
        }
    }

    private void removeAt(int i) {
        System.arraycopy(keys, i + 1, keys, i, size - i - 1);
        System.arraycopy(values, i + 1, values, i, size - i - 1);
        System.arraycopy(hashes, i + 1, hashes, i, size - i - 1);
        size--;
        keys[size] = null;
        values[size] = null;
    }

    private int indexOf(Object key) {
        if (!(key instanceof String wanted)) {
            return -1;
        }
        return indexOf(wanted, wanted.hashCode());
    }

    private int indexOf(String wanted, int hash) {
        String[] k = keys;
        // The reader's keys are interned, like the literals kinds look up: most lookups end here.
        for (int i = 0; i < size; i++) {
            if (k[i] == wanted) {
                return i;
            }
        }
        int[] h = hashes;
        for (int i = 0; i < size; i++) {
            if (h[i] == hash && k[i].equals(wanted)) {
                return i;
            }
        }
        return -1;
    }
}
