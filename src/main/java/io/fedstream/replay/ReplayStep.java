package io.fedstream.replay;

import com.fasterxml.jackson.databind.JsonNode;

/** One line of a replay script: a record to pipe into an input topic, or a wall-clock advance. */
sealed interface ReplayStep {

    /** A record for an input topic; value may be null (a tombstone) and timestamp null (wall-clock time). */
    record Input(int line, String topic, String key, JsonNode value, Long timestamp) implements ReplayStep {}

    /** Moves the wall clock, which fires wall-clock punctuators. */
    record AdvanceWallClock(int line, long millis) implements ReplayStep {}
}
