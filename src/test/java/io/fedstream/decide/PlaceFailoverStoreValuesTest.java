package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.InternalSerdes;
import io.fedstream.admit.Placement;
import io.fedstream.avro.IncidentState;
import io.fedstream.avro.ReservationPurpose;
import io.fedstream.avro.StoredIncident;
import io.fedstream.avro.StoredPlacementState;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.place.AppliedPlacement;
import io.fedstream.place.ScheduleResult;
import io.fedstream.serde.AvroSerdeConfig;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.serde.InProcessSchemaRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Serde;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The values of the stores that used to hold JSON, now Avro records of schemas/internal: each comes back as it was
 * stored, every field, null and empty ones too, and a value still in the old JSON form is refused naming store and type.
 */
class PlaceFailoverStoreValuesTest {

    private final PlaceFailoverStores.ValueSerdes values =
            InternalSerdes.of(new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults())).placeFailoverStores();
    private final Serde<ApplicationFailure> applicationFailures = ApplicationFailureAvro.serde(values.applicationFailures());
    /** The topic the pass's state hands the section's codec ({@link PassState#topicOf}). */
    private static final String APPLICATION_FAILURES = PassState.topicOf(changelog(PassState.STORE), PassState.APPLICATION_FAILURES);

    // ---- a workload's placement state, in its workload record

    @Test
    void aNewPlacementStateComesBackWithNothingInFlightAndNothingPreserved() {
        PlacementState back = PlacementStates.fromAvro(PlacementStates.toAvro(PlacementState.NEW));

        assertThat(back).isEqualTo(PlacementState.NEW);
        assertThat(back.pending()).isNull();
        assertThat(back.placedCluster()).isNull();
        assertThat(back.unplaceableGeneration()).isEqualTo(-1);
        assertThat(back.preserved()).isEmpty();
        assertThat(back.shares()).isNull();
        assertThat(back.redivision()).isNull();
        assertThat(back.listedUnder()).isNull();
    }

    @Test
    void aPlacementStateWithEveryFieldSetComesBackEqual() {
        PlacementState.Pending migrate = new PlacementState.Pending("w/dc-1-100/2/0", ReservationPurpose.MIGRATE, "dc-1-100", "dc-1",
                List.of("dc-3", "dc-2"), 1, 2, 7, 2);
        ShareReservation shares = new ShareReservation("w/place/g7/1", 7, 2, 1, Placement.Scheduling.DIVIDED,
                List.of(share("dc-2", "w/place/g7/1/dc-2", true, "worker", 3L, "main", 1L), share("dc-3", "w/place/g7/1/dc-3", false, "main", 2L)),
                List.of("dc-4"), true);
        Redivision redivision = new Redivision("w/dc-1-100~s0", RoomAsk.Purpose.REDIVIDE, "dc-1-100", "dc-1", 7, 2, 0, Placement.Scheduling.DUPLICATED,
                List.of(target("dc-2", "worker", 3L, "main", 1L), target("dc-3", "main", 2L)),
                List.of(share("dc-3", "w/dc-1-100~s0/dc-3", false, "main", 1L)), List.of("dc-5", "dc-6"));
        PlacementState state = new PlacementState(migrate, "dc-1", 2, 5, Map.of("fedstream.io/checkpoint", "s3://b/chk-42", "offset", "17"),
                shares, redivision, "team-a/web-policy");

        PlacementState back = PlacementStates.fromAvro(PlacementStates.toAvro(state));

        assertThat(back).isEqualTo(state);
        assertThat(back.pending().cluster()).isEqualTo("dc-2");
        assertThat(back.shares().shares().get(0).components().keySet()).as("components in the scheduler's order").containsExactly("worker", "main");
        assertThat(back.redivision().targets().get(0).components().keySet()).containsExactly("worker", "main");
    }

    @Test
    void aPlacementStateWithNullAndEmptyNestedFieldsComesBackEqual() {
        PlacementState.Pending place = new PlacementState.Pending("w/place/g1/0", ReservationPurpose.PLACE, null, null, List.of(), 0, 0, 1, 0);
        ShareReservation asked = new ShareReservation("w/place/g1/0", 1, 0, 0, Placement.Scheduling.DUPLICATED, List.of(), List.of(), false);
        Redivision rescale = new Redivision("w/rescale-g3~s0", RoomAsk.Purpose.RESCALE, "rescale-g3", null, 3, 0, 0, Placement.Scheduling.DIVIDED, List.of(),
                List.of(share("dc-1", "w/rescale-g3~s0/dc-1", true)), List.of());
        PlacementState state = new PlacementState(place, null, 0, -1, Map.of(), asked, rescale, null);

        PlacementState back = PlacementStates.fromAvro(PlacementStates.toAvro(state));

        assertThat(back).isEqualTo(state);
        assertThat(back.pending().incidentId()).isNull();
        assertThat(back.pending().sourceCluster()).isNull();
        assertThat(back.redivision().sourceCluster()).isNull();
        assertThat(back.redivision().growth().get(0).components()).isEmpty();
    }

    /** Who re-divides is kept; a record written before it was kept says it by its source cluster alone. */
    @Test
    void aRedivisionKeepsWhoRedividesAndOneWrittenBeforeItWasKeptIsAFailedSharesWithASourceElseARescale() {
        Redivision policy = new Redivision("w/policy/t5/s0", RoomAsk.Purpose.POLICY_RESCHEDULE, "policy-5", null, 3, 0, 0,
                Placement.Scheduling.DIVIDED, List.of(), List.of(share("dc-1", "w/policy/t5/s0/dc-1", false, "main", 1L)), List.of());
        Redivision failedShare = new Redivision("w/dc-1-100~s0", RoomAsk.Purpose.REDIVIDE, "dc-1-100", "dc-1", 3, 0, 0,
                Placement.Scheduling.DIVIDED, List.of(), List.of(), List.of());
        StoredPlacementState stored = PlacementStates.toAvro(PlacementState.NEW.withRedivision(policy));
        StoredPlacementState before = PlacementStates.toAvro(PlacementState.NEW.withRedivision(policy));
        before.getRedivision().setPurpose(null);
        StoredPlacementState shareBefore = PlacementStates.toAvro(PlacementState.NEW.withRedivision(failedShare));
        shareBefore.getRedivision().setPurpose(null);

        assertThat(PlacementStates.fromAvro(stored).redivision().purpose())
                .isEqualTo(RoomAsk.Purpose.POLICY_RESCHEDULE);
        assertThat(PlacementStates.fromAvro(before).redivision().purpose()).isEqualTo(RoomAsk.Purpose.RESCALE);
        assertThat(PlacementStates.fromAvro(shareBefore).redivision().purpose()).isEqualTo(RoomAsk.Purpose.REDIVIDE);
    }

    // ---- the incident ledger's entries, in the workloads' records

    @Test
    void anStoredIncidentWithEveryFieldSetComesBackEqual() {
        StoredIncident entry = new StoredIncident(IncidentState.RETRY_PENDING, "cmd-7", 2, "dc-3", List.of("dc-2", "dc-4"),
                Map.of("fedstream.io/checkpoint", "s3://b/chk-42"), Instant.ofEpochMilli(1_700_000_030_000L));

        assertThat(incidentRoundTrip(entry)).isEqualTo(entry);
    }

    @Test
    void anStoredIncidentWithoutCommandTargetOrRetryTimeComesBackEqual() {
        StoredIncident entry = new StoredIncident(IncidentState.HELD_BACK, null, 0, null, List.of(), Map.of(), null);

        StoredIncident back = incidentRoundTrip(entry);

        assertThat(back).isEqualTo(entry);
        assertThat(back.getCommandId()).isNull();
        assertThat(back.getTargetCluster()).isNull();
        assertThat(back.getNotBefore()).isNull();
    }

    @ParameterizedTest
    @EnumSource(IncidentState.class)
    void everyIncidentStateIsStored(IncidentState state) {
        StoredIncident entry = new StoredIncident(state, "cmd-1", 1, "dc-2", List.of("dc-3"), Map.of(), null);

        assertThat(incidentRoundTrip(entry).getState()).isEqualTo(state);
    }

    // ---- the section application-failures of the pass's state

    @Test
    void anApplicationFailureComesBackEqualAtEachStepOfItsFailover() {
        ApplicationFailure spell = ApplicationFailure.since("dc-1", 1_700_000_000_123L, "FAILED");

        for (ApplicationFailure failure : List.of(spell, spell.migrationStarted(), spell.migrationStarted().purgeIssued(), spell.purgeIssued())) {
            assertThat(roundTrip(applicationFailures, APPLICATION_FAILURES, failure)).isEqualTo(failure);
        }
    }

    // ---- policy-placements-index

    @Test
    void anAppliedPlacementComesBackEqualWithOrWithoutItsAffinityGroup() {
        AppliedPlacement single = new AppliedPlacement("ns/web-policy", null, "ClusterAffinity{name=null, clusterNames={dc-1, dc-2}}",
                "[]", "[SpreadConstraint{spreadByField=cluster, maxGroups=1}]", "DIVIDED WeightedDivision{weights={dc-1=1}}");
        AppliedPlacement grouped = new AppliedPlacement("ns/web-policy", "primary", "ClusterAffinity{name=primary}", "[]", "[]", "DUPLICATED null");

        for (AppliedPlacement applied : List.of(single, grouped, grouped.claimedBy(PolicyPlacements.UNCLAIMED))) {
            assertThat(PolicyPlacements.fromAvro(PolicyPlacements.toAvro(applied))).isEqualTo(applied);
        }
    }

    // ---- the old JSON form, as a section's codec reads it (its topic names the section)

    @Test
    void anApplicationFailureStillInJsonIsRefusedNamingTheStoreAndTheType() {
        assertRefusedAsJson(applicationFailures, APPLICATION_FAILURES, "ApplicationFailure", "{\"cluster\":\"dc-1\","
                + "\"sinceMs\":1,\"phase\":\"FAILED\",\"incidentId\":\"dc-1-1-application\",\"migrating\":false,\"purged\":false}");
    }

    @Test
    void aValueItsAvroRecordCannotHoldIsRefusedOnWriteNamingTheType() {
        ApplicationFailure nameless = new ApplicationFailure(null, 1, "FAILED", "x-1-application", false, false);

        assertThatThrownBy(() -> applicationFailures.serializer().serialize(APPLICATION_FAILURES, nameless))
                .isInstanceOf(SerializationException.class)
                .hasMessageStartingWith("Cannot write ApplicationFailure for topic 'fedstream-pass-state-store-changelog-application-failures' as Avro: ")
                .hasMessageContaining("cluster");
    }

    /** {@code type} null: the store holds the generated record itself, and the changelog alone names what was expected. */
    private static void assertRefusedAsJson(Serde<?> serde, String topic, String type, String json) {
        assertThatThrownBy(() -> serde.deserializer().deserialize(topic, json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(SerializationException.class)
                .hasMessageStartingWith((type == null ? "" : "Cannot read " + type + ": ") + "Record from topic '" + topic + "'"
                        + " starts with magic byte 0x7b, expected 0x00 (Confluent wire format); first bytes: 7b 22");
    }

    private StoredIncident incidentRoundTrip(StoredIncident entry) {
        WorkloadRecord record = WorkloadRecord.newBuilder().setIncidents(Map.of("dc-1-1", entry)).build();
        return roundTrip(values.workloads(), changelog(Workloads.STORE), record).getIncidents().get("dc-1-1");
    }

    private static <T> T roundTrip(Serde<T> serde, String topic, T value) {
        byte[] bytes = serde.serializer().serialize(topic, value);
        assertThat(bytes[0]).as("Confluent wire format").isZero();
        return serde.deserializer().deserialize(topic, bytes);
    }

    /** The topic Kafka Streams hands a store's serdes: its changelog ({@code ApplicationFailoverTest} reads one in a topology). */
    private static String changelog(String store) {
        return "fedstream-" + store + "-changelog";
    }

    private static ShareReservation.Share share(String cluster, String requestId, boolean granted, Object... components) {
        return new ShareReservation.Share(cluster, pods(components), requestId, granted, null);
    }

    private static ScheduleResult.Target target(String cluster, Object... components) {
        return new ScheduleResult.Target(cluster, pods(components));
    }

    private static Map<String, Long> pods(Object... components) {
        Map<String, Long> pods = new LinkedHashMap<>();
        for (int i = 0; i < components.length; i += 2) {
            pods.put((String) components[i], (Long) components[i + 1]);
        }
        return pods;
    }
}
