package io.fedstream.api;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Optional;

/**
 * Writes the objects of one kind in the representation the client asked for: a {@code <Kind>List} or, for a table, a
 * {@code meta.k8s.io Table} whose rows hold the kind's cells and the object (whole, its metadata, or nothing). A list
 * is written as it is read: opened, one object after another, then closed with its {@code metadata} (the continue
 * token is known only then; JSON readers do not mind the order).
 */
final class ObjectWriter {

    // Written into a generator that sends what it holds when its buffer fills: never flushed object by object.
    private static final ObjectMapper JSON = new ObjectMapper().disable(SerializationFeature.FLUSH_AFTER_WRITE_VALUE);

    private final JsonGenerator json;
    private final ApiResource resource;
    private final Representation representation;
    private final Instant now;

    ObjectWriter(JsonGenerator json, ApiResource resource, Representation representation, Instant now) {
        this.json = json;
        this.resource = resource;
        this.representation = representation;
        this.now = now;
    }

    /** Opens a list: its kind, and the array its objects (or rows) go into. */
    void beginList() throws IOException {
        json.writeStartObject();
        if (representation.table()) {
            beginTable();
            json.writeArrayFieldStart("rows");
        } else {
            json.writeStringField("kind", resource.listKind());
            json.writeStringField("apiVersion", resource.groupVersion());
            json.writeArrayFieldStart("items");
        }
    }

    /** One object of the list, as an item or a row; a client that went away ends the writing. */
    void write(ObjectNode object) {
        try {
            ObjectVersions.of(object);
            if (representation.table()) {
                row(object);
            } else {
                JSON.writeTree(json, object);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Closes a list with its metadata: the version it was read at and, unless it is complete, where the next page starts. */
    void endList(String resourceVersion, Optional<String> continueToken) throws IOException {
        json.writeEndArray();
        json.writeObjectFieldStart("metadata");
        json.writeStringField("resourceVersion", resourceVersion);
        if (continueToken.isPresent()) {
            json.writeStringField("continue", continueToken.get());
        }
        json.writeEndObject();
        json.writeEndObject();
    }

    /** One object alone: itself, or a table of one row. */
    void writeOne(ObjectNode object) throws IOException {
        ObjectVersions.of(object);
        if (!representation.table()) {
            JSON.writeTree(json, object);
            return;
        }
        json.writeStartObject();
        beginTable();
        json.writeArrayFieldStart("rows");
        row(object);
        json.writeEndArray();
        json.writeObjectFieldStart("metadata");
        json.writeStringField("resourceVersion", object.at("/metadata/resourceVersion").asText());
        json.writeEndObject();
        json.writeEndObject();
    }

    private void beginTable() throws IOException {
        json.writeStringField("kind", "Table");
        json.writeStringField("apiVersion", representation.tableApiVersion());
        json.writeArrayFieldStart("columnDefinitions");
        for (TableColumn column : resource.columns()) {
            json.writeStartObject();
            json.writeStringField("name", column.name());
            json.writeStringField("type", column.type());
            json.writeStringField("format", column.format());
            json.writeStringField("description", column.description());
            json.writeNumberField("priority", column.priority());
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    private void row(ObjectNode object) throws IOException {
        json.writeStartObject();
        json.writeArrayFieldStart("cells");
        for (TableColumn column : resource.columns()) {
            json.writeString(column.cell().apply(object, now));
        }
        json.writeEndArray();
        switch (representation.includeObject()) {
            case OBJECT -> {
                json.writeFieldName("object");
                JSON.writeTree(json, object);
            }
            case METADATA -> {
                json.writeObjectFieldStart("object");
                json.writeStringField("kind", "PartialObjectMetadata");
                json.writeStringField("apiVersion", "meta.k8s.io/v1");
                json.writeFieldName("metadata");
                JsonNode metadata = object.path("metadata");
                JSON.writeTree(json, metadata);
                json.writeEndObject();
            }
            case NONE -> { }
        }
        json.writeEndObject();
    }
}
