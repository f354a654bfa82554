package io.fedstream.decide;

import io.fedstream.admit.QuotaUsage;
import io.fedstream.admit.ReadingNote;
import io.fedstream.avro.ClusterQuotaUsage;
import io.fedstream.avro.QuotaNote;
import io.fedstream.avro.QuotaProblem;
import io.fedstream.avro.QuotaStatus;
import io.fedstream.interpret.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Renders the ledger's view of a quota as the QuotaStatus record of {@code fedstream.quota-status}. */
final class QuotaStatuses {

    private QuotaStatuses() {}

    /**
     * The status of every quota of a namespace: those in force (with the notes on how they were read and the problems
     * of a refused later version), then those whose every version was refused.
     */
    static List<QuotaStatus> all(String namespace, List<QuotaUsage> inForce, Map<String, QuotaSource> taken, long now) {
        List<QuotaStatus> out = new ArrayList<>();
        Set<String> names = new TreeSet<>();
        for (QuotaUsage usage : inForce) {
            names.add(usage.name());
            QuotaSource source = taken.get(usage.name());
            out.add(of(usage, source == null ? List.of() : source.problems(), source == null ? List.of() : source.notes(), now));
        }
        taken.forEach((name, source) -> {
            if (!names.contains(name) && !source.problems().isEmpty()) {
                out.add(refusedOnly(namespace, name, source.problems(), now));
            }
        });
        return out;
    }

    static QuotaStatus of(QuotaUsage usage, List<FieldError> problems, List<ReadingNote> notes, long now) {
        return QuotaStatus.newBuilder()
                .setNamespace(usage.namespace())
                .setName(usage.name())
                .setHard(usage.hard().toQuantities())
                .setUsed(usage.used().toQuantities())
                .setOverage(usage.overage().toQuantities())
                .setClusters(usage.clusters().stream()
                        .map(c -> ClusterQuotaUsage.newBuilder()
                                .setCluster(c.cluster())
                                .setHard(c.hard().toQuantities())
                                .setUsed(c.used().toQuantities())
                                .setOverage(c.overage().toQuantities())
                                .build())
                        .toList())
                .setAdmittedCount(usage.admittedCount())
                .setRejectedCount(usage.rejectedCount())
                .setProblems(problems(problems))
                .setNotes(notes.stream().map(n -> QuotaNote.newBuilder().setField(n.field()).setText(n.text()).build()).toList())
                .setUpdatedAt(Instant.ofEpochMilli(now))
                .build();
    }

    /** A quota whose every version so far was refused: nothing is in force, and the status says why. */
    static QuotaStatus refusedOnly(String namespace, String name, List<FieldError> problems, long now) {
        return QuotaStatus.newBuilder()
                .setNamespace(namespace)
                .setName(name)
                .setHard(Map.of())
                .setUsed(Map.of())
                .setProblems(problems(problems))
                .setUpdatedAt(Instant.ofEpochMilli(now))
                .build();
    }

    private static List<QuotaProblem> problems(List<FieldError> problems) {
        return problems.stream()
                .map(p -> QuotaProblem.newBuilder().setField(p.field()).setValue(p.value()).setReason(p.reason()).build())
                .toList();
    }
}
