package io.fedstream.workstatus;

import io.fedstream.avro.WorkStatusEvent;
import io.fedstream.config.Topic;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The copies of every workload on the member clusters, materialized from {@code fedstream.work-status}: one entry per
 * (workload, cluster), which the query API reads to show a binding with its status.
 */
public final class WorkStatusStage {

    /** The store: {@code workload key NUL cluster} to what is known of that copy. */
    public static final String STORE = "work-status-store";
    private static final String SEPARATOR = "\u0000";

    private final Topic<String, WorkStatusEvent> workStatus;

    public WorkStatusStage(Topic<String, WorkStatusEvent> workStatus) {
        this.workStatus = workStatus;
    }

    /** Adds the source, the merging processor and its store. */
    public void addTo(StreamsBuilder builder) {
        StoreBuilder<KeyValueStore<String, WorkStatusEvent>> store =
                Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(), workStatus.valueSerde());
        builder.addStateStore(store);
        builder.stream(workStatus.name(), workStatus.consumedAs("work-status-source"))
                .process(MergeCopies::new, Named.as("work-status-merge"), STORE);
    }

    /** The copies of one workload, in cluster order, from the store of the instance that holds its partition. */
    public static List<WorkStatusEvent> copiesOf(ReadOnlyKeyValueStore<String, WorkStatusEvent> store, String workloadKey) {
        List<WorkStatusEvent> copies = new ArrayList<>();
        try (KeyValueIterator<String, WorkStatusEvent> entries = store.prefixScan(workloadKey + SEPARATOR, Serdes.String().serializer())) {
            entries.forEachRemaining(entry -> copies.add(entry.value));
        }
        return copies;
    }

    static String entryKey(String workloadKey, String cluster) {
        return workloadKey + SEPARATOR + cluster;
    }

    /** Folds each report into its copy's entry; writes only what changed. */
    private static final class MergeCopies implements Processor<String, WorkStatusEvent, Void, Void> {

        private KeyValueStore<String, WorkStatusEvent> copies;

        @Override
        public void init(ProcessorContext<Void, Void> context) {
            copies = context.getStateStore(STORE);
        }

        @Override
        public void process(Record<String, WorkStatusEvent> record) {
            WorkStatusEvent report = record.value();
            if (report == null) {
                return;
            }
            String key = entryKey(report.getWorkloadKey(), report.getCluster());
            WorkStatusEvent known = copies.get(key);
            WorkStatusEvent merged = WorkCopies.merge(known, report);
            if (merged == null) {
                if (known != null) {
                    copies.delete(key);
                }
            } else if (!Objects.equals(merged, known)) {
                copies.put(key, merged);
            }
        }
    }
}
