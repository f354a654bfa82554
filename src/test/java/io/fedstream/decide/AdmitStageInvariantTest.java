package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.QuotaStatus;
import io.fedstream.avro.ResourceBinding;
import io.fedstream.interpret.Resources;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random workload and quota traffic through the whole topology: after every event, each quota's used equals the sum of
 * the charges its namespace's bindings show, and an admission never took a quota above hard.
 */
class AdmitStageInvariantTest {

    private static final String[] NAMESPACES = {"n0", "n1", "n2"};

    @TempDir Path stateDir;

    @Test
    void usedIsAlwaysTheSumOfTheChargesAndNeverAboveHardWhileQuotasOnlyGrow() {
        Random random = new Random(20261129);
        Map<String, Integer> cpuHard = new TreeMap<>();
        try (AdmitDriver fleet = new AdmitDriver(stateDir)) {
            for (String namespace : NAMESPACES) {
                cpuHard.put(namespace, 6);
                fleet.quota(namespace, "q", "cpu=6", "pods=8");
            }
            fleet.tick();
            for (int step = 0; step < 1500; step++) {
                String namespace = NAMESPACES[random.nextInt(NAMESPACES.length)];
                String name = "w" + random.nextInt(8);
                int roll = random.nextInt(100);
                if (roll < 15) {
                    fleet.delete("apps/Deployment/" + namespace + "/" + name);
                } else if (roll < 18) {
                    int grown = cpuHard.merge(namespace, 1, Integer::sum);
                    fleet.quota(namespace, "q", "cpu=" + grown, "pods=8").tick();
                } else {
                    fleet.deployment(namespace, name, 1 + random.nextInt(4), (250 * (1 + random.nextInt(6))) + "m", "1Gi");
                }
                fleet.writeStatuses();
                for (String ns : NAMESPACES) {
                    assertChargesAddUp(fleet, ns, step);
                }
            }
            assertThat(fleet.statusHistory).allSatisfy(status -> assertWithinHard(status));
            assertThat(fleet.audit).extracting(a -> a.getDecision()).contains("ADMITTED", "REJECTED", "RELEASED");
            long admittedAfterWaiting = fleet.bindingHistory.stream().filter(b -> b.getAdmission().getState().name().equals("ADMITTED")
                    && b.getAdmission().getDecidedAt() != null).count();
            assertThat(admittedAfterWaiting).isPositive();
        }
    }

    private static void assertChargesAddUp(AdmitDriver fleet, String namespace, int step) {
        Resources charged = Resources.NONE;
        long admitted = 0;
        for (ResourceBinding binding : fleet.bindings.values()) {
            if (binding.getNamespace().equals(namespace) && !binding.getAdmission().getCharged().isEmpty()) {
                charged = charged.plus(Resources.fromQuantities(binding.getAdmission().getCharged()));
                admitted++;
            }
        }
        QuotaStatus status = fleet.status(namespace, "q");
        assertThat(Resources.fromQuantities(status.getUsed()).get("cpu")).as("step %d, %s: used cpu", step, namespace).isEqualTo(charged.get("cpu"));
        assertThat(Resources.fromQuantities(status.getUsed()).get("pods")).as("step %d, %s: used pods", step, namespace).isEqualTo(charged.get("pods"));
        assertThat(status.getAdmittedCount()).as("step %d, %s: admitted", step, namespace).isEqualTo(admitted);
    }

    private static void assertWithinHard(QuotaStatus status) {
        Resources hard = Resources.fromQuantities(status.getHard());
        Resources used = Resources.fromQuantities(status.getUsed());
        hard.amounts().forEach((key, limit) -> assertThat(used.get(key)).as("%s/%s %s", status.getNamespace(), status.getName(), key)
                .isLessThanOrEqualTo(limit));
    }
}
