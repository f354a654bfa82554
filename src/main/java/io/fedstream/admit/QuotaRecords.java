package io.fedstream.admit;

import io.fedstream.avro.ClusterAmounts;
import io.fedstream.avro.FederatedResourceQuotaRecord;

import java.util.ArrayList;
import java.util.List;

/** Maps a {@link FederatedResourceQuota} to its Avro record and back. */
final class QuotaRecords {

    private QuotaRecords() {}

    static FederatedResourceQuotaRecord toRecord(FederatedResourceQuota quota) {
        List<ClusterAmounts> assignments = new ArrayList<>(quota.staticAssignments().size());
        for (FederatedResourceQuota.StaticAssignment a : quota.staticAssignments()) {
            assignments.add(AmountRecords.cluster(a.clusterName(), a.hard()));
        }
        return new FederatedResourceQuotaRecord(quota.namespace(), quota.name(), AmountRecords.amounts(quota.overall()), assignments);
    }

    static FederatedResourceQuota fromRecord(FederatedResourceQuotaRecord record) {
        List<FederatedResourceQuota.StaticAssignment> assignments = new ArrayList<>(record.getStaticAssignments().size());
        for (ClusterAmounts a : record.getStaticAssignments()) {
            assignments.add(new FederatedResourceQuota.StaticAssignment(a.getCluster(),
                    AmountRecords.resources("staticAssignments[" + a.getCluster() + "].amounts", a.getAmounts())));
        }
        return new FederatedResourceQuota(record.getNamespace(), record.getName(),
                AmountRecords.resources("overall", record.getOverall()), assignments);
    }
}
