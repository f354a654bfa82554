package io.fedstream.decide;

/**
 * The {@link PolicySnapshot} of this instance, taken once before its Kafka Streams client starts and read by each
 * namespace task at its first processing; empty until taken (a topology run without a broker: replay, tests).
 */
public final class PoliciesAtStart {

    private volatile PolicySnapshot snapshot = PolicySnapshot.empty();

    /** The snapshot read before the start; the tasks created from now on seed themselves from it. */
    public void taken(PolicySnapshot snapshot) {
        this.snapshot = snapshot;
    }

    /** The snapshot taken, or an empty one. */
    PolicySnapshot snapshot() {
        return snapshot;
    }
}
