package io.fedstream.decide;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ResourceBinding;

/**
 * What one step of the namespace pass hands to another within the same processing; the pass runs each handoff after
 * the step that made it has finished, in the order they were made.
 */
interface Handoffs {

    /** To the admit step: a new binding or a removal, a placement or why there is none, override results. */
    void admit(AdmissionRequest request);

    /** From the admit step: the workload's binding as decided (null: deleted), for placement and failover. */
    void bound(String workloadKey, ResourceBinding binding);
}
