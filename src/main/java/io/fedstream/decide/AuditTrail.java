package io.fedstream.decide;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.Decision;
import io.fedstream.admit.Violation;
import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.AdmissionRequestType;
import io.fedstream.avro.ClusterTarget;
import io.fedstream.avro.AuditEvent;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Resources;
import java.time.Instant;
import java.util.List;

/**
 * Writes the AuditEvents of one admission request: one per decision, numbered {@code <id prefix>-<n>} in the order
 * they were made, so that the ids of a request are stable across re-processing.
 */
final class AuditTrail {

    static final String STAGE = "admit";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final String idPrefix;
    private final AdmissionRequest request;
    private final long now;
    private int next;

    AuditTrail(String idPrefix, AdmissionRequest request, long now) {
        this.idPrefix = idPrefix;
        this.request = request;
        this.now = now;
    }

    /** A placement re-decides the version with its per-cluster charge: the reason says where it was placed. */
    private String placedOn(String workloadKey) {
        if (request.getType() != AdmissionRequestType.PLACEMENT || !workloadKey.equals(request.getWorkloadKey())
                || request.getPlacement() == null) {
            return "";
        }
        List<String> clusters = request.getPlacement().getClusters().stream().map(ClusterTarget::getName).toList();
        return " on " + String.join(", ", clusters) + " (placed by " + request.getPlacement().getDecidedBy() + ")";
    }

    AuditEvent decision(String namespace, String kind, Decision decision) {
        if (decision instanceof Decision.Admitted admitted) {
            return event("ADMITTED", namespace, kind, decision.workloadKey())
                    .setReason("admitted generation " + admitted.generation() + placedOn(decision.workloadKey()))
                    .setDetails(details(admitted.charged().overall(), null, admitted.generation()))
                    .build();
        }
        if (decision instanceof Decision.Rejected rejected) {
            Violation first = rejected.violations().get(0);
            return event("REJECTED", namespace, kind, decision.workloadKey())
                    .setQuota(first.quota())
                    .setCluster(first.cluster())
                    .setResource(first.resource())
                    .setHard(AdmissionStates.quantity(first.resource(), first.hard()))
                    .setUsed(AdmissionStates.quantity(first.resource(), first.used()))
                    .setRequested(AdmissionStates.quantity(first.resource(), first.requested()))
                    .setReason(first.message())
                    .setDetails(details(null, rejected.violations(), rejected.generation()))
                    .build();
        }
        if (decision instanceof Decision.Released released) {
            return event("RELEASED", namespace, kind, decision.workloadKey())
                    .setReason("workload deleted")
                    .setDetails(details(released.released().overall(), null, null))
                    .build();
        }
        Decision.Stale stale = (Decision.Stale) decision;
        return event("STALE", namespace, kind, decision.workloadKey())
                .setReason("generation " + stale.generation() + " is older than " + stale.current() + ", which the ledger holds")
                .build();
    }

    AuditEvent notChargeable(String namespace, String kind, String workloadKey, String reason) {
        return event("NOT_CHARGEABLE", namespace, kind, workloadKey).setReason(reason).build();
    }

    AuditEvent quota(QuotaSync.Change change) {
        String decision = change instanceof QuotaSync.Change.Applied ? "QUOTA_APPLIED"
                : change instanceof QuotaSync.Change.Refused ? "QUOTA_REFUSED"
                : "QUOTA_DELETED";
        AuditEvent.Builder event = event(decision, change.namespace(), QuotaSync.KIND, null)
                .setQuota(change.namespace() + "/" + change.name());
        if (change instanceof QuotaSync.Change.Refused refused) {
            event.setReason(String.join("; ", refused.problems().stream().map(FieldError::message).toList()));
        } else if (change instanceof QuotaSync.Change.Applied applied) {
            event.setDetails(details(applied.quota().overall(), null, null));
        }
        return event.build();
    }

    private AuditEvent.Builder event(String decision, String namespace, String kind, String workloadKey) {
        return AuditEvent.newBuilder()
                .setDecisionId(idPrefix + "-" + next++)
                .setDecidedAt(Instant.ofEpochMilli(now))
                .setStage(STAGE)
                .setDecision(decision)
                .setWorkloadKey(workloadKey)
                .setNamespace(namespace)
                .setKind(kind)
                .setSourceTopic(request.getSourceTopic())
                .setSourcePartition(request.getSourcePartition())
                .setSourceOffset(request.getSourceOffset());
    }

    private static String details(Resources amounts, List<Violation> violations, Long generation) {
        ObjectNode node = JSON.createObjectNode();
        if (generation != null) {
            node.put("generation", generation);
        }
        if (amounts != null) {
            ObjectNode map = node.putObject("amounts");
            amounts.toQuantities().forEach(map::put);
        }
        if (violations != null) {
            ArrayNode list = node.putArray("violations");
            for (Violation v : violations) {
                ObjectNode item = list.addObject().put("quota", v.quota());
                if (v.cluster() != null) {
                    item.put("cluster", v.cluster());
                }
                item.put("resource", v.resource())
                        .put("hard", AdmissionStates.quantity(v.resource(), v.hard()))
                        .put("used", AdmissionStates.quantity(v.resource(), v.used()))
                        .put("requested", AdmissionStates.quantity(v.resource(), v.requested()));
            }
        }
        return node.toString();
    }
}
