package io.fedstream.admit;

import io.fedstream.avro.AdmittedWorkloadRecord;
import io.fedstream.avro.AggregateRecord;
import io.fedstream.avro.ChargeRecord;
import io.fedstream.avro.ClusterAmounts;
import io.fedstream.avro.FederatedResourceQuotaRecord;
import io.fedstream.avro.NamespaceUsageRecord;
import io.fedstream.avro.PendingWorkloadRecord;
import io.fedstream.avro.ResourceAmount;
import io.fedstream.avro.ViolationRecord;
import io.fedstream.interpret.Resources;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.avro.specific.SpecificRecord;

/**
 * The ledger's state types as stored bytes: a format byte, then the raw Avro binary of the type's record in
 * schemas/internal ({@link Codec}). Amounts are exact integer units and
 * every map is a sorted array, so equal values encode to equal bytes.
 */
public final class LedgerCodecs {

    public static final Codec<FederatedResourceQuota> QUOTA = new Codec<>(
            FederatedResourceQuota.class, FederatedResourceQuotaRecord.class, LedgerCodecs::quotaRecord, LedgerCodecs::quota);
    public static final Codec<NamespaceUsage> USAGE = new Codec<>(
            NamespaceUsage.class, NamespaceUsageRecord.class, LedgerCodecs::usageRecord, LedgerCodecs::usage);
    public static final Codec<AdmittedWorkload> ADMITTED = new Codec<>(
            AdmittedWorkload.class, AdmittedWorkloadRecord.class, LedgerCodecs::admittedRecord, LedgerCodecs::admitted);
    public static final Codec<PendingWorkload> PENDING = new Codec<>(
            PendingWorkload.class, PendingWorkloadRecord.class, LedgerCodecs::pendingRecord, LedgerCodecs::pending);
    public static final Codec<Aggregate> AGGREGATE = new Codec<>(
            Aggregate.class, AggregateRecord.class, LedgerCodecs::aggregateRecord, LedgerCodecs::aggregate);

    /**
     * The format byte of every value written by these codecs: Avro binary of the ledger records; bumped when one of their
     * schemas changes, so that old bytes are never misread.
     */
    public static final byte FORMAT = 2;
    /** The format byte of the hand-written varint encoding that fedstream wrote before its ledger was Avro (commit 29f6ed9). */
    public static final byte VARINT_FORMAT = 1;

    private LedgerCodecs() {}

    /** Another admit-stage type stored the same way: the format byte, then the raw Avro binary of {@code record}. */
    public static <T, R extends SpecificRecord> Codec<T> of(Class<T> type, Class<R> record, Function<T, R> toRecord, Function<R, T> fromRecord) {
        return new Codec<>(type, record, toRecord, fromRecord);
    }

    private static List<ResourceAmount> amounts(Resources resources) {
        List<ResourceAmount> out = new ArrayList<>(4);
        resources.forEach((resource, units) -> out.add(new ResourceAmount(resource, units)));
        return out;
    }

    /**
     * The amounts of a record; {@code field} names them in an error. Refuses an unsorted or repeated resource rather
     * than sorting or summing it: the writer never makes one, and equal values must have one encoding.
     */
    private static Resources resources(String field, List<ResourceAmount> amounts) {
        Resources.Builder out = new Resources.Builder(amounts.size());
        String previous = null;
        for (ResourceAmount amount : amounts) {
            String resource = amount.getResource();
            if (previous != null && previous.compareTo(resource) >= 0) {
                throw new IllegalArgumentException(field + ": resource '" + resource + "' after '" + previous
                        + "' (amounts must be sorted by resource, each resource once)");
            }
            out.add(resource, amount.getUnits());
            previous = resource;
        }
        return out.build();
    }

    private static ClusterAmounts cluster(String cluster, Resources amounts) {
        return new ClusterAmounts(cluster, amounts(amounts));
    }

    private static List<ClusterAmounts> clusters(SortedMap<String, Resources> clusters) {
        List<ClusterAmounts> out = new ArrayList<>(clusters.size());
        clusters.forEach((cluster, amounts) -> out.add(cluster(cluster, amounts)));
        return out;
    }

