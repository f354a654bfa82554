package io.fedstream.serde;

import java.util.Objects;
import org.apache.avro.Schema;

/** One registration as a registry's log holds it: {@code schema} is version {@code version} of {@code subject}, with global id {@code id}. */
record SchemaRecord(String subject, int version, int id, Schema schema) {

    SchemaRecord {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(schema, "schema");
    }

    RegisteredSchema registered() {
        return new RegisteredSchema(id, version, schema);
    }
}
