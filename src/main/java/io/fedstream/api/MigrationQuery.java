package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import io.fedstream.decide.PlaceFailoverStores;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Migration commands and their life-cycle, from the fail-over stage's {@link PlaceFailoverStores#MIGRATIONS} (command id to
 * MigrationRecord), which is partitioned by workload key, not by its own key: a list asks every instance for its
 * partitions, one migration the instance active for its workload.
 */
final class MigrationQuery {

    private final FanOut fanOut;

    MigrationQuery(FanOut fanOut) {
        this.fanOut = fanOut;
    }

    /** Every migration, or only those of workloads in {@code namespace} when it is present. */
    List<MigrationRecord> list(Optional<String> namespace) {
        return fanOut.everywhere(PlaceFailoverStores.MIGRATIONS, partitions -> list(namespace, partitions),
                "/internal/migrations" + namespace.map(ns -> "?namespace=" + PeerClient.segment(ns)).orElse(""),
                MigrationObject::itemsFromJson);
    }

    /** One migration, asked of the instance active for its workload; empty when the id names no workload. */
    Optional<MigrationRecord> byId(String commandId) {
        return MigrationKeys.workloadKey(commandId).flatMap(workloadKey -> fanOut.findAtKey(PlaceFailoverStores.MIGRATIONS, workloadKey,
                partition -> byId(commandId, partition), "/internal/migrations/" + PeerClient.segments(commandId),
                MigrationObject::fromJson));
    }

    /** This instance's migrations of the given partitions, or only those of workloads in {@code namespace}. */
    List<MigrationRecord> list(Optional<String> namespace, Set<Integer> partitions) {
        return fanOut.<MigrationRecord>values(PlaceFailoverStores.MIGRATIONS, partitions).stream()
                .filter(migration -> namespace.isEmpty() || namespace.get().equals(MigrationKeys.namespace(migration)))
                .toList();
    }

    /** This instance's migration of a command id, from the given partition. */
    Optional<MigrationRecord> byId(String commandId, int partition) {
        return fanOut.read(PlaceFailoverStores.MIGRATIONS, partition,
                () -> Optional.ofNullable(fanOut.<MigrationRecord>store(PlaceFailoverStores.MIGRATIONS, partition).get(commandId)));
    }
}
