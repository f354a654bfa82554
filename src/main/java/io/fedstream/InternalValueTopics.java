package io.fedstream;

import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationEvent;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.avro.StoredLeaseBook;
import io.fedstream.avro.UsageHistoryRecord;
import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.avro.WorkloadEvent;
import io.fedstream.avro.WorkloadRecommendation;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.avro.WorkloadStatusEvent;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.config.Topic;
import io.fedstream.decide.NamespaceStage;
import io.fedstream.decide.PassState;
import io.fedstream.decide.PlaceFailoverStores;
import io.fedstream.decide.Workloads;
import io.fedstream.health.stage.WatchClustersStage;
import io.fedstream.lease.stage.AllocatorStage;
import io.fedstream.recommend.stage.RightsizeStores;
import io.fedstream.serde.AvroSerdes;
import io.fedstream.workstatus.WorkStatusStage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The topics of fedstream's own whose values its Kafka Streams clients write in the registry's wire format: store
 * changelogs, the sections of the pass's store within its changelog (each under a name of its own, {@link PassState}),
 * repartition topics. A first write to each registers its schema, on the stream thread that writes it; the start
 * registers them beforehand, beside the topics fedstream writes, so that no stream thread waits for the registry on the
 * way to the first placement (three registrations of 42-55 ms each there, docs/benchmarks.md, 2026-12-07 09:31), and
 * a registry that refuses one stops the start. {@code InternalValueTopicsTest} checks the list against the topologies.
 */
public final class InternalValueTopics {

    private InternalValueTopics() {}

    /** Each topic with a serde of its value type from {@code serdes}, in the order of the way to the first placement. */
    public static List<Topic<String, ?>> of(FedstreamConfig config, AvroSerdes serdes) {
        List<Topic<String, ?>> topics = new ArrayList<>();
        names(config).forEach((name, type) -> topics.add(topic(name, type, serdes)));
        return topics;
    }

    /** Each topic's name to its value type. */
    static Map<String, Class<? extends SpecificRecord>> names(FedstreamConfig config) {
        String health = config.healthApplicationId();
        String workload = config.applicationId();
        Map<String, Class<? extends SpecificRecord>> names = new LinkedHashMap<>();
        names.put(repartition(health, WatchClustersStage.HEARTBEATS_TOPIC), ClusterHealthEvent.class);
        names.put(changelog(health, WatchClustersStage.STORE), ClusterWatch.class);
        names.put(repartition(workload, NamespaceStage.POLICIES_TOPIC), PolicyEvent.class);
        names.putAll(PassState.registrySections(workload));
        names.put(changelog(workload, AllocatorStage.STORE), StoredLeaseBook.class);
        names.put(changelog(workload, Workloads.STORE), WorkloadRecord.class);
        names.put(changelog(workload, PlaceFailoverStores.STATUS), WorkloadStatusEvent.class);
        names.put(changelog(workload, WorkStatusStage.STORE), WorkStatusEvent.class);
        names.put(changelog(workload, RightsizeStores.HISTORIES), UsageHistoryRecord.class);
        names.put(changelog(workload, RightsizeStores.RECOMMENDATIONS), WorkloadRecommendation.class);
        names.put(repartition(workload, NamespaceStage.MISROUTED_WORKLOADS), WorkloadEvent.class);
        names.put(repartition(workload, NamespaceStage.MISROUTED_STATUSES), WorkloadStatusEvent.class);
        names.put(repartition(workload, NamespaceStage.MISROUTED_MIGRATION_EVENTS), MigrationEvent.class);
        return names;
    }

    private static String changelog(String applicationId, String store) {
        return applicationId + "-" + store + "-changelog";
    }

    private static String repartition(String applicationId, String name) {
        return applicationId + "-" + name + "-repartition";
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Topic<String, ?> topic(String name, Class<? extends SpecificRecord> type, AvroSerdes serdes) {
        return new Topic(name, Serdes.String(), serdes.specific(type, false), type);
    }
}
