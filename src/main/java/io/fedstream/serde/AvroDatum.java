package io.fedstream.serde;

import java.util.Objects;
import org.apache.avro.Schema;

/**
 * One decoded Confluent-framed value with the schema it is in and the id it was written with; what a reader needs
 * when the value alone does not carry its schema (a string, a long, an enum symbol).
 *
 * @param schemaId the writer schema's registry id, from the record's frame
 * @param schema the schema {@code value} is in: the reader schema of a specific deserializer, else the writer's
 * @param value the decoded value
 */
public record AvroDatum<T>(int schemaId, Schema schema, T value) {

    public AvroDatum {
        Objects.requireNonNull(schema, "schema");
    }
}
