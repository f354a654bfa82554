package io.fedstream.bind;

import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.WorkloadId;
import java.util.Optional;

/** Why fedstream makes no binding of an uninterpreted object: Karmada's own API objects, events, leases, cluster-scoped kinds. */
public final class NeverPropagated {

    private NeverPropagated() {}

    /** The reason, on the field {@code kind}, when {@code interpretation} is of a kind fedstream never propagates. */
    public static Optional<FieldError> reason(Interpretation interpretation) {
        if (interpretation.outcome() != Interpretation.Outcome.UNINTERPRETED) {
            return Optional.empty();
        }
        WorkloadId workload = interpretation.workload();
        return SkippedPropagatingApis.whyNot(workload.group(), workload.apiVersion(), workload.kind())
                .or(() -> ClusterScopedKinds.whyNot(workload.group(), workload.kind()))
                .map(why -> new FieldError("kind", workload.kind(), why));
    }
}
