package io.fedstream.decide;

import java.util.Objects;

/**
 * The room the task holds answered an ask: granted (held for the workload, in its record), or refused, saying why.
 *
 * @param refusal why the room is refused (e.g. {@code cpu short by 500m}); null when granted
 */
record RoomAnswer(RoomAsk ask, String refusal) {

    static RoomAnswer granted(RoomAsk ask) {
        return new RoomAnswer(ask, null);
    }

    static RoomAnswer refused(RoomAsk ask, String why) {
        return new RoomAnswer(ask, Objects.requireNonNull(why, "why"));
    }

    boolean granted() {
        return refusal == null;
    }

    String requestId() {
        return ask.requestId();
    }

    String workloadKey() {
        return ask.workloadKey();
    }

    String cluster() {
        return ask.cluster();
    }
}
