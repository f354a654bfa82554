package io.fedstream.admit;

import java.util.List;
import java.util.Objects;

/** What the ledger decided about one workload. */
public sealed interface Decision {

    String workloadKey();

    /** The version is charged now, replacing any earlier admitted version. */
    record Admitted(String workloadKey, long generation, Charge charged) implements Decision {

        public Admitted {
            Objects.requireNonNull(workloadKey, "workloadKey");
            Objects.requireNonNull(charged, "charged");
        }
    }

    /**
     * The version does not fit and waits in the queue; nothing of it is charged. An earlier
     * admitted version, if any, stays charged ({@code stillCharged}, else null).
     */
    record Rejected(String workloadKey, long generation, List<Violation> violations, AdmittedWorkload stillCharged)
            implements Decision {

        public Rejected {
            Objects.requireNonNull(workloadKey, "workloadKey");
            violations = List.copyOf(violations);
            if (violations.isEmpty()) {
                throw new IllegalArgumentException("a rejection names at least one violation");
            }
        }
    }

    /** The workload is gone: its charge (NONE when it was only queued) is released. */
    record Released(String workloadKey, Charge released) implements Decision {

        public Released {
            Objects.requireNonNull(workloadKey, "workloadKey");
            Objects.requireNonNull(released, "released");
        }
    }

    /** A version older than the one the ledger already holds: nothing changes. */
    record Stale(String workloadKey, long generation, long current) implements Decision {}
}
