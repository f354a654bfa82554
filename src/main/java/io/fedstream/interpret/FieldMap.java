package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The fields of one manifest object as the skimming reader builds them: keys and values side by
 * side in one array in document order, found by a linear scan. Manifest objects have a handful
 * of fields and canonical keys, for which this is smaller and faster than the
 * {@link java.util.LinkedHashMap} Jackson uses by default; it is a complete, mutable map, also
 * the map of the objects a kind builds from a manifest's (e.g. merged pod templates).
 */
public final class FieldMap extends AbstractMap<String, JsonNode> {

    /** Key i at 2i, its value at 2i + 1: one small array per object, which the reader builds by the thousand. */
    private Object[] slots;
    private int size;

    /** An empty map with room for two fields, as most manifest objects hold. */
    public FieldMap() {
        this(2);
    }

    /** An empty map with room for the given number of fields. */
    public FieldMap(int expected) {
        slots = new Object[2 * Math.max(expected, 1)];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public JsonNode get(Object key) {
        int i = indexOf(key);
        return i < 0 ? null : value(i);
    }

    @Override
    public boolean containsKey(Object key) {
        return indexOf(key) >= 0;
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
        int i = indexOf(key);
        if (i >= 0) {
            JsonNode old = value(i);
            slots[2 * i + 1] = value;
            return old;
        }
        append(key, value);
        return null;
    }

    /** Adds a field unless the key is already there; false, and the map unchanged, when it is. */
    boolean putNew(String key, JsonNode value) {
        if (indexOf(key) >= 0) {
            return false;
        }
        append(key, value);
        return true;
    }

    /**
     * Adds a field unless the identical key is there, for a caller that knows any equal key to be
     * identical (all canonical); false, and the map unchanged, when it is.
     */
    boolean putNewUnlessIdentical(String key, JsonNode value) {
        Object[] s = slots;
        for (int i = 0; i < 2 * size; i += 2) {
            if (s[i] == key) {
                return false;
            }
        }
        append(key, value);
        return true;
    }

    private void append(String key, JsonNode value) {
        if (2 * size == slots.length) {
            slots = Arrays.copyOf(slots, slots.length * 2);
        }
        slots[2 * size] = key;
        slots[2 * size + 1] = value;
        size++;
    }

    @Override
    public JsonNode remove(Object key) {
        int i = indexOf(key);
        if (i < 0) {
            return null;
        }
        JsonNode old = value(i);
        removeAt(i);
        return old;
    }

    @Override
    public void clear() {
        Arrays.fill(slots, 0, 2 * size, null);
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
            return key(index);
        }

        @Override
        public JsonNode getValue() {
            return value(index);
        }

        @Override
        public JsonNode setValue(JsonNode value) {
            JsonNode old = value(index);
            slots[2 * index + 1] = value;
            return old;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Map.Entry<?, ?> e && getKey().equals(e.getKey()) && Objects.equals(getValue(), e.getValue());
        }

        @Override
        public int hashCode() {
            return getKey().hashCode() ^ Objects.hashCode(getValue());
        }

        @Override
        public String toString() {
            return getKey() + "=" + getValue();
        }
    }

    private String key(int i) {
        return (String) slots[2 * i];
    }

    private JsonNode value(int i) {
        return (JsonNode) slots[2 * i + 1];
    }

    private void removeAt(int i) {
        System.arraycopy(slots, 2 * i + 2, slots, 2 * i, 2 * (size - i - 1));
        size--;
        slots[2 * size] = null;
        slots[2 * size + 1] = null;
    }

    private int indexOf(Object key) {
        if (!(key instanceof String wanted)) {
            return -1;
        }
        Object[] s = slots;
        int n = 2 * size;
        // The reader's keys are interned, like the literals kinds look up: most lookups end here.
        for (int i = 0; i < n; i += 2) {
            if (s[i] == wanted) {
                return i / 2;
            }
        }
        int hash = wanted.hashCode();
        for (int i = 0; i < n; i += 2) {
            String k = (String) s[i];
            if (k.hashCode() == hash && k.equals(wanted)) {
                return i / 2;
            }
        }
        return -1;
    }
}
