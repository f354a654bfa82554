package io.fedstream.admit;

import io.fedstream.interpret.Resources;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Thousands of random sequences of admissions, updates (some stale), placements, deletions and quota
 * changes across several namespaces. After every operation: used equals the sum of the
 * admitted charges (overall and per cluster), no key went above hard through an admission,
 * every queued workload really does not fit, and a ledger kept only as encoded bytes decided
 * exactly the same (admitting each placement again, where the others place it: the same
 * decisions and the same books), as did one that keeps its namespaces decoded over encoded bytes,
 * whose reads always equal the bytes below it.
 */
class LedgerInvariantTest {

    private static final int SEQUENCES = 1_000;
    private static final int OPERATIONS = 60;
    private static final List<String> NAMESPACES = List.of("ns-a", "ns-b", "ns-c");
    private static final List<String> CLUSTERS = List.of("member1", "member2", "member3");
    private static final List<String> QUOTAS = List.of("compute", "gpus");
    private static final int WORKLOADS = 8;

    @Test
    void usedIsAlwaysTheSumOfAdmittedChargesAndNeverExceedsHardThroughAnAdmission() {
        long admissions = 0;
        long rejections = 0;
        for (int seed = 0; seed < SEQUENCES; seed++) {
            long[] counts = run(seed);
            admissions += counts[0];
            rejections += counts[1];
        }
        // The generator must exercise both outcomes a lot, or the invariants prove little.
        assertThat(admissions).isGreaterThan(SEQUENCES * 10L);
        assertThat(rejections).isGreaterThan(SEQUENCES * 5L);
    }

    private long[] run(int seed) {
        SplittableRandom random = new SplittableRandom(seed);
        InMemoryLedgerState state = new InMemoryLedgerState();
        Ledger ledger = new Ledger(state);
        LedgerState encodedState = SortedMapByteTable.ledgerState();
        Ledger encoded = new Ledger(encodedState);
        LedgerState cachedBytes = SortedMapByteTable.ledgerState();
        DecodedNamespaces cachedState = new DecodedNamespaces(cachedBytes);
        Ledger cached = new Ledger(cachedState);
        Map<String, Long> generations = new HashMap<>();
        long admitted = 0;
        long rejected = 0;
        for (int op = 0; op < OPERATIONS; op++) {
            String ns = NAMESPACES.get(random.nextInt(NAMESPACES.size()));
            Map<String, NamespaceUsage> before = new HashMap<>();
            NAMESPACES.forEach(n -> before.put(n, state.usage(n)));
            int kind = random.nextInt(100);
            List<Decision> decisions;
            List<Decision> again;
            List<Decision> fromCache;
            Supplier<String> what;
            if (kind < 48) {
                String key = "apps/Deployment/" + ns + "/w" + random.nextInt(WORKLOADS);
                long generation = generations.merge(key, 1L, Long::sum) - (random.nextInt(10) == 0 ? 2 : 0);
                Charge charge = Charge.of(demand(random));
                int priority = new int[] {-1, 0, 0, 0, 5, 100}[random.nextInt(6)];
                decisions = ledger.admit(ns, key, generation, charge, priority);
                again = encoded.admit(ns, key, generation, charge, priority);
                fromCache = cached.admit(ns, key, generation, charge, priority);
                what = () -> "admit " + key + " gen " + generation + " " + charge;
            } else if (kind < 60) {
                // A placement of the workload's latest version: the ledger kept as bytes admits it again, as the
                // admit step once did; the others place it, and every decision and the books must be the same.
                String key = "apps/Deployment/" + ns + "/w" + random.nextInt(WORKLOADS);
                long generation = generations.getOrDefault(key, 1L);
                Optional<AdmittedWorkload> held = state.admitted(key);
                Charge charge = held.isPresent() && random.nextInt(4) == 0 ? held.get().charge() : Charge.of(demand(random));
                int priority = held.isPresent() && random.nextBoolean() ? held.get().priority() : new int[] {0, 0, 5}[random.nextInt(3)];
                decisions = ledger.place(ns, key, generation, charge, priority);
                again = encoded.admit(ns, key, generation, charge, priority);
                fromCache = cached.place(ns, key, generation, charge, priority);
                what = () -> "place " + key + " gen " + generation + " " + charge;
            } else if (kind < 76) {
                String key = "apps/Deployment/" + ns + "/w" + random.nextInt(WORKLOADS);
                decisions = ledger.release(ns, key);
                again = encoded.release(ns, key);
                fromCache = cached.release(ns, key);
                what = () -> "release " + key;
            } else if (kind < 93) {
                FederatedResourceQuota quota = quota(random, ns);
                decisions = ledger.upsertQuota(quota);
                again = encoded.upsertQuota(quota);
                fromCache = cached.upsertQuota(quota);
                what = () -> "upsert " + quota;
            } else {
                String name = QUOTAS.get(random.nextInt(QUOTAS.size()));
                decisions = ledger.deleteQuota(ns, name);
                again = encoded.deleteQuota(ns, name);
                fromCache = cached.deleteQuota(ns, name);
                what = () -> "delete quota " + ns + "/" + name;
            }
            int at = op;
            int sequence = seed;
            Supplier<String> context = () -> "seed " + sequence + ", operation " + at + ": " + what.get();
            assertThat(again).as(context).isEqualTo(decisions);
            assertThat(fromCache).as(context).isEqualTo(decisions);
            // The admitted entries reach the state below when a processing ends, once however often they changed; the
            // usage when the task writes it, after one processing or several.
            cachedState.endProcessing();
            boolean usageWritten = random.nextInt(3) == 0;
            if (usageWritten) {
                cachedState.writeUsage();
            }
            for (String n : NAMESPACES) {
                assertThat(cachedState.usage(n)).as(context).isEqualTo(state.usage(n));
                if (usageWritten) {
                    assertThat(cachedBytes.usage(n)).as(context).isEqualTo(state.usage(n));
                }
                assertThat(cachedState.quotas(n)).as(context).isEqualTo(cachedBytes.quotas(n));
                assertThat(cachedState.queue(n)).as(context).isEqualTo(cachedBytes.queue(n));
                assertThat(encodedState.usage(n)).as(context).isEqualTo(state.usage(n));
                assertThat(encodedState.queue(n)).as(context).isEqualTo(state.queue(n));
                for (int w = 0; w < WORKLOADS; w++) {
                    String key = "apps/Deployment/" + n + "/w" + w;
                    assertThat(cachedState.admitted(key)).as(context).isEqualTo(cachedBytes.admitted(key));
                    assertThat(encodedState.admitted(key)).as(context).isEqualTo(state.admitted(key));
                }
            }
            for (Decision d : decisions) {
                if (d instanceof Decision.Admitted) {
                    admitted++;
                } else if (d instanceof Decision.Rejected) {
                    rejected++;
                }
            }
            for (String n : NAMESPACES) {
                checkInvariants(state, n, before.get(n), context);
            }
        }
        return new long[] {admitted, rejected};
    }

