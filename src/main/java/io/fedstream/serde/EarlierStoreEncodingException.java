package io.fedstream.serde;

import java.util.Optional;

/**
 * A task's store holds values in an encoding that an earlier fedstream wrote and this version does not read: the
 * application must not start over it, and the message says what was found where and the two ways out.
 */
public final class EarlierStoreEncodingException extends RuntimeException {

    EarlierStoreEncodingException(String store, String task, String key, String found, String applicationId, String bootstrapServers,
                                  String stateDir) {
        super("fedstream does not start: store " + store + " (task " + task + ") holds values in an earlier encoding, which this"
                + " version does not read; key \"" + key + "\" holds " + found + ". Either start fedstream with a fresh application.id"
                + " (every stage rebuilds from its input topics), or stop every instance and reset application " + applicationId
                + ": kafka-streams-application-reset --bootstrap-server " + bootstrapServers + " --application-id " + applicationId
                + " --input-topics <every topic fedstream reads>, then delete " + stateDir + " on every instance.");
    }

    /** The exception in {@code thrown}'s cause chain, as Kafka Streams wraps what a processor's {@code init} throws. */
    public static Optional<EarlierStoreEncodingException> in(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof EarlierStoreEncodingException earlier) {
                return Optional.of(earlier);
            }
        }
        return Optional.empty();
    }
}
