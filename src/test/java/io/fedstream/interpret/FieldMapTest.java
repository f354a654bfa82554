package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link FieldMap} behaves as a {@link LinkedHashMap} under random puts, removals and iteration. */
class FieldMapTest {

    @Test
    void behavesAsALinkedHashMap() {
        Random random = new Random(3);
        for (int round = 0; round < 2_000; round++) {
            FieldMap map = new FieldMap();
            Map<String, JsonNode> model = new LinkedHashMap<>();
            for (int op = 0; op < 40; op++) {
                // new String: equal keys that are not the same instance, as a reader may meet them
                String key = new String("k" + random.nextInt(12));
                JsonNode value = IntNode.valueOf(random.nextInt(100));
                switch (random.nextInt(5)) {
                    case 0, 1 -> assertThat(map.put(key, value)).isEqualTo(model.put(key, value));
                    case 2 -> {
                        boolean added = !model.containsKey(key);
                        assertThat(map.putNew(key, value)).isEqualTo(added);
                        if (added) {
                            model.put(key, value);
                        }
                    }
                    case 3 -> assertThat(map.remove(key)).isEqualTo(model.remove(key));
                    default -> {
                        Iterator<Map.Entry<String, JsonNode>> it = map.entrySet().iterator();
                        Iterator<Map.Entry<String, JsonNode>> expected = model.entrySet().iterator();
                        while (expected.hasNext()) {
                            Map.Entry<String, JsonNode> e = expected.next();
                            assertThat(it.next()).isEqualTo(e);
                            if (e.getKey().equals(key)) {
                                it.remove();
                                expected.remove();
                            }
                        }
                        assertThat(it.hasNext()).isFalse();
                    }
                }
                assertThat(map).isEqualTo(model);
                assertThat(new ArrayList<>(map.keySet())).isEqualTo(new ArrayList<>(model.keySet()));
                assertThat(map.get(key)).isEqualTo(model.get(key));
                assertThat(map.containsKey(key)).isEqualTo(model.containsKey(key));
            }
        }
    }

    /** A map built on an array of exactly its fields (as the reader builds them), or none, grows when put to. */
    @Test
    void growsFromAnExactOrEmptyArray() {
        for (int size = 0; size <= 3; size++) {
            Object[] slots = new Object[2 * size];
            Map<String, JsonNode> model = new LinkedHashMap<>();
            for (int i = 0; i < size; i++) {
                slots[2 * i] = "k" + i;
                slots[2 * i + 1] = IntNode.valueOf(i);
                model.put("k" + i, IntNode.valueOf(i));
            }
            FieldMap map = new FieldMap(slots, size);
            assertThat(map).isEqualTo(model);
            for (int i = size; i < size + 20; i++) {
                assertThat(map.putNew("k" + i, IntNode.valueOf(i))).isTrue();
                model.put("k" + i, IntNode.valueOf(i));
            }
            assertThat(new ArrayList<>(map.entrySet())).isEqualTo(new ArrayList<>(model.entrySet()));
        }
        assertThat(new FieldMap()).isEmpty();
    }
}
