package io.fedstream.decide;

import java.time.Duration;
import org.apache.kafka.streams.processor.Cancellable;

/** Runs work of a pass step on the wall clock; the pass hands on what the work decided, as after a record. */
@FunctionalInterface
interface Punctuations {

    Cancellable every(Duration interval, Runnable work);
}
