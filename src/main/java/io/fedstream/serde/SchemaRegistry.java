package io.fedstream.serde;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;

/** A schema registry with the Confluent semantics: global ids, versions per subject. */
public interface SchemaRegistry {

    /** Registers {@code schema} under {@code subject} (or finds it there) and returns its id. */
    int register(String subject, Schema schema);

    /**
     * Registers each subject's schema (or finds it there), as {@link #register} would one by one, and returns the ids by
     * subject; a registry that can do it in fewer round trips does. Throws what the first refused {@code register} would.
     */
    default Map<String, Integer> registerAll(Map<String, Schema> schemasBySubject) {
        Map<String, Integer> ids = new LinkedHashMap<>();
        schemasBySubject.forEach((subject, schema) -> ids.put(subject, register(subject, schema)));
        return ids;
    }

    /** Returns the id of {@code schema} already registered under {@code subject}, without registering it. */
    int lookup(String subject, Schema schema);

    /** Returns the schema with the given global id. */
    Schema getById(int id);

    /** Returns the latest version registered under {@code subject}. */
    RegisteredSchema latestVersion(String subject);

    /** Every subject with at least one version, in name order. */
    List<String> subjects();

    /** Fails with a {@link SchemaRegistryException} naming the registry if it cannot be reached. */
    void checkReachable();
}
