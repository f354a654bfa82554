package io.fedstream.serde;

import java.util.List;
import java.util.Optional;

/**
 * A task's store holds values in an encoding that an earlier fedstream wrote and this version does not read: the
 * application must not start over it, and the message says what was found where and the two ways out.
 */
public final class EarlierStoreEncodingException extends RuntimeException {

    /** Stands for the reset tool's input topics where the topology that reads them is not at hand. */
    static final String UNKNOWN_INPUT_TOPICS = "<every topic fedstream reads>";

    private final String store;
    private final String task;
    private final String key;
    private final String found;
    private final String applicationId;
    private final String bootstrapServers;
    private final String stateDir;

    EarlierStoreEncodingException(String store, String task, String key, String found, String applicationId, String bootstrapServers,
                                  String stateDir) {
        this(store, task, key, found, applicationId, bootstrapServers, stateDir, UNKNOWN_INPUT_TOPICS);
    }

    private EarlierStoreEncodingException(String store, String task, String key, String found, String applicationId,
                                          String bootstrapServers, String stateDir, String inputTopics) {
        super("fedstream does not start: store " + store + " (task " + task + ") holds values in an earlier encoding, which this"
                + " version does not read; key \"" + key + "\" holds " + found + ". Either start fedstream with a fresh application.id"
                + " (every stage rebuilds from its input topics), or stop every instance and reset application " + applicationId
                + ": kafka-streams-application-reset --bootstrap-server " + bootstrapServers + " --application-id " + applicationId
                + " --input-topics " + inputTopics + ", then delete " + stateDir + " on every instance.");
        this.store = store;
        this.task = task;
        this.key = key;
        this.found = found;
        this.applicationId = applicationId;
        this.bootstrapServers = bootstrapServers;
        this.stateDir = stateDir;
    }

    /**
     * The same finding, its reset command naming {@code inputTopics}: the topics the application's stream threads read
     * (its global stores' topics are not the reset tool's business), which the task that found it does not know.
     */
    public EarlierStoreEncodingException readingFrom(List<String> inputTopics) {
        if (inputTopics.isEmpty()) {
            return this;
        }
        EarlierStoreEncodingException named = new EarlierStoreEncodingException(store, task, key, found, applicationId, bootstrapServers,
                stateDir, String.join(",", inputTopics));
        named.setStackTrace(getStackTrace());
        return named;
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
