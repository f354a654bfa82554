package io.fedstream.api;

import io.fedstream.avro.MigrationRecord;
import io.fedstream.config.WorkloadKey;
import io.fedstream.bind.BindingNames;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a migration belongs: its command id begins with the workload key ({@code group/kind/namespace/name/incident/attempt}),
 * and the workload key decides both the store partition and the namespace.
 */
final class MigrationKeys {

    private MigrationKeys() {}

    /** The workload key a command id begins with; empty when the id has fewer than four parts. */
    static Optional<String> workloadKey(String commandId) {
        String[] parts = commandId.split("/", -1);
        if (parts.length < 4) {
            return Optional.empty();
        }
        String key = String.join("/", Arrays.copyOf(parts, 4));
        return WorkloadKey.parse(key).map(parsed -> key);
    }

    /**
     * The migration's Kubernetes name: its workload's binding name, incident and attempt, e.g.
     * {@code fraud-flinkdeployment-member1-1733480000000-1} ({@code -purge} for a purge command), since a command id
     * holds slashes, which no Kubernetes name may.
     */
    static String name(MigrationRecord migration) {
        String[] parts = migration.getCommand().getCommandId().split("/", -1);
        if (parts.length < 6) {
            return migration.getCommand().getCommandId().replace('/', '.').toLowerCase(Locale.ROOT);
        }
        StringBuilder name = new StringBuilder(BindingNames.bindingName(parts[1], parts[3]));
        for (int i = 4; i < parts.length; i++) {
            name.append('-').append(parts[i]);
        }
        return name.toString().toLowerCase(Locale.ROOT);
    }

    /** The namespace of the migrated workload; empty when its key is not a workload key. */
    static String namespace(MigrationRecord migration) {
        return WorkloadKey.parse(migration.getCommand().getWorkloadKey()).map(WorkloadKey::namespace).orElse("");
    }
}
