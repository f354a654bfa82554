package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds migrations in this instance's own {@code migrations-store} only, in exactly the partitions asked for;
 * throws {@link StoreUnavailableException} when one of them is not active here (migrating or restoring).
 */
public interface LocalMigrationLookup {

    /** The migrations of the partitions, or only those of workloads in {@code namespace} when it is present. */
    List<MigrationRecord> list(Set<Integer> partitions, Optional<String> namespace);

    /** The migration from the partition its workload key belongs to. */
    Optional<MigrationRecord> byId(String commandId);
}
