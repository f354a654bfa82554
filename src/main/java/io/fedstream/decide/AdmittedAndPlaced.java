package io.fedstream.decide;

/**
 * The details of one audit event for a workload admitted and placed in one processing: the placement's facts, with the
 * admission's under {@code admission}, so that a sink's row carries both.
 */
final class AdmittedAndPlaced {

    private AdmittedAndPlaced() {}

    /**
     * Both are compact JSON objects the pass wrote itself, so the admission's is spliced in as the placement's last
     * field: parsing both back into trees to merge them was a fiftieth of the pass's samples.
     */
    static String details(String admission, String placement) {
        String facts = placement == null ? "{}" : requireObject(placement);
        if (admission == null) {
            return facts;
        }
        String fields = facts.substring(0, facts.length() - 1);
        return fields + (fields.length() > 1 ? "," : "") + "\"admission\":" + requireObject(admission) + "}";
    }

    private static String requireObject(String json) {
        String object = json.strip();
        if (object.length() < 2 || object.charAt(0) != '{' || object.charAt(object.length() - 1) != '}') {
            throw new IllegalStateException("audit details are JSON objects the pass wrote itself, not: " + json);
        }
        return object;
    }
}
