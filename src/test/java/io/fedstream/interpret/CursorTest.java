package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link Cursor#at} and {@link Cursor#resourceList} against the plain ways of reading the same fields. */
class CursorTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void atReadsThePartsThatSplittingOnDotsGives() throws Exception {
        JsonNode tree = JSON.readTree("{\"a\": {\"b\": {\"c\": 1}, \"\": {\"b\": 2}}, \"\": {\"a\": 3}}");
        for (String path : List.of("a.b.c", "a", "a.b", "a..b", "a.b.", "a.b..", "...", ".", "", ".a", "x.y", "a.b.c.d")) {
            Problems viaAt = new Problems();
            Cursor at = Cursor.root(tree, viaAt).at(path);
            Problems viaSplit = new Problems();
            Cursor split = Cursor.root(tree, viaSplit);
            for (String part : path.split("\\.")) {
                split = split.field(part);
            }
            assertThat(at.node()).as(path).isEqualTo(split.node());
            assertThat(at.path()).as(path).isEqualTo(split.path());
            assertThat(viaAt.list()).as(path).isEqualTo(viaSplit.list());
        }
    }

    @Test
    void resourceListReadsCommonAndOtherQuantitiesAlike() throws Exception {
        JsonNode list = JSON.readTree("{\"cpu\": \"500m\", \"memory\": 1024, \"requests.cpu\": \"1.5\", \"nvidia.com/gpu\": \"1\","
                + " \"ephemeral-storage\": \"2Gi\", \"hugepages-2Mi\": \"-1\", \"bad\": \"1 Gi\", \"huge\": \"9999999999999999999\"}");
        Problems problems = new Problems();
        Resources read = Cursor.root(list, "r", problems).resourceList();
        assertThat(read.toQuantities()).containsExactly(java.util.Map.entry("cpu", "2"), java.util.Map.entry("ephemeral-storage", "2Gi"),
                java.util.Map.entry("memory", "1Ki"), java.util.Map.entry("nvidia.com/gpu", "1"));
        assertThat(problems.list()).extracting(FieldError::field).containsExactly("r.hugepages-2Mi", "r.bad", "r.huge");
    }

    @Test
    void fieldStringAndLacksReadAsFieldDoes() throws Exception {
        List<String> trees = List.of("{\"k\": \"v\"}", "{\"k\": \"\"}", "{\"k\": null}", "{}", "{\"k\": 5}", "{\"k\": {}}",
                "{\"k\": [\"v\"]}", "{\"k\": true}", "\"text\"", "7", "[1]", "null");
        for (String json : trees) {
            JsonNode tree = JSON.readTree(json);
            Problems viaFieldString = new Problems();
            String fast = Cursor.root(tree, "x", viaFieldString).fieldString("k");
            Problems viaField = new Problems();
            String plain = Cursor.root(tree, "x", viaField).field("k").string();
            assertThat(fast).as(json).isEqualTo(plain);
            assertThat(viaFieldString.list()).as(json).isEqualTo(viaField.list());

            Problems viaLacks = new Problems();
            boolean lacks = Cursor.root(tree, "x", viaLacks).lacks("k");
            Problems viaPresence = new Problems();
            Cursor field = Cursor.root(tree, "x", viaPresence).field("k");
            assertThat(viaLacks.list()).as(json).isEmpty();
            if (lacks) {
                assertThat(field.isPresent()).as(json).isFalse();
                assertThat(viaPresence.list()).as(json).isEmpty();
            }
        }
        assertThat(Cursor.root(JSON.readTree("{}"), new Problems()).lacks("k")).isTrue();
        assertThat(Cursor.root(JSON.readTree("{\"k\": null}"), new Problems()).lacks("k")).isTrue();
        assertThat(Cursor.root(JSON.readTree("{\"k\": 1}"), new Problems()).lacks("k")).isFalse();
        assertThat(Cursor.root(JSON.readTree("7"), new Problems()).lacks("k")).isFalse();
    }
}
