package io.fedstream.serde;

import java.util.Objects;
import org.apache.avro.Schema;

/** One version of a subject: its global id, its version number and the schema. */
public record RegisteredSchema(int id, int version, Schema schema) {

    public RegisteredSchema {
        Objects.requireNonNull(schema, "schema");
    }
}
