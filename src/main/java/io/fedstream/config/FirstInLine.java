package io.fedstream.config;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * Puts the records of a control input (the clusters' views and transitions, lease requests and grants) first in line:
 * a task takes its inputs' records in timestamp order, and a backlog of workload events (older timestamps than a view
 * written now) would otherwise hold back every view and grant behind it, so that no workload of the backlog could be
 * placed until all of it was read. What such a record leads to is stamped with the wall clock, not with this time.
 */
public final class FirstInLine implements TimestampExtractor {

    /** The time every control record is taken at: before any workload event. */
    public static final long FIRST = 0L;

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        return FIRST;
    }
}
