package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.WorkState;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the executor does to a cluster's copy, case by case, and what it reports. */
class CopyDecisionTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-12-06T11:00:00Z");
    private static final PropagationSettings ABORT = PropagationSettings.DEFAULTS;
    private static final PropagationSettings OVERWRITE = new PropagationSettings(PropagationSettings.ConflictResolution.OVERWRITE,
            false, Set.of(), false, false);
    private static final PropagationSettings PRESERVE = new PropagationSettings(PropagationSettings.ConflictResolution.ABORT,
            false, Set.of(), true, false);

    private final Desired.Apply apply = (Desired.Apply) new MemberWork().of(Bindings.duplicated(2, 3, "member1"), Bindings.deployment(3),
            "member1");

    private static LiveCopy live(JsonNode object, LiveCopy.Ownership ownership) {
        return new LiveCopy(object, ownership, false);
    }

    private ObjectNode appliedBefore() {
        ObjectNode live = apply.object().deepCopy();
        live.withObject("metadata").put("resourceVersion", "41");
        return live;
    }

    private static JsonNode foreign() throws Exception {
        return JSON.readTree("""
                {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop","resourceVersion":"5"},
                 "spec":{"replicas":1}}""");
    }

    @Test
    void nothingThereIsCreated() {
        CopyDecision.Step step = CopyDecision.decide(apply, null, ABORT, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.CREATE);
        assertThat(step.body()).isEqualTo(apply.object());
        assertThat(step.state()).isEqualTo(WorkState.APPLIED);
        assertThat(step.generation()).isEqualTo(2);
    }

    @Test
    void aCopyAsItShouldBeIsNotWrittenAgainAndOneFromAnotherVersionIsUpdatedFromItsResourceVersion() {
        CopyDecision.Step same = CopyDecision.decide(apply, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), ABORT, "member1", NOW);
        assertThat(same.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(same.state()).isEqualTo(WorkState.APPLIED);

        ObjectNode older = appliedBefore();
        older.withObject("metadata").withObject("annotations").put(PropagationMarks.APPLIED_DIGEST, "0".repeat(64));
        CopyDecision.Step update = CopyDecision.decide(apply, live(older, LiveCopy.Ownership.PROPAGATED), ABORT, "member1", NOW);
        assertThat(update.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(update.body().at("/metadata/resourceVersion").asText()).isEqualTo("41");
        assertThat(update.body().at("/metadata/annotations").get(PropagationMarks.APPLIED_DIGEST).asText()).isEqualTo(apply.digest());
    }

    @Test
    void aForeignObjectIsAConflictUnderAbortAndTakenOverUnderOverwrite() throws Exception {
        CopyDecision.Step abort = CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.FOREIGN), ABORT, "member1", NOW);
        assertThat(abort.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(abort.state()).isEqualTo(WorkState.CONFLICT);
        assertThat(abort.message()).isEqualTo("Deployment shop/web exists on member1 and fedstream did not create it: conflictResolution "
                + "Abort leaves it alone (Overwrite takes it over)");

        CopyDecision.Step overwrite = CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.FOREIGN), OVERWRITE, "member1", NOW);
        assertThat(overwrite.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(overwrite.body().at("/spec/replicas").asLong()).isEqualTo(3);
        assertThat(overwrite.body().at("/metadata/resourceVersion").asText()).isEqualTo("5");
        assertThat(overwrite.state()).isEqualTo(WorkState.APPLIED);
    }

    @Test
    void theManifestsOwnAnnotationComesBeforeThePolicys() throws Exception {
        Desired.Apply annotated = (Desired.Apply) new MemberWork().of(Bindings.duplicated(2, 3, "member1"),
                Bindings.deployment(3).replace("\"labels\":{\"app\":\"web\"}",
                        "\"labels\":{\"app\":\"web\"},\"annotations\":{\"work.karmada.io/conflict-resolution\":\"Overwrite\"}"), "member1");

        assertThat(CopyDecision.decide(annotated, live(foreign(), LiveCopy.Ownership.FOREIGN), ABORT, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.UPDATE);
    }

    @Test
    void theWorkloadsOwnObjectOnTheClusterItCameFromIsLeftAsWrittenUnlessOverwriteTakesItOver() throws Exception {
        CopyDecision.Step step = CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.ORIGIN), ABORT, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(step.state()).isEqualTo(WorkState.APPLIED);
        assertThat(step.message()).isEqualTo("the workload's own object on member1, which its agent reported: left as its author wrote it");
        assertThat(CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.ORIGIN), OVERWRITE, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.UPDATE);
    }

    @Test
    void suspendedDispatchingWritesNothing() {
        PropagationSettings suspended = new PropagationSettings(PropagationSettings.ConflictResolution.ABORT, false, Set.of("member1"),
                false, false);

        CopyDecision.Step step = CopyDecision.decide(apply, null, suspended, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(step.state()).isEqualTo(WorkState.SUSPENDED);
        assertThat(CopyDecision.decide(apply, null, suspended, "member2", NOW).action()).isEqualTo(CopyDecision.Action.CREATE);
    }

    @Test
    void aCopyOfAClusterLeftIsDeletedOrPreservedWithoutItsMarksButAForeignObjectIsNeverDeleted() throws Exception {
        Desired notPlaced = new Desired.Absent(Desired.Why.NOT_PLACED);

        assertThat(CopyDecision.decide(notPlaced, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), ABORT, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.DELETE);
        CopyDecision.Step preserved = CopyDecision.decide(notPlaced, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), PRESERVE,
                "member1", NOW);
        assertThat(preserved.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(PropagationMarks.isManaged(preserved.body())).isFalse();
        assertThat(PropagationMarks.annotation(preserved.body(), PropagationMarks.PRESERVED)).isEqualTo(Bindings.KEY);
        assertThat(PropagationMarks.annotation(preserved.body(), PropagationMarks.APPLIED_DIGEST)).isNull();
        assertThat(preserved.state()).isEqualTo(WorkState.REMOVED);
        CopyDecision.Step foreign = CopyDecision.decide(new Desired.Absent(Desired.Why.DELETED), live(foreign(), LiveCopy.Ownership.FOREIGN),
                ABORT, "member1", NOW);
        assertThat(foreign.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(CopyDecision.decide(notPlaced, null, ABORT, "member1", NOW).state()).isEqualTo(WorkState.REMOVED);
    }

    @Test
    void aCopyAFailoverLeftIsMarkedOnceAndWaitsForItsPurgeUntilTheWorkloadIsDeleted() {
        Desired left = new Desired.Absent(Desired.Why.LEFT_BY_FAILOVER);

        CopyDecision.Step mark = CopyDecision.decide(left, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), ABORT, "member1", NOW);
        assertThat(mark.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(PropagationMarks.annotation(mark.body(), PropagationMarks.EVICTED)).isEqualTo("2026-12-06T11:00:00Z");
        assertThat(mark.state()).isEqualTo(WorkState.EVICTED);

        LiveCopy marked = live(mark.body(), LiveCopy.Ownership.PROPAGATED);
        assertThat(CopyDecision.decide(left, marked, ABORT, "member1", NOW).action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(CopyDecision.decide(new Desired.Absent(Desired.Why.NOT_PLACED), marked, ABORT, "member1", NOW).state())
                .as("a later placement by the scheduler still leaves it to its purge").isEqualTo(WorkState.EVICTED);
        assertThat(CopyDecision.decide(new Desired.Absent(Desired.Why.DELETED), marked, ABORT, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.DELETE);
    }

    @Test
    void aMigrationsCopyIsTakenOverOnceThePlacementShowsItAndLeftAloneBefore() {
        ObjectNode migrated = apply.object().deepCopy();
        migrated.withObject("metadata").withObject("labels").remove(PropagationMarks.MANAGED_LABEL);
        migrated.withObject("metadata").withObject("annotations").put("fedstream.io/migration-command", "cmd-1");

        CopyDecision.Step placed = CopyDecision.decide(apply, live(migrated, LiveCopy.Ownership.MIGRATED), ABORT, "member1", NOW);
        assertThat(placed.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(placed.body().at("/metadata/annotations").get("fedstream.io/migration-command").asText())
                .as("what the migration wrote stays").isEqualTo("cmd-1");
        CopyDecision.Step before = CopyDecision.decide(new Desired.Absent(Desired.Why.NOT_PLACED), live(migrated, LiveCopy.Ownership.MIGRATED),
                ABORT, "member1", NOW);
        assertThat(before.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(before.state()).isNull();
    }

    @Test
    void aFailureIsReportedAndAHeldVersionReportsNothing() {
        assertThat(CopyDecision.decide(new Desired.Failed("no manifest", 3), null, ABORT, "member1", NOW))
                .isEqualTo(new CopyDecision.Step(CopyDecision.Action.NONE, null, WorkState.FAILED, 3, "no manifest"));
        assertThat(CopyDecision.decide(new Desired.Held("not admitted"), null, ABORT, "member1", NOW).state()).isNull();
    }
}
