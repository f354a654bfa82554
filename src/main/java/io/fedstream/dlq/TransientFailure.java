package io.fedstream.dlq;

import io.fedstream.serde.SchemaRegistryException;
import org.apache.kafka.common.errors.RetriableException;

/**
 * Tells a failure that is no record's fault (Kafka or the schema registry did not answer, or answered "not now") from
 * one that is: such a record is processed again by a new stream thread, never dead-lettered.
 */
public final class TransientFailure {

    private TransientFailure() {}

    /** A retriable Kafka error, or a transient answer of the schema registry, anywhere in the cause chain. */
    public static boolean in(Throwable exception) {
        for (Throwable t = exception; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof RetriableException || t instanceof SchemaRegistryException registry && registry.isTransient()) {
                return true;
            }
        }
        return false;
    }
}
