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
 * source record's original bytes, so that one poison pill never stops the application.
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
        DeadLetter letter =
                DeadLetter.of(
                        context.processorNodeId(),
                        exception.getClass().getSimpleName() + ": " + DeadLetterDeserializationHandler.describe(exception),
                        context.topic(),
                        context.partition(),
                        context.offset());
        LOG.error("Processor {} failed on {}-{}@{}; record sent to {}",
                context.processorNodeId(), context.topic(), context.partition(), context.offset(), deadLetterTopic, exception);
        return Response.resume(
                List.of(letter.toRecord(deadLetterTopic, context.sourceRawKey(), context.sourceRawValue())));
    }
}
