package io.fedstream.decide;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts every change the cluster directory applies to its store (a cluster's state, heartbeat or refusal), so that a
 * placing task parses the directory again only after it moved ({@link ParsedClusterViews}).
 */
public final class ClusterViewChanges {

    private final AtomicLong count = new AtomicLong();

    /** How many changes this instance's directory has applied since it started; moves on every one. */
    public long count() {
        return count.get();
    }

    void applied() {
        count.incrementAndGet();
    }
}