    private static void checkInvariants(InMemoryLedgerState state, String ns, NamespaceUsage before, Supplier<String> context) {
        NamespaceUsage usage = state.usage(ns);
        List<AdmittedWorkload> admitted = state.admittedIn(ns);
        Charge sum = Charge.NONE;
        for (AdmittedWorkload a : admitted) {
            TreeMap<String, Resources> clusters = new TreeMap<>(sum.clusters());
            a.charge().clusters().forEach((c, r) -> clusters.merge(c, r, Resources::plus));
            sum = new Charge(sum.overall().plus(a.charge().overall()), clusters);
        }
        assertThat(usage.overall()).as(() -> context.get() + " / " + ns + " used overall").isEqualTo(sum.overall());
        assertThat(usage.clusters()).as(() -> context.get() + " / " + ns + " used per cluster").isEqualTo(sum.clusters());
        assertThat(usage.admitted()).as(() -> context.get() + " / " + ns + " admitted count").isEqualTo(admitted.size());
        // What a task that starts again rebuilds from the admitted entries and the queue: the same usage, and a next
        // sequence that keeps the queue's order.
        UsageTally tally = new UsageTally();
        admitted.forEach(tally::admitted);
        state.queue(ns).forEach(tally::queued);
        NamespaceUsage rebuilt = tally.namespaces().stream().findFirst().orElse(NamespaceUsage.empty(ns));
        assertThat(tally.namespaces()).as(context.get() + " / rebuilt namespaces").hasSizeLessThanOrEqualTo(1);
        assertThat(rebuilt.overall()).as(() -> context.get() + " / " + ns + " rebuilt overall").isEqualTo(usage.overall());
        assertThat(rebuilt.clusters()).as(() -> context.get() + " / " + ns + " rebuilt per cluster").isEqualTo(usage.clusters());
        assertThat(rebuilt.admitted()).as(() -> context.get() + " / " + ns + " rebuilt admitted count").isEqualTo(usage.admitted());
        assertThat(rebuilt.nextSequence()).as(() -> context.get() + " / " + ns + " rebuilt next sequence").isLessThanOrEqualTo(usage.nextSequence());
        state.queue(ns).forEach(p -> assertThat(p.sequence()).as(() -> context.get() + " / queued " + p.workloadKey() + " before the next")
                .isLessThan(rebuilt.nextSequence()));

        for (FederatedResourceQuota q : state.quotas(ns)) {
            notRaisedAboveHard(q.overall(), before.overall(), usage.overall(), () -> context.get() + " / " + q.key());
            for (FederatedResourceQuota.StaticAssignment a : q.staticAssignments()) {
                notRaisedAboveHard(a.hard(), before.cluster(a.clusterName()), usage.cluster(a.clusterName()),
                        () -> context.get() + " / " + q.key() + " on " + a.clusterName());
            }
        }
        for (PendingWorkload p : state.queue(ns)) {
            Charge old = state.admitted(p.workloadKey()).map(AdmittedWorkload::charge).orElse(Charge.NONE);
            List<Violation> now = QuotaCheck.violations(state.quotas(ns), usage, old, p.charge());
            assertThat(now).as(() -> context.get() + " / queued " + p.workloadKey() + " must not fit").isNotEmpty();
            assertThat(p.violations()).as(() -> context.get() + " / queued " + p.workloadKey() + " reasons").isNotEmpty();
        }
    }