    /** Per-cluster amounts of a record, which must be sorted by cluster, each cluster once; {@code field} names them in an error. */
    private static SortedMap<String, Resources> clusters(String field, List<ClusterAmounts> clusters) {
        if (clusters.isEmpty()) {
            return Collections.emptySortedMap();
        }
        TreeMap<String, Resources> out = new TreeMap<>();
        String previous = null;
        for (ClusterAmounts c : clusters) {
            String cluster = c.getCluster();
            if (previous != null && previous.compareTo(cluster) >= 0) {
                throw new IllegalArgumentException(field + ": cluster '" + cluster + "' after '" + previous
                        + "' (clusters must be sorted, each cluster once)");
            }
            out.put(cluster, resources(field + "[" + cluster + "].amounts", c.getAmounts()));
            previous = cluster;
        }
        return out;
    }

    private static ChargeRecord charge(Charge charge) {
        return new ChargeRecord(amounts(charge.overall()), clusters(charge.clusters()));
    }

    private static Charge charge(ChargeRecord record) {
        return new Charge(resources("charge.overall", record.getOverall()), clusters("charge.clusters", record.getClusters()));
    }

    private static FederatedResourceQuotaRecord quotaRecord(FederatedResourceQuota quota) {
        List<ClusterAmounts> assignments = new ArrayList<>(quota.staticAssignments().size());
        for (FederatedResourceQuota.StaticAssignment a : quota.staticAssignments()) {
            assignments.add(cluster(a.clusterName(), a.hard()));
        }
        return new FederatedResourceQuotaRecord(quota.namespace(), quota.name(), amounts(quota.overall()), assignments);
    }

    private static FederatedResourceQuota quota(FederatedResourceQuotaRecord record) {
        List<FederatedResourceQuota.StaticAssignment> assignments = new ArrayList<>(record.getStaticAssignments().size());
        for (ClusterAmounts a : record.getStaticAssignments()) {
            assignments.add(new FederatedResourceQuota.StaticAssignment(a.getCluster(),
                    resources("staticAssignments[" + a.getCluster() + "].amounts", a.getAmounts())));
        }
        return new FederatedResourceQuota(record.getNamespace(), record.getName(),
                resources("overall", record.getOverall()), assignments);
    }

    private static NamespaceUsageRecord usageRecord(NamespaceUsage usage) {
        return new NamespaceUsageRecord(usage.namespace(), amounts(usage.overall()),
                clusters(usage.clusters()), usage.admitted(), usage.nextSequence());
    }

    private static NamespaceUsage usage(NamespaceUsageRecord record) {
        return new NamespaceUsage(record.getNamespace(), resources("overall", record.getOverall()),
                clusters("clusters", record.getClusters()), record.getAdmitted(), record.getNextSequence());
    }

    private static AdmittedWorkloadRecord admittedRecord(AdmittedWorkload workload) {
        return new AdmittedWorkloadRecord(workload.namespace(), workload.workloadKey(), workload.generation(), workload.priority(),
                charge(workload.charge()));
    }

    private static AdmittedWorkload admitted(AdmittedWorkloadRecord record) {
        return new AdmittedWorkload(record.getNamespace(), record.getWorkloadKey(), record.getGeneration(), record.getPriority(),
                charge(record.getCharge()));
    }

    private static PendingWorkloadRecord pendingRecord(PendingWorkload workload) {
        List<ViolationRecord> violations = new ArrayList<>(workload.violations().size());
        for (Violation v : workload.violations()) {
            violations.add(new ViolationRecord(v.quota(), v.cluster(), v.resource(), v.hard(), v.used(), v.requested()));
        }
        return new PendingWorkloadRecord(workload.namespace(), workload.workloadKey(), workload.generation(), workload.priority(),
                workload.sequence(), charge(workload.charge()), violations);
    }

    private static PendingWorkload pending(PendingWorkloadRecord record) {
        List<Violation> violations = new ArrayList<>(record.getViolations().size());
        for (ViolationRecord v : record.getViolations()) {
            violations.add(new Violation(v.getQuota(), v.getCluster(), v.getResource(), v.getHard(), v.getUsed(), v.getRequested()));
        }
        return new PendingWorkload(record.getNamespace(), record.getWorkloadKey(), record.getGeneration(), record.getPriority(),
                record.getSequence(), charge(record.getCharge()), violations);
    }

    private static AggregateRecord aggregateRecord(Aggregate aggregate) {
        return new AggregateRecord(aggregate.workloads(), aggregate.replicas(), amounts(aggregate.resources()));
    }

    private static Aggregate aggregate(AggregateRecord record) {
        return new Aggregate(record.getWorkloads(), record.getReplicas(), resources("resources", record.getResources()));
    }
}
