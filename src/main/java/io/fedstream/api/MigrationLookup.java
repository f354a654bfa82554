package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import java.util.List;
import java.util.Optional;

/**
 * Finds the fail-over stage's migrations across every instance of the application; each method throws
 * {@link StoreUnavailableException} rather than answer from an incomplete view.
 */
public interface MigrationLookup {

    /** Every migration, or only those of workloads in {@code namespace} when it is present. */
    List<MigrationRecord> list(Optional<String> namespace);

    /** One migration, asked of the instance that owns its workload's partition. */
    Optional<MigrationRecord> byId(String commandId);
}
