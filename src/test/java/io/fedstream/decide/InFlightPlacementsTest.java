package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.Placement;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.StoredPlacementState;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.internals.WrappedStateStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What a start finds in flight in the placement states, and how the set follows asking and settling. */
class InFlightPlacementsTest {

    private KeyValueStore<String, PlacementState> states;

    @BeforeEach
    void setUp() {
        states = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore("states"), Serdes.String(),
                PlacementStateAvro.serde(new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults())
                        .specific(StoredPlacementState.class, false))).withLoggingDisabled().build();
        states.init(new MockProcessorContext<Void, Void>().getStateStoreContext(), states);
    }

    private static PlacementState.Pending pending(ReservationPurpose purpose) {
        return new PlacementState.Pending("w/request", purpose, purpose == ReservationPurpose.MIGRATE ? "dc-9/1" : null,
                purpose == ReservationPurpose.MIGRATE ? "dc-9" : null, List.of("dc-1", "dc-2"), 0, 0, 1, 0, 1_000L);
    }

    private static ShareReservation shares(boolean placed) {
        return new ShareReservation("w/place/g1/0/s0", 1, 0, 0, Placement.Scheduling.DIVIDED,
                List.of(new ShareReservation.Share("dc-1", Map.of("main", 2L), "w/place/g1/0/s0/dc-1", placed),
                        new ShareReservation.Share("dc-2", Map.of("main", 1L), "w/place/g1/0/s0/dc-2", false)),
                List.of(), placed, 1_000L);
    }

    @Test
    void aStartFindsTheWorkloadsWithAPlacementReservationOutAndNoOthers() {
        states.put("placing", PlacementState.NEW.withPending(pending(ReservationPurpose.PLACE)));
        states.put("sharing", PlacementState.NEW.withShares(shares(false)));
        states.put("migrating", PlacementState.NEW.placedOn("dc-9", 0).withPending(pending(ReservationPurpose.MIGRATE)));
        states.put("shared", PlacementState.NEW.withShares(shares(true)));
        states.put("granted", PlacementState.NEW.placedOn("dc-1", 0));
        states.put("unplaceable", PlacementState.NEW.unplaceable(1));

        assertThat(InFlightPlacements.rebuiltFrom(new PlacementStates(states)).keys()).containsExactly("placing", "sharing");
    }

    @Test
    void aStateThatCannotBeReadIsKeptSoThatTheRetryReadsItAgainAndDeadLettersIt() {
        states.put("a-placing", PlacementState.NEW.withPending(pending(ReservationPurpose.PLACE)));
        bytes().put(Bytes.wrap("b-json".getBytes(StandardCharsets.UTF_8)), "{\"placedCluster\":\"dc-1\"}".getBytes(StandardCharsets.UTF_8));
        bytes().put(Bytes.wrap("c-unknown-schema".getBytes(StandardCharsets.UTF_8)), new byte[] {0, 0, 0, 0, 99, 1});
        states.put("d-granted", PlacementState.NEW.placedOn("dc-1", 0));

        assertThat(InFlightPlacements.rebuiltFrom(new PlacementStates(states)).keys()).containsExactly("a-placing", "b-json", "c-unknown-schema");
    }

    @Test
    void aWorkloadIsInFlightFromAskingUntilSettledAndAWalkGoesOverACopy() {
        InFlightPlacements inFlight = InFlightPlacements.rebuiltFrom(new PlacementStates(states));
        inFlight.asked("b");
        inFlight.asked("a");
        inFlight.asked("b");
        List<String> walked = inFlight.keys();

        inFlight.settled("a");
        inFlight.settled("never-asked");

        assertThat(walked).containsExactly("a", "b");
        assertThat(inFlight.keys()).containsExactly("b");
    }

    @SuppressWarnings("unchecked")
    private KeyValueStore<Bytes, byte[]> bytes() {
        return (KeyValueStore<Bytes, byte[]>) ((WrappedStateStore<?, ?, ?>) (Object) states).wrapped();
    }
}
