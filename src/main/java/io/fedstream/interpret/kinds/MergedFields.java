package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The fields of one merged pod template object, in order: keys and values side by side in two
 * arrays, filled by {@link PodTemplateMerge} and then only read. A merged object has a handful
 * of fields, for which this is smaller and faster to build than a {@link java.util.LinkedHashMap}.
 */
final class MergedFields extends AbstractMap<String, JsonNode> {

    private String[] keys;
    private JsonNode[] values;
    private int size;

    MergedFields(int expected) {
        keys = new String[Math.max(expected, 1)];
        values = new JsonNode[keys.length];
    }

    /** Adds a field whose key is not there yet. */
    void append(String key, JsonNode value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        keys[size] = key;
        values[size] = value;
        size++;
    }

    /** The position of a key, or -1. */
    int indexOf(Object key) {
        for (int i = 0; i < size; i++) {
            if (keys[i] == key) {
                return i;
            }
        }
        for (int i = 0; i < size; i++) {
            if (keys[i].equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** The value at a position. */
    JsonNode valueAt(int i) {
        return values[i];
    }

    /** Replaces the value at a position, keeping the field's place. */
    void replaceAt(int i, JsonNode value) {
        values[i] = value;
    }

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

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, JsonNode> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        int i = next++;
                        return new SimpleImmutableEntry<>(keys[i], values[i]);
                    }
                };
            }
        };
    }
}
