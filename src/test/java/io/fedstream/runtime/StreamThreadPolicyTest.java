package io.fedstream.runtime;

import static org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD;
import static org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import io.fedstream.serde.SchemaRegistryException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SerializationException;
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
    void aProducerThatAnOutageLeftInAnErrorStateReplacesTheThread() {
        // As measured when the broker was gone for longer than the transaction timeout.
        assertThat(policy.handle(new StreamsException("Error encountered trying to send record to topic fedstream.dlq",
                new KafkaException("Cannot execute transactional method because we are in an error state",
                        new KafkaException("The client hasn't received acknowledgment for some previously sent messages and can"
                                + " no longer retry them. It is safe to abort the transaction and continue.")))))
                .isEqualTo(REPLACE_THREAD);
    }

    @Test
    void aSchemaRegistryThatDidNotAnswerReplacesTheThreadEvenInsideASerializationError() {
        assertThat(policy.handle(new StreamsException("Error encountered trying to serialize",
                new SerializationException("Cannot write ResourceBinding", new SchemaRegistryException(
                        SchemaRegistryException.NO_RESPONSE, 0, null, "Schema registry at http://registry:8081 is unreachable")))))
                .isEqualTo(REPLACE_THREAD);
        assertThat(policy.handle(new SerializationException("Cannot write ResourceBinding",
                new SchemaRegistryException(409, 409, null, "incompatible")))).isEqualTo(SHUTDOWN_CLIENT);
    }

    @Test
    void anythingElseShutsTheClientDown() {
        assertThat(policy.handle(new StreamsException("bug", new IllegalStateException("no such store")))).isEqualTo(SHUTDOWN_CLIENT);
        assertThat(policy.handle(new OutOfMemoryError())).isEqualTo(SHUTDOWN_CLIENT);
        assertThat(policy.handle(new StreamsException("send", new SaslAuthenticationException("bad password")))).isEqualTo(SHUTDOWN_CLIENT);
        assertThat(policy.handle(new SerializationException("Unknown magic byte"))).isEqualTo(SHUTDOWN_CLIENT);
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
