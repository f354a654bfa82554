package io.fedstream.decide;

import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationCommand;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** Every migration command the task issued, with its life-cycle, by command id ({@link PlaceFailoverStores#MIGRATIONS}). */
final class MigrationRecords {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KeyValueStore<String, MigrationRecord> store;

    MigrationRecords(KeyValueStore<String, MigrationRecord> store) {
        this.store = store;
    }

    /** The command and its life-cycle, null when no command has the id. */
    MigrationRecord of(String commandId) {
        return store.get(commandId);
    }

    void save(String commandId, MigrationRecord record) {
        store.put(commandId, record);
    }

    /**
     * Whether a MIGRATE command of the workload for another incident is out and not finished (ISSUED, STARTED or
     * RESTORED): a cluster failure and an application failure of one workload must not move it twice at once.
     */
    boolean migrating(String workloadKey, String incidentId) {
        // Command ids begin with the workload key (MigrationPlanner.commandId).
        try (KeyValueIterator<String, MigrationRecord> it = store.prefixScan(workloadKey + "/", KEYS)) {
            while (it.hasNext()) {
                MigrationRecord record = it.next().value;
                MigrationCommand command = record.getCommand();
                if (command.getAction() == MigrationAction.MIGRATE && !command.getIncidentId().equals(incidentId)
                        && record.getPhase() != MigrationRecordPhase.COMPLETED && record.getPhase() != MigrationRecordPhase.FAILED) {
                    return true;
                }
            }
        }
        return false;
    }
}
