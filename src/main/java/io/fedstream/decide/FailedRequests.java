package io.fedstream.decide;

import io.fedstream.avro.ReservationRequest;
import java.util.ArrayList;
import java.util.List;

/** The requests of one record that the reserving task failed on, thrown together once the others are answered. */
final class FailedRequests {

    private final int inRecord;
    private final List<String> requestIds = new ArrayList<>();
    private RuntimeException first;

    FailedRequests(int inRecord) {
        this.inRecord = inRecord;
    }

    void add(ReservationRequest request, RuntimeException failure) {
        requestIds.add(request.getRequestId() + " (" + request.getType() + " of " + request.getWorkloadKey() + " on "
                + request.getCluster() + ")");
        if (first == null) {
            first = failure;
        } else {
            first.addSuppressed(failure);
        }
    }

    /** Fails the record, naming what failed and saying what was answered; the first failure is the cause. */
    void throwIfAny() {
        if (first != null) {
            throw new IllegalStateException("reservation request " + String.join(", ", requestIds) + " failed, unanswered; "
                    + (inRecord - requestIds.size()) + " of the record's " + inRecord + " requests were decided: " + first, first);
        }
    }
}
