package io.fedstream.decide;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The details of one audit event for a workload admitted and placed in one processing: the placement's facts, with the
 * admission's under {@code admission}, so that a sink's row carries both.
 */
final class AdmittedAndPlaced {

    private static final ObjectMapper JSON = new ObjectMapper();

    private AdmittedAndPlaced() {}

    static String details(String admission, String placement) {
        try {
            ObjectNode merged = placement == null ? JSON.createObjectNode() : (ObjectNode) JSON.readTree(placement);
            if (admission != null) {
                merged.set("admission", JSON.readTree(admission));
            }
            return merged.toString();
        } catch (JsonProcessingException | ClassCastException e) {
            throw new IllegalStateException("audit details are JSON objects the pass wrote itself: " + e.getMessage(), e);
        }
    }
}
