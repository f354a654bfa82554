package io.fedstream.runtime;

import static org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
import static org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.streams.errors.StreamsException;
import org.junit.jupiter.api.Test;

class StreamThreadPolicyTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong now = new AtomicLong();
    private final StreamThreadPolicy policy = new StreamThreadPolicy(Duration.ofSeconds(60), now::get);

    @Test
    void aTimeoutAnywhereInTheCauseChainReplacesTheThread() {
        assertThat(policy.handle(new StreamsException("commit failed", new TimeoutException("Expiring 3 record(s)"))))
                .isEqualTo(REPLACE_THREAD);
    }

    @Test
    void anythingElseShutsTheClientDown() {
        assertThat(policy.handle(new StreamsException("bug", new IllegalStateException("no such store")))).isEqualTo(SHUTDOWN_CLIENT);
        assertThat(policy.handle(new OutOfMemoryError())).isEqualTo(SHUTDOWN_CLIENT);
    }

    @Test
    void transientFailuresThatKeepComingWithinTheBoundShutTheClientDown() {
        for (int i = 0; i < StreamThreadPolicy.MAX_REPLACEMENTS; i++) {
            now.addAndGet(10 * SECOND);
            assertThat(policy.handle(new TimeoutException("t" + i))).isEqualTo(REPLACE_THREAD);
        }
        now.addAndGet(SECOND);
        assertThat(policy.handle(new TimeoutException("once too often"))).isEqualTo(SHUTDOWN_CLIENT);
    }

    @Test
    void transientFailuresSpreadBeyondTheBoundKeepReplacing() {
        for (int i = 0; i < 3 * StreamThreadPolicy.MAX_REPLACEMENTS; i++) {
            now.addAndGet(20 * SECOND);
            assertThat(policy.handle(new TimeoutException("t" + i))).isEqualTo(REPLACE_THREAD);
        }
    }
}
