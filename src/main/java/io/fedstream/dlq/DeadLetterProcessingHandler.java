package io.fedstream.dlq;

import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Last line of defence: a record that makes a processor throw goes to the dead-letter topic with the
 * source record's original bytes, so that one poison pill never stops the application; a failure to reach Kafka or the
 * schema registry is no poison pill and fails the stream thread instead ({@link TransientFailure}).
 */
public final class DeadLetterProcessingHandler implements ProcessingExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(DeadLetterProcessingHandler.class);

    private String deadLetterTopic;

    @Override
    public void configure(Map<String, ?> configs) {
        deadLetterTopic = DeadLetterTopicConfig.topic(configs);
    }

    @Override
    public Response handleError(ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
        if (TransientFailure.in(exception)) {
            // Not the record's fault: dead-lettering it would drop a good record wherever the transaction does not abort
            // (at_least_once), and a letter to Kafka could not be written either. The thread fails, its replacement
            // processes the record again.
            LOG.warn("Processor {} failed on {}-{}@{} because Kafka or the schema registry did not answer ({}); not"
                    + " dead-lettered: the stream thread fails and the record is processed again",
                    context.processorNodeId(), context.topic(), context.partition(), context.offset(), exception.toString());
            return Response.fail();
        }
        String reason = exception.getClass().getSimpleName() + ": " + DeadLetterDeserializationHandler.describe(exception);
        // A punctuator has no source record: the letter names the task it ran in, not a partition and offset of -1.
        DeadLetter letter = context.topic() == null
                ? new DeadLetter(context.processorNodeId(), reason, "punctuation", "task " + context.taskId(), null, -1, -1)
                : DeadLetter.of(context.processorNodeId(), reason, context.topic(), context.partition(), context.offset());
        LOG.error("Processor {} failed on {}-{}@{}; record sent to {}",
                context.processorNodeId(), context.topic(), context.partition(), context.offset(), deadLetterTopic, exception);
        return Response.resume(
                List.of(letter.toRecord(deadLetterTopic, context.sourceRawKey(), context.sourceRawValue())));
    }
}
