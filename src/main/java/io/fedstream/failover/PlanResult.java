package io.fedstream.failover;

import io.fedstream.avro.MigrationCommand;

/** The outcome of planning one migration: a command, no place to go, or inputs that contradict each other. */
public sealed interface PlanResult {

    /** A command to publish on fedstream.migrations. */
    record Planned(MigrationCommand command) implements PlanResult {
    }

    /** No candidate cluster is left; the workload stays put until placement offers one. */
    record NoTarget(String reason) implements PlanResult {
    }

    /** The status and the delta index disagree (e.g. another partition); the error branch goes to the DLQ. */
    record Invalid(String reason) implements PlanResult {
    }
}
