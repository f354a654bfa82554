package io.fedstream.dlq;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends a record that cannot be deserialized (not in the wire format, unknown schema, corrupt Avro) to the
 * dead-letter topic inside the same transaction, and carries on with the next record; a record whose schema could not be
 * fetched fails the stream thread instead ({@link TransientFailure}).
 */
public final class DeadLetterDeserializationHandler implements DeserializationExceptionHandler {

    /** The streams property that names the dead-letter topic. */
    public static final String TOPIC_CONFIG = DeadLetterTopicConfig.KEY;

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterDeserializationHandler.class);

    private String deadLetterTopic;

    @Override
    public void configure(Map<String, ?> configs) {
        deadLetterTopic = DeadLetterTopicConfig.topic(configs);
    }

    @Override
    public Response handleError(
            ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record, Exception exception) {
        if (TransientFailure.in(exception)) {
            // The record may well be good: its schema could not be fetched. Reading it again later decodes it.
            LOG.warn("Record {}-{}@{} not decoded because the schema registry or Kafka did not answer ({}); not dead-lettered:"
                    + " the stream thread fails and the record is read again", record.topic(), record.partition(),
                    record.offset(), exception.toString());
            return Response.fail();
        }
        DeadLetter letter = DeadLetter.undecodable(record.topic(), record.partition(), record.offset(), exception);
        LOG.warn("Undecodable record {}-{}@{} sent to {}: {}",
                record.topic(), record.partition(), record.offset(), deadLetterTopic, letter.reason());
        return Response.resume(List.of(letter.toRecord(deadLetterTopic, record.key(), record.value())));
    }

    static String describe(Throwable exception) {
        StringBuilder reason = new StringBuilder(String.valueOf(exception.getMessage()));
        for (Throwable cause = exception.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            reason.append(": ").append(cause.getMessage());
        }
        return reason.toString();
    }
}
