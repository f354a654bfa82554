package io.fedstream.propagate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.WorkState;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.LuaCustomization;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
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
        return new LiveCopy(object, ownership, false, null);
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
        CopyDecision.Step step = CopyDecision.decide(apply, null, ABORT, Retention.BUILT_IN, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.CREATE);
        assertThat(step.body()).isEqualTo(apply.object());
        assertThat(step.state()).isEqualTo(WorkState.APPLIED);
        assertThat(step.generation()).isEqualTo(2);
    }

    @Test
    void aCopyAsItShouldBeIsNotWrittenAgainAndOneFromAnotherVersionIsUpdatedFromItsResourceVersion() {
        CopyDecision.Step same = CopyDecision.decide(apply, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), ABORT, Retention.BUILT_IN, "member1", NOW);
        assertThat(same.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(same.state()).isEqualTo(WorkState.APPLIED);

        ObjectNode older = appliedBefore();
        older.withObject("metadata").withObject("annotations").put(PropagationMarks.APPLIED_DIGEST, "0".repeat(64));
        CopyDecision.Step update = CopyDecision.decide(apply, live(older, LiveCopy.Ownership.PROPAGATED), ABORT, Retention.BUILT_IN, "member1", NOW);
        assertThat(update.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(update.body().at("/metadata/resourceVersion").asText()).isEqualTo("41");
        assertThat(update.body().at("/metadata/annotations").get(PropagationMarks.APPLIED_DIGEST).asText()).isEqualTo(apply.digest());
    }

    @Test
    void aForeignObjectIsAConflictUnderAbortAndTakenOverUnderOverwrite() throws Exception {
        CopyDecision.Step abort = CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.FOREIGN), ABORT, Retention.BUILT_IN, "member1", NOW);
        assertThat(abort.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(abort.state()).isEqualTo(WorkState.CONFLICT);
        assertThat(abort.message()).isEqualTo("Deployment shop/web exists on member1 and fedstream did not create it: conflictResolution "
                + "Abort leaves it alone (Overwrite takes it over)");

        CopyDecision.Step overwrite = CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.FOREIGN), OVERWRITE, Retention.BUILT_IN, "member1", NOW);
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

        assertThat(CopyDecision.decide(annotated, live(foreign(), LiveCopy.Ownership.FOREIGN), ABORT, Retention.BUILT_IN, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.UPDATE);
    }

    @Test
    void theWorkloadsOwnObjectOnTheClusterItCameFromIsLeftAsWrittenUnlessOverwriteTakesItOver() throws Exception {
        CopyDecision.Step step = CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.ORIGIN), ABORT, Retention.BUILT_IN, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(step.state()).isEqualTo(WorkState.APPLIED);
        assertThat(step.message()).isEqualTo("the workload's own object on member1, which its agent reported: left as its author wrote it");
        assertThat(CopyDecision.decide(apply, live(foreign(), LiveCopy.Ownership.ORIGIN), OVERWRITE, Retention.BUILT_IN, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.UPDATE);
    }

    @Test
    void suspendedDispatchingWritesNothing() {
        PropagationSettings suspended = new PropagationSettings(PropagationSettings.ConflictResolution.ABORT, false, Set.of("member1"),
                false, false);

        CopyDecision.Step step = CopyDecision.decide(apply, null, suspended, Retention.BUILT_IN, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(step.state()).isEqualTo(WorkState.SUSPENDED);
        assertThat(CopyDecision.decide(apply, null, suspended, Retention.BUILT_IN, "member2", NOW).action()).isEqualTo(CopyDecision.Action.CREATE);
    }

    @Test
    void aCopyOfAClusterLeftIsDeletedOrPreservedWithoutItsMarksButAForeignObjectIsNeverDeleted() throws Exception {
        Desired notPlaced = new Desired.Absent(Desired.Why.NOT_PLACED);

        assertThat(CopyDecision.decide(notPlaced, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), ABORT, Retention.BUILT_IN, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.DELETE);
        CopyDecision.Step preserved = CopyDecision.decide(notPlaced, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), PRESERVE, Retention.BUILT_IN,
                "member1", NOW);
        assertThat(preserved.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(PropagationMarks.isManaged(preserved.body())).isFalse();
        assertThat(PropagationMarks.annotation(preserved.body(), PropagationMarks.PRESERVED)).isEqualTo(Bindings.KEY);
        assertThat(PropagationMarks.annotation(preserved.body(), PropagationMarks.APPLIED_DIGEST)).isNull();
        assertThat(preserved.state()).isEqualTo(WorkState.REMOVED);
        CopyDecision.Step foreign = CopyDecision.decide(new Desired.Absent(Desired.Why.DELETED), live(foreign(), LiveCopy.Ownership.FOREIGN),
                ABORT, Retention.BUILT_IN, "member1", NOW);
        assertThat(foreign.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(CopyDecision.decide(notPlaced, null, ABORT, Retention.BUILT_IN, "member1", NOW).state()).isEqualTo(WorkState.REMOVED);
    }

    @Test
    void aCopyAFailoverLeftIsMarkedOnceAndWaitsForItsPurgeUntilTheWorkloadIsDeleted() {
        Desired left = new Desired.Absent(Desired.Why.LEFT_BY_FAILOVER);

        CopyDecision.Step mark = CopyDecision.decide(left, live(appliedBefore(), LiveCopy.Ownership.PROPAGATED), ABORT, Retention.BUILT_IN, "member1", NOW);
        assertThat(mark.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(PropagationMarks.annotation(mark.body(), PropagationMarks.EVICTED)).isEqualTo("2026-12-06T11:00:00Z");
        assertThat(mark.state()).isEqualTo(WorkState.EVICTED);

        LiveCopy marked = live(mark.body(), LiveCopy.Ownership.PROPAGATED);
        assertThat(CopyDecision.decide(left, marked, ABORT, Retention.BUILT_IN, "member1", NOW).action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(CopyDecision.decide(new Desired.Absent(Desired.Why.NOT_PLACED), marked, ABORT, Retention.BUILT_IN, "member1", NOW).state())
                .as("a later placement by the scheduler still leaves it to its purge").isEqualTo(WorkState.EVICTED);
        assertThat(CopyDecision.decide(new Desired.Absent(Desired.Why.DELETED), marked, ABORT, Retention.BUILT_IN, "member1", NOW).action())
                .isEqualTo(CopyDecision.Action.DELETE);
    }

    @Test
    void aMigrationsCopyIsTakenOverOnceThePlacementShowsItAndLeftAloneBefore() {
        ObjectNode migrated = apply.object().deepCopy();
        migrated.withObject("metadata").withObject("labels").remove(PropagationMarks.MANAGED_LABEL);
        migrated.withObject("metadata").withObject("annotations").put("fedstream.io/migration-command", "cmd-1");

        CopyDecision.Step placed = CopyDecision.decide(apply, live(migrated, LiveCopy.Ownership.MIGRATED), ABORT, Retention.BUILT_IN, "member1", NOW);
        assertThat(placed.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(placed.body().at("/metadata/annotations").get("fedstream.io/migration-command").asText())
                .as("what the migration wrote stays").isEqualTo("cmd-1");
        CopyDecision.Step before = CopyDecision.decide(new Desired.Absent(Desired.Why.NOT_PLACED), live(migrated, LiveCopy.Ownership.MIGRATED),
                ABORT, Retention.BUILT_IN, "member1", NOW);
        assertThat(before.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(before.state()).isNull();
    }

    @Test
    void aFailureIsReportedAndAHeldVersionReportsNothing() {
        assertThat(CopyDecision.decide(new Desired.Failed("no manifest", 3), null, ABORT, Retention.BUILT_IN, "member1", NOW))
                .isEqualTo(new CopyDecision.Step(CopyDecision.Action.NONE, null, WorkState.FAILED, 3, "no manifest", null));
        assertThat(CopyDecision.decide(new Desired.Held("not admitted"), null, ABORT, Retention.BUILT_IN, "member1", NOW).state()).isNull();
    }
    @Test
    void aCopyChangedByHandIsUpdatedBackFromTheSameWork() {
        ObjectNode edited = appliedBefore();
        edited.withObject("metadata").put("generation", 2);
        ((ObjectNode) edited.at("/spec/template/spec/containers/0")).put("image", "shop/web:hotfix");
        LiveCopy seenAtGeneration1 = new LiveCopy(edited, LiveCopy.Ownership.PROPAGATED, false, "gen:1;labels:0000000000000000");

        CopyDecision.Step step = CopyDecision.decide(apply, seenAtGeneration1, ABORT, Retention.BUILT_IN, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.UPDATE);
        assertThat(step.body().at("/spec/template/spec/containers/0/image").asText()).isEqualTo("shop/web:1");
        assertThat(step.body().at("/metadata/resourceVersion").asText()).isEqualTo("41");
        assertThat(step.state()).isEqualTo(WorkState.APPLIED);
    }

    @Test
    void aCopyUnchangedSinceLastSeenIsNotComparedAndOneTheClusterOnlyAddedToIsNotWritten() throws Exception {
        ObjectNode seen = appliedBefore();
        ((ObjectNode) seen.at("/spec/template/spec/containers/0")).put("image", "shop/web:hotfix");
        LiveCopy unchanged = new LiveCopy(seen, LiveCopy.Ownership.PROPAGATED, false, ObjectVersion.of(seen));
        assertThat(CopyDecision.decide(apply, unchanged, ABORT, Retention.BUILT_IN, "member1", NOW)).as("the version it was last seen"
                + " with: nobody changed it since").isEqualTo(new CopyDecision.Step(CopyDecision.Action.NONE, null, WorkState.APPLIED, 2,
                        null, ObjectVersion.of(seen)));

        ObjectNode served = appliedBefore();
        served.withObject("metadata").put("uid", "u-1").put("generation", 1).put("creationTimestamp", "2026-12-06T10:00:00Z")
                .withObject("labels").put("added-by-the-cluster", "yes");
        served.withObject("metadata").putArray("finalizers").add("cluster.example.com/guard");
        served.withObject("spec").put("replicas", 3L);
        served.set("status", JSON.readTree("{\"replicas\":3}"));
        CopyDecision.Step checked = CopyDecision.decide(apply, live(served, LiveCopy.Ownership.PROPAGATED), ABORT, Retention.BUILT_IN,
                "member1", NOW);
        assertThat(checked.action()).as("what the API server and the cluster added is not a change of fedstream's")
                .isEqualTo(CopyDecision.Action.NONE);
        assertThat(checked.seenVersion()).isEqualTo(ObjectVersion.of(served)).startsWith("gen:1;");
    }

    @Test
    void whatTheClusterOwnsStaysAcrossAnEditByHand() throws Exception {
        Desired.Apply retained = (Desired.Apply) new MemberWork().of(Bindings.duplicated(2, 3, "member1"),
                Bindings.deployment(3).replace("\"labels\":{\"app\":\"web\"}",
                        "\"labels\":{\"app\":\"web\",\"resourcetemplate.karmada.io/retain-replicas\":\"true\"}"), "member1");
        ObjectNode scaledByItsAutoscaler = retained.object().deepCopy();
        scaledByItsAutoscaler.withObject("metadata").put("resourceVersion", "52").put("generation", 4);
        scaledByItsAutoscaler.withObject("spec").put("replicas", 7);

        CopyDecision.Step step = CopyDecision.decide(retained, live(scaledByItsAutoscaler, LiveCopy.Ownership.PROPAGATED), ABORT,
                Retention.BUILT_IN, "member1", NOW);

        assertThat(step.action()).as("an autoscaler's count under retain-replicas is the cluster's").isEqualTo(CopyDecision.Action.NONE);
        assertThat(step.state()).isEqualTo(WorkState.APPLIED);
    }

    @Test
    void aRetentionScriptKeepsWhatItSaysAndOneThatFailsLeavesTheCopyAsItIsAndSaysWhy() {
        ObjectNode paused = appliedBefore();
        paused.withObject("spec").put("paused", true);
        paused.withObject("metadata").put("generation", 2);
        Retention keepsPaused = retention("""
                function Retain(desiredObj, observedObj)
                  desiredObj.spec.paused = observedObj.spec.paused
                  return desiredObj
                end""");

        CopyDecision.Step kept = CopyDecision.decide(apply, live(paused, LiveCopy.Ownership.PROPAGATED), ABORT, keepsPaused, "member1", NOW);
        assertThat(kept.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(CopyDecision.decide(apply, live(paused, LiveCopy.Ownership.PROPAGATED), ABORT, Retention.BUILT_IN, "member1", NOW)
                .body().at("/spec/paused").isMissingNode()).as("without the script, a pause by hand is put back").isTrue();

        CopyDecision.Step failed = CopyDecision.decide(apply, live(paused, LiveCopy.Ownership.PROPAGATED), ABORT,
                retention("function Retain(desiredObj, observedObj) return observedObj.spec.missing.field end"), "member1", NOW);
        assertThat(failed.action()).isEqualTo(CopyDecision.Action.NONE);
        assertThat(failed.state()).isEqualTo(WorkState.FAILED);
        assertThat(failed.message()).startsWith("ResourceInterpreterCustomization web-retention, retention: failed: ")
                .endsWith("; the copy on member1 is left as it is");
    }

    @Test
    void aCopyWithAProblemIsWrittenAndReportedFailedWithIt() {
        Desired.Apply withProblem = apply.withProblem("ResourceInterpreterCustomization x is refused");

        CopyDecision.Step step = CopyDecision.decide(withProblem, null, ABORT, Retention.BUILT_IN, "member1", NOW);

        assertThat(step.action()).isEqualTo(CopyDecision.Action.CREATE);
        assertThat(step.state()).isEqualTo(WorkState.FAILED);
        assertThat(step.message()).isEqualTo("ResourceInterpreterCustomization x is refused");
    }

    private static Retention retention(String script) {
        String customization = """
                apiVersion: config.karmada.io/v1alpha1
                kind: ResourceInterpreterCustomization
                metadata: {name: web-retention}
                spec:
                  target: {apiVersion: apps/v1, kind: Deployment}
                  customizations:
                    retention:
                      luaScript: |
                %s
                """.formatted(script.indent(8));
        return new Retention(Interpreter.builtIn().withCustomizations(List.of(),
                LuaCustomization.load(customization.getBytes(StandardCharsets.UTF_8), "test")));
    }
}
