package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Admission;
import io.fedstream.avro.InterpretationState;
import io.fedstream.avro.InterpretationStatus;
import io.fedstream.avro.ResourceBinding;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

/** The bindings the pass holds back while their workloads wait for room, and when it asks again whether they still wait. */
class OutputsTest {

    private final MockProcessorContext<String, PassOutcome> context = new MockProcessorContext<>();
    private final Outputs outputs = new Outputs(context);
    private final List<String> asked = new ArrayList<>();

    OutputsTest() {
        context.setCurrentSystemTimeMs(0);
    }

    private static ResourceBinding binding(String key) {
        return ResourceBinding.newBuilder().setWorkloadKey(key).setApiVersion("apps/v1").setKind("Deployment").setNamespace("shop")
                .setName(key).setInterpretation(InterpretationStatus.newBuilder().setState(InterpretationState.INTERPRETED).build())
                .setAdmission(Admission.newBuilder().build()).setObservedAt(Instant.EPOCH).setUpdatedAt(Instant.EPOCH).build();
    }

    private void write(Set<String> waiting, Set<String> read) {
        outputs.writeBindings(key -> {
            asked.add(key);
            return waiting.contains(key);
        }, key -> !read.contains(key));
    }

    private List<String> written() {
        return context.forwarded().stream().<String>map(forwarded -> forwarded.record().key()).toList();
    }

    @Test
    void aHeldBindingIsAskedAboutAgainOnlyWhenItsWorkloadWasReadOrDecidedAgain() {
        outputs.binding("a", binding("a"));
        outputs.binding("b", binding("b"));
        write(Set.of("a", "b"), Set.of("a", "b"));
        assertThat(written()).isEmpty();
        assertThat(asked).containsExactly("a", "b");

        asked.clear();
        write(Set.of("a", "b"), Set.of());
        assertThat(asked).as("neither workload was read: both wait as they did").isEmpty();
        assertThat(written()).isEmpty();

        write(Set.of("b"), Set.of("a"));
        assertThat(asked).containsExactly("a");
        assertThat(written()).containsExactly("a");

        asked.clear();
        outputs.binding("b", binding("b"));
        write(Set.of(), Set.of());
        assertThat(asked).as("decided again, the binding is asked about even if its workload reads as untouched").containsExactly("b");
        assertThat(written()).containsExactly("a", "b");
    }

    @Test
    void aDeletionIsWrittenAtOnce() {
        outputs.binding("a", null);
        write(Set.of("a"), Set.of("a"));
        assertThat(asked).isEmpty();
        assertThat(written()).containsExactly("a");
    }
}
