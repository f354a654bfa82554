package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A section of the pass's state store: its own keys only, in key order, next to neighbours whose names sort right beside it. */
class SectionTest {

    private KeyValueStore<String, byte[]> store;
    private Section<String> quota;
    /** Sorts right before {@code quota/}: '-' is below '/'. */
    private Section<String> quotaSources;
    /** Sorts right after {@code quota/}: '0' is above '/'. */
    private Section<String> quota0;
    /** A prefix of the section's name. */
    private Section<String> quot;

    @BeforeEach
    void aStoreWithFourSectionsOfAdjacentNames() {
        MockProcessorContext<Object, Object> context = new MockProcessorContext<>();
        store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(PassState.STORE), Serdes.String(), Serdes.ByteArray())
                .withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        quota = section("quota");
        quotaSources = section("quota-sources");
        quota0 = section("quota0");
        quot = section("quot");
        for (Section<String> section : List.of(quotaSources, quota0, quot)) {
            for (String key : List.of("", "a", "team-a/q", "team-b/q", "~")) {
                section.put(key, section + " " + key);
            }
        }
        quota.put("team-a/q", "a");
        quota.put("team-a/r", "b");
        quota.put("team-b/q", "c");
    }

    @Test
    void allIsTheSectionsEntriesAloneInKeyOrderWithoutItsPrefix() {
        assertThat(entries(quota.all())).containsExactly("team-a/q=a", "team-a/r=b", "team-b/q=c");
        assertThat(entries(quotaSources.all())).containsExactly("=pass-state-store/quota-sources ", "a=pass-state-store/quota-sources a",
                "team-a/q=pass-state-store/quota-sources team-a/q", "team-b/q=pass-state-store/quota-sources team-b/q",
                "~=pass-state-store/quota-sources ~");
    }

    @Test
    void aRangeStaysInTheSectionWhateverItsBounds() {
        assertThat(entries(quota.range("team-a/r", null))).as("open at its end").containsExactly("team-a/r=b", "team-b/q=c");
        assertThat(entries(quota.range(null, "team-a/r"))).as("open at its start, the end included").containsExactly("team-a/q=a", "team-a/r=b");
        assertThat(entries(quota.range(null, null))).containsExactly("team-a/q=a", "team-a/r=b", "team-b/q=c");
        assertThat(entries(quota.range("team-c", null))).as("beyond the last key").isEmpty();
        assertThat(entries(quota.range("team-a/r", "team-a/r"))).containsExactly("team-a/r=b");
    }

    @Test
    void aPrefixScanStaysInTheSection() {
        assertThat(entries(quota.prefixScan("team-a/", Serdes.String().serializer()))).containsExactly("team-a/q=a", "team-a/r=b");
        assertThat(entries(quota.prefixScan("", Serdes.String().serializer()))).hasSize(3);
        assertThat(entries(quota0.prefixScan("team-", Serdes.String().serializer()))).containsExactly(
                "team-a/q=pass-state-store/quota0 team-a/q", "team-b/q=pass-state-store/quota0 team-b/q");
    }

    @Test
    void getPutAndDeleteTouchTheSectionsOwnKeyOnly() {
        assertThat(quota.get("a")).as("quot's, quota0's and quota-sources' key a").isNull();
        quota.put("a", "mine");
        quota.delete("team-a/q");
        quota.put("team-b/q", null);

        assertThat(entries(quota.all())).containsExactly("a=mine", "team-a/r=b");
        assertThat(quotaSources.get("a")).isEqualTo("pass-state-store/quota-sources a");
        assertThat(quot.get("team-a/q")).isEqualTo("pass-state-store/quot team-a/q");
        assertThat(store.get("quota/a")).as("stored under <section>/<key>").isEqualTo("mine".getBytes());
    }

    @Test
    void anEntryThatCannotBeReadIsPassedWithItsKeyKnown() {
        Section<Long> numbers = Section.of(store, "quota", Serdes.Long(), "quota");
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, Long> all = numbers.all()) {
            while (all.hasNext()) {
                keys.add(all.peekNextKey());
                assertThatThrownBy(all::next).isInstanceOf(SerializationException.class);
            }
        }

        assertThat(keys).containsExactly("team-a/q", "team-a/r", "team-b/q");
    }

    @Test
    void aQueriedSectionReadsAsTheTasksAndRefusesWrites() {
        Section<String> queried = Section.readOnly(store, "quota", Serdes.String());

        assertThat(queried.get("team-b/q")).isEqualTo("c");
        assertThat(entries(queried.all())).hasSize(3);
        assertThatThrownBy(() -> queried.put("team-a/q", "x")).isInstanceOf(UnsupportedOperationException.class)
                .hasMessage("pass-state-store/quota is read-only here: only the namespace pass changes it");
    }

    @Test
    void aSectionsNameHasNoSlash() {
        assertThatThrownBy(() -> section("a/b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> section("")).isInstanceOf(IllegalArgumentException.class);
    }

    private Section<String> section(String name) {
        return Section.of(store, name, Serdes.String(), name);
    }

    private static List<String> entries(KeyValueIterator<String, String> iterator) {
        List<String> out = new ArrayList<>();
        try (iterator) {
            iterator.forEachRemaining((KeyValue<String, String> entry) -> out.add(entry.key + "=" + entry.value));
        }
        return out;
    }
}
