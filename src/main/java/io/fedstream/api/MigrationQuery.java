package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.WorkloadRecord;
import io.fedstream.config.WorkloadKey;
import io.fedstream.decide.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Migration commands and their life-cycle, from the workloads' records in the namespace pass's {@link Workloads#STORE}
 * ({@code WorkloadRecord.migrations}, by command id), partitioned by namespace: a list reads every partition (a
 * namespace's: its range of it) in workload order, each workload's commands in command-id order, and resumes after a
 * command id, whose workload key says the record to go on from; one migration is asked of the instance active for its
 * workload's namespace.
 */
final class MigrationQuery implements PartitionedReader {

    private static final String PAGE_ROUTE = "/internal/pages/migrations";

    private final FanOut fanOut;

    MigrationQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    @Override
    public Optional<Continue> list(Scope scope, Optional<Continue> from, ListPage page) {
        String peerPath = PAGE_ROUTE + scope.namespace().map(ns -> "?namespace=" + PeerClient.segment(ns)).orElse("");
        return fanOut.page(Workloads.STORE, from, page, (partition, after, slice) -> localPage(partition, scope, after, slice),
                peerPath);
    }

    /** A migration by its Kubernetes name in a namespace: the namespace's migrations are read to find it. */
    @Override
    public Optional<ObjectNode> get(Scope scope) {
        String name = scope.name().orElseThrow();
        List<ObjectNode> found = new ArrayList<>();
        Optional<Continue> from = Optional.empty();
        do {
            from = list(new Scope(scope.namespace(), Optional.empty()), from, new ListPage((key, object) -> {
                if (name.equals(object.at("/metadata/name").asText())) {
                    found.add(object);
                }
            }, object -> true, Integer.MAX_VALUE, RequestDeadline.never()));
        } while (from.isPresent());
        if (found.size() > 1) {
            throw new AmbiguousNameException("migration " + scope.namespace().orElse("") + "/" + name, name,
                    found.stream().map(object -> object.at("/spec/workloadKey").asText()).toList());
        }
        return found.stream().findFirst();
    }

    @Override
    public boolean localPage(int partition, Scope scope, String after, ListPage page) {
        return fanOut.read(Workloads.STORE, partition, () -> {
            ReadOnlyKeyValueStore<String, WorkloadRecord> workloads = fanOut.store(Workloads.STORE, partition);
            String resumed = after == null ? null : MigrationKeys.workloadKey(after).map(Workloads::storeKey).orElse(after);
            try (KeyValueIterator<String, WorkloadRecord> entries = entries(workloads, scope.namespace(), resumed)) {
                while (entries.hasNext()) {
                    KeyValue<String, WorkloadRecord> entry = entries.next();
                    for (MigrationRecord migration : new TreeMap<>(entry.value.getMigrations()).values()) {
                        String commandId = migration.getCommand().getCommandId();
                        if (entry.key.equals(resumed) && commandId.compareTo(after) <= 0) {
                            continue;
                        }
                        if (page.full()) {
                            return false;
                        }
                        if (scope.namespace().isEmpty() || scope.namespace().get().equals(MigrationKeys.namespace(migration))) {
                            page.offer(commandId, MigrationObject.toJson(migration));
                        } else {
                            page.passed(commandId);
                        }
                    }
                }
                return true;
            }
        });
    }

    /** The workloads of the namespace (or of every one) in store-key order, from the store key {@code from} on (null: the first). */
    private static KeyValueIterator<String, WorkloadRecord> entries(ReadOnlyKeyValueStore<String, WorkloadRecord> workloads,
            Optional<String> namespace, String from) {
        if (from == null) {
            return namespace.map(ns -> Workloads.inNamespace(workloads, ns)).orElseGet(workloads::all);
        }
        return workloads.range(from, namespace.map(ns -> ns + "/" + Character.MAX_VALUE).orElse(null));
    }

    /** One migration by command id, asked of the instance active for its workload's namespace; empty when the id names no workload. */
    Optional<MigrationRecord> byId(String commandId) {
        return MigrationKeys.workloadKey(commandId).flatMap(workloadKey -> fanOut.findAtKey(Workloads.STORE,
                WorkloadKey.parse(workloadKey).map(WorkloadKey::namespace).orElseThrow(), partition -> byId(commandId, partition),
                "/internal/migrations/" + PeerClient.segments(commandId), MigrationObject::fromJson));
    }

    /** This instance's migration of a command id, from the given partition. */
    Optional<MigrationRecord> byId(String commandId, int partition) {
        return fanOut.read(Workloads.STORE, partition, () -> MigrationKeys.workloadKey(commandId)
                .map(workloadKey -> fanOut.<WorkloadRecord>store(Workloads.STORE, partition).get(Workloads.storeKey(workloadKey)))
                .map(record -> record.getMigrations().get(commandId)));
    }
}
