package io.fedstream.serde;

import java.util.Set;
import org.apache.avro.Schema;

/** A registry refused a request, or could not be reached; carries the HTTP status and the registry's error code. */
public class SchemaRegistryException extends RuntimeException {

    public static final int SUBJECT_NOT_FOUND = 40401;
    public static final int SCHEMA_NOT_FOUND = 40403;
    public static final int INVALID_SCHEMA = 42201;
    /** A request timeout, or too many requests: the 4xx answers that mean "not now" rather than "no". */
    private static final Set<Integer> TRANSIENT_CLIENT_STATUSES = Set.of(408, 429);
    /** HTTP status used when no response was received at all. */
    public static final int NO_RESPONSE = 0;

    private final int httpStatus;
    private final int errorCode;
    private final String registryMessage;

    public SchemaRegistryException(int httpStatus, int errorCode, String registryMessage, String message) {
        this(httpStatus, errorCode, registryMessage, message, null);
    }

    public SchemaRegistryException(int httpStatus, int errorCode, String registryMessage, String message, Throwable cause) {
        super(message, cause);
        this.httpStatus = httpStatus;
        this.errorCode = errorCode;
        this.registryMessage = registryMessage;
    }

    /** 40401, as Confluent answers for a subject with no version; {@code registry} names the registry in the message. */
    static SchemaRegistryException subjectNotFound(String subject, String registry) {
        return new SchemaRegistryException(404, SUBJECT_NOT_FOUND, "Subject '" + subject + "' not found.",
                "Subject '" + subject + "' not found in " + registry);
    }

    /** 40403 for a schema that {@code subject} does not hold. */
    static SchemaRegistryException notUnderSubject(String subject, Schema schema) {
        return new SchemaRegistryException(404, SCHEMA_NOT_FOUND, "Schema not found under subject " + subject,
                "Schema " + schema.getFullName() + " is not registered under subject '" + subject + "'");
    }

    /** 40403 for an id no schema has. */
    static SchemaRegistryException idNotFound(int id, String registry) {
        return new SchemaRegistryException(404, SCHEMA_NOT_FOUND, "Schema " + id + " not found.",
                "Schema id " + id + " not found in " + registry);
    }

    static SchemaRegistryException unreachable(String message, Throwable cause) {
        return new SchemaRegistryException(NO_RESPONSE, 0, null, message, cause);
    }

    /** The HTTP status of the registry's answer, {@link #NO_RESPONSE} if there was none. */
    public int httpStatus() {
        return httpStatus;
    }

    /** The registry's {@code error_code}, 0 if it sent none. */
    public int errorCode() {
        return errorCode;
    }

    /** The registry's own {@code message}, null if it sent none. */
    public String registryMessage() {
        return registryMessage;
    }

    public boolean isSubjectNotFound() {
        return httpStatus == 404 && errorCode == SUBJECT_NOT_FOUND;
    }

    public boolean isSchemaNotFound() {
        return httpStatus == 404 && errorCode != SUBJECT_NOT_FOUND;
    }

    /** The schema breaks the subject's compatibility rule (HTTP 409; registries differ in the error code). */
    public boolean isIncompatible() {
        return httpStatus == 409;
    }

    public boolean isInvalidSchema() {
        return httpStatus == 422;
    }

    public boolean isUnreachable() {
        return httpStatus == NO_RESPONSE;
    }

    /**
     * The registry did not answer, failed itself (5xx), or answered "not now": the same request may succeed later, so no
     * record is at fault.
     */
    public boolean isTransient() {
        return isUnreachable() || httpStatus >= 500 || TRANSIENT_CLIENT_STATUSES.contains(httpStatus);
    }
}
