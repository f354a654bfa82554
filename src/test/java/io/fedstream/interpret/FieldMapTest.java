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

    @Test
    void putNewUnlessIdenticalAddsOnlyKeysNotThereAlready() {
        FieldMap map = new FieldMap();
        for (int i = 0; i < 20; i++) {
            assertThat(map.putNewUnlessIdentical(("k" + i).intern(), IntNode.valueOf(i))).isTrue();
        }
        for (int i = 0; i < 20; i++) {
            assertThat(map.putNewUnlessIdentical(("k" + i).intern(), IntNode.valueOf(-1))).isFalse();
            assertThat(map.get(new String("k" + i))).isEqualTo(IntNode.valueOf(i));
        }
        assertThat(map).hasSize(20);
    }
}
