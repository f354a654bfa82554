package io.fedstream.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** The objects of a list read page after page, printed as kubectl prints them with {@code -o yaml|json}: one {@code v1 List}. */
final class ListOutput {

    private ListOutput() {}

    static JsonNode of(List<JsonNode> items) {
        ObjectNode list = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "List");
        list.putArray("items").addAll(items);
        list.putObject("metadata").put("resourceVersion", "");
        return list;
    }
}
