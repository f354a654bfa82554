package io.fedstream.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When the brokers count as unreachable, and since when: what the probes and the exit message say. */
class BrokerReachabilityTest {

    private final AtomicLong now = new AtomicLong();
    private final List<CompletableFuture<Object>> questions = new ArrayList<>();
    private final BrokerReachability broker = new BrokerReachability("kafka:9092", () -> {
        CompletableFuture<Object> question = new CompletableFuture<>();
        questions.add(question);
        return question;
    }, now::get, () -> { });

    @Test
    void answeredIsReachableAndOneQuestionIsOutAtATime() {
        broker.check();
        broker.check();
        questions.get(0).complete("cluster-id");

        assertThat(questions).hasSize(1);
        assertThat(broker.reachable()).isTrue();
        assertThat(broker.unreachableFor()).isEmpty();
    }

    @Test
    void aQuestionUnansweredPastTheTimeoutOrFailedMakesThemUnreachableSinceTheLastAnsweredOne() {
        broker.check();
        questions.get(0).complete("cluster-id");
        now.addAndGet(Duration.ofSeconds(1).toNanos());
        broker.check();
        now.addAndGet(BrokerReachability.TIMEOUT.plusMillis(1).toNanos());
        broker.check();

        assertThat(broker.reachable()).isFalse();
        assertThat(broker.unreachableFor()).contains(BrokerReachability.TIMEOUT.plusMillis(1));

        questions.get(1).completeExceptionally(new RuntimeException("connection refused"));
        now.addAndGet(Duration.ofMinutes(6).toNanos());
        broker.check();
        questions.get(2).completeExceptionally(new RuntimeException("connection refused"));

        assertThat(broker.unreachableFor()).contains(Duration.ofMinutes(6).plus(BrokerReachability.TIMEOUT).plusMillis(1));
        assertThat(BrokerReachability.humanDuration(broker.unreachableFor().orElseThrow())).isEqualTo("6 min 2 s");

        broker.check();
        questions.get(3).complete("cluster-id");
        assertThat(broker.reachable()).isTrue();
    }

    @Test
    void neverAnsweredIsUnreachableSinceTheProbeBegan() {
        now.addAndGet(Duration.ofSeconds(5).toNanos());
        broker.check();
        questions.get(0).completeExceptionally(new RuntimeException("no broker"));

        assertThat(broker.unreachableFor()).contains(Duration.ofSeconds(5));
    }
}
