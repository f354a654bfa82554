package io.fedstream.failover;

import io.fedstream.avro.MigrationCommand;

import java.util.OptionalDouble;

/** Bytes relayed incrementally (deltas) against the full state size, for one migration or many. */
public record RelayReport(long commands, long incrementalBytes, long fullStateBytes) {

    public static final RelayReport EMPTY = new RelayReport(0, 0, 0);

    public static RelayReport of(MigrationCommand command) {
        return new RelayReport(1, command.getIncrementalBytes(), command.getFullStateBytes());
    }

    public RelayReport plus(RelayReport other) {
        return new RelayReport(Math.addExact(commands, other.commands),
                Math.addExact(incrementalBytes, other.incrementalBytes),
                Math.addExact(fullStateBytes, other.fullStateBytes));
    }

    public RelayReport plus(MigrationCommand command) {
        return plus(of(command));
    }

    /** incremental / full; empty when no full state was involved (no checkpoints), where a ratio means nothing. */
    public OptionalDouble ratio() {
        return fullStateBytes == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) incrementalBytes / fullStateBytes);
    }
}
