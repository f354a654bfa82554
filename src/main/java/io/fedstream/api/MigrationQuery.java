package io.fedstream.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.decide.PlaceFailoverStores;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Migration commands and their life-cycle, from the fail-over stage's {@link PlaceFailoverStores#MIGRATIONS} (command id to
 * MigrationRecord), which is partitioned by workload key, not by namespace: a list reads every partition in command-id
 * order, keeping the namespace's; one migration is asked of the instance active for its workload.
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
        return fanOut.page(PlaceFailoverStores.MIGRATIONS, from, page, (partition, after, slice) -> localPage(partition, scope, after, slice),
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
        return fanOut.read(PlaceFailoverStores.MIGRATIONS, partition, () -> {
            ReadOnlyKeyValueStore<String, MigrationRecord> migrations = fanOut.store(PlaceFailoverStores.MIGRATIONS, partition);
            try (KeyValueIterator<String, MigrationRecord> entries = after == null ? migrations.all() : migrations.range(after, null)) {
                while (entries.hasNext()) {
                    if (page.full()) {
                        return false;
                    }
                    KeyValue<String, MigrationRecord> entry = entries.next();
                    if (entry.key.equals(after)) {
                        continue;
                    }
                    if (scope.namespace().isEmpty() || scope.namespace().get().equals(MigrationKeys.namespace(entry.value))) {
                        page.offer(entry.key, MigrationObject.toJson(entry.value));
                    } else {
                        page.passed(entry.key);
                    }
                }
                return true;
            }
        });
    }

    /** One migration by command id, asked of the instance active for its workload; empty when the id names no workload. */
    Optional<MigrationRecord> byId(String commandId) {
        return MigrationKeys.workloadKey(commandId).flatMap(workloadKey -> fanOut.findAtKey(PlaceFailoverStores.MIGRATIONS, workloadKey,
                partition -> byId(commandId, partition), "/internal/migrations/" + PeerClient.segments(commandId),
                MigrationObject::fromJson));
    }

    /** This instance's migration of a command id, from the given partition. */
    Optional<MigrationRecord> byId(String commandId, int partition) {
        return fanOut.read(PlaceFailoverStores.MIGRATIONS, partition,
                () -> Optional.ofNullable(fanOut.<MigrationRecord>store(PlaceFailoverStores.MIGRATIONS, partition).get(commandId)));
    }
}