    /** A key above hard now was not raised by this operation: only lowering changes may leave it there. */
    private static void notRaisedAboveHard(Resources hard, Resources before, Resources after, Supplier<String> context) {
        hard.amounts().forEach((key, limit) -> {
            if (after.get(key) > limit) {
                assertThat(after.get(key)).as(() -> context.get() + " " + key + " above hard " + limit + " and raised").isLessThanOrEqualTo(before.get(key));
            }
        });
    }

    private static Demand demand(SplittableRandom random) {
        TreeMap<String, Long> requests = new TreeMap<>();
        requests.put("cpu", 250L * random.nextInt(17));
        requests.put("memory", (256L << 20) * random.nextInt(17));
        if (random.nextInt(4) == 0) {
            requests.put("nvidia.com/gpu", 1000L * random.nextInt(3));
        }
        Resources limits = random.nextBoolean() ? Resources.NONE : Resources.of(Map.of("cpu", 500L * random.nextInt(9)));
        return new Demand(Resources.of(requests), limits, random.nextInt(6), placement(random));
    }

    private static Placement placement(SplittableRandom random) {
        int shape = random.nextInt(4);
        if (shape == 0) {
            return null;
        }
        List<Placement.Target> targets = new ArrayList<>();
        for (String cluster : CLUSTERS) {
            if (random.nextBoolean()) {
                targets.add(new Placement.Target(cluster, shape == 1 ? null : (long) random.nextInt(4), null));
            }
        }
        return new Placement(shape == 1 ? Placement.Scheduling.DUPLICATED : Placement.Scheduling.DIVIDED, targets);
    }

    private static FederatedResourceQuota quota(SplittableRandom random, String ns) {
        String name = QUOTAS.get(random.nextInt(QUOTAS.size()));
        TreeMap<String, Long> overall = new TreeMap<>();
        if (name.equals("gpus")) {
            overall.put("nvidia.com/gpu", 1000L * random.nextInt(5));
        } else {
            overall.put("cpu", 1000L * random.nextInt(16));
            if (random.nextBoolean()) {
                overall.put("memory", (1L << 30) * random.nextInt(8));
            }
            if (random.nextBoolean()) {
                overall.put("pods", 1000L * random.nextInt(12));
            }
            if (random.nextInt(3) == 0) {
                overall.put("limits.cpu", 1000L * random.nextInt(10));
            }
        }
        List<FederatedResourceQuota.StaticAssignment> assignments = new ArrayList<>();
        for (String cluster : CLUSTERS) {
            if (random.nextInt(3) == 0) {
                TreeMap<String, Long> hard = new TreeMap<>();
                overall.forEach((key, amount) -> hard.put(key, amount / (1 + random.nextInt(3))));
                assignments.add(new FederatedResourceQuota.StaticAssignment(cluster, Resources.of(hard)));
            }
        }
        return new FederatedResourceQuota(ns, name, Resources.of(overall), assignments);
    }
}
