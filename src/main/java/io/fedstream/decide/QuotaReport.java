package io.fedstream.decide;

import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.avro.QuotaStatus;
import java.util.Objects;
import java.util.Optional;

/**
 * A quota as the query API reports it: the version in force (empty when every version on the policies topic was
 * refused) and its status, as {@code fedstream.quota-status} carries it.
 */
public record QuotaReport(Optional<FederatedResourceQuota> inForce, QuotaStatus status) {

    public QuotaReport {
        Objects.requireNonNull(inForce, "inForce");
        Objects.requireNonNull(status, "status");
    }

    public String namespace() {
        return status.getNamespace();
    }

    public String name() {
        return status.getName();
    }
}
