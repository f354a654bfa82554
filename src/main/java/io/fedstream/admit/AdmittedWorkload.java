package io.fedstream.admit;

import java.util.Objects;

/** The version of a workload the ledger holds charged: its generation, priority and charge. */
public record AdmittedWorkload(String namespace, String workloadKey, long generation, int priority, Charge charge) {

    public AdmittedWorkload {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(workloadKey, "workloadKey");
        Objects.requireNonNull(charge, "charge");
    }
}
