package io.fedstream.decide;

import io.fedstream.avro.MigrationAction;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.MigrationRecordPhase;
import java.util.HashMap;
import java.util.Map;

/**
 * Every migration command the task issued, with its life-cycle, in its workload's record ({@code
 * WorkloadRecord.migrations}, by command id): changed in place through {@link Workloads} and written with the workload's
 * other state, once per processing, not a store of their own (`fedstream bench failover`: one changelog record a command
 * less, docs/benchmarks.md). A record keeps all its workload's commands, finished ones too, until the workload is deleted
 * (docs/failover.md).
 */
final class MigrationRecords {

    private final Workloads workloads;

    MigrationRecords(Workloads workloads) {
        this.workloads = workloads;
    }

    /** The command and its life-cycle, null when no command has the id. */
    MigrationRecord of(String commandId) {
        String workloadKey = workloadKey(commandId);
        return workloadKey == null ? null : workloads.of(workloadKey).getMigrations().get(commandId);
    }

    /** Keeps the command's record in its workload's, replacing the one it had. */
    void save(String commandId, MigrationRecord record) {
        String workloadKey = record.getCommand().getWorkloadKey();
        if (!commandId.equals(record.getCommand().getCommandId()) || !workloadKey.equals(workloadKey(commandId))) {
            throw new IllegalArgumentException("commandId " + commandId + " does not begin with its command's workloadKey "
                    + workloadKey + " or is not its command's, " + record.getCommand().getCommandId());
        }
        Map<String, MigrationRecord> migrations = new HashMap<>(workloads.of(workloadKey).getMigrations());
        migrations.put(commandId, record);
        workloads.of(workloadKey).setMigrations(migrations);
        workloads.changed(workloadKey);
    }

    /** The workload was deleted: its commands go with it (the query API lists them no more). */
    void forget(String workloadKey) {
        if (!workloads.of(workloadKey).getMigrations().isEmpty()) {
            workloads.of(workloadKey).setMigrations(Map.of());
            workloads.changed(workloadKey);
        }
    }

    /**
     * Whether a MIGRATE command of the workload for another incident is out and not finished (ISSUED, STARTED or
     * RESTORED): a cluster failure and an application failure of one workload must not move it twice at once.
     */
    boolean migrating(String workloadKey, String incidentId) {
        return workloads.of(workloadKey).getMigrations().values().stream().anyMatch(record -> record.getCommand().getAction() == MigrationAction.MIGRATE
                && !record.getCommand().getIncidentId().equals(incidentId) && record.getPhase() != MigrationRecordPhase.COMPLETED
                && record.getPhase() != MigrationRecordPhase.FAILED);
    }

    /**
     * The workload key a command id begins with ({@code group/kind/namespace/name}, MigrationPlanner.commandId), null when
     * the id has fewer parts.
     */
    static String workloadKey(String commandId) {
        int end = -1;
        for (int part = 0; part < 4; part++) {
            end = commandId.indexOf('/', end + 1);
            if (end < 0) {
                return null;
            }
        }
        return commandId.substring(0, end);
    }
}
