package io.fedstream.lease;

import io.fedstream.avro.LeaseGiveBack;
import io.fedstream.avro.LeaseRequest;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Resources;
import io.fedstream.interpret.QuantityFields;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A lease request checked and read into room: who asks, what it wants, the least of it worth granting, what it returns,
 * and whether it answers the allocator's reclaim, and which one (0: its task did not say).
 */
public record ParsedRequest(int partition, long sequence, Resources want, Resources least, List<GiveBack> giveBacks, boolean answersReclaim,
                            long reclaimNumber) {

    public ParsedRequest {
        giveBacks = List.copyOf(giveBacks);
    }

    /**
     * Reads a request keyed by {@code key}, received at {@code now}.
     *
     * @throws InvalidLeaseRequest naming the field and value: a key that is not the request's cluster, a partition
     *     outside the namespace tasks', a negative sequence or bucket, a give-back of a bucket not granted yet, a bad or
     *     negative quantity, a least above the want
     */
    public static ParsedRequest parse(String key, LeaseRequest request, LeaseSettings settings, long now) {
        if (key == null || !key.equals(request.getCluster())) {
            throw invalid("cluster", request.getCluster(), "must be the record's key (" + key + ")");
        }
        if (request.getPartition() < 0 || request.getPartition() >= settings.partitions()) {
            throw invalid("partition", Integer.toString(request.getPartition()),
                    "must name one of the " + settings.partitions() + " namespace tasks (0 to " + (settings.partitions() - 1) + ")");
        }
        if (request.getSequence() < 0) {
            throw invalid("sequence", Long.toString(request.getSequence()), "must not be negative");
        }
        Resources want = quantities("want", request.getWant());
        Resources least = quantities("least", request.getLeast());
        for (Map.Entry<String, Long> entry : least.amounts().entrySet()) {
            if (entry.getValue() > want.get(entry.getKey())) {
                throw invalid("least." + entry.getKey(), request.getLeast().get(entry.getKey()), "must not exceed want."
                        + entry.getKey() + " (" + request.getWant().getOrDefault(entry.getKey(), "0") + ")");
            }
        }
        List<GiveBack> giveBacks = new ArrayList<>(request.getGiveBack().size());
        long latest = settings.bucketOf(now);
        for (int i = 0; i < request.getGiveBack().size(); i++) {
            LeaseGiveBack back = request.getGiveBack().get(i);
            String field = "giveBack[" + i + "]";
            if (back.getBucket() < 0 || back.getBucket() > latest) {
                throw invalid(field + ".bucket", Long.toString(back.getBucket()), back.getBucket() < 0 ? "must not be negative"
                        : "was not granted yet (the allocator's bucket is " + latest + ")");
            }
            giveBacks.add(new GiveBack(back.getBucket(), quantities(field + ".amount", back.getAmount())));
        }
        return new ParsedRequest(request.getPartition(), request.getSequence(), Room.positive(want), Room.positive(least), giveBacks,
                request.getAnswersReclaim(), request.getAnswersReclaim() ? request.getReclaimNumber() : 0);
    }

    /** Every quantity read alone, so that a bad one is named {@code <field>.<resource>} with its value. */
    private static Resources quantities(String field, Map<String, String> quantities) {
        Resources total = Resources.NONE;
        for (Map.Entry<String, String> entry : quantities.entrySet()) {
            try {
                total = total.plus(QuantityFields.parse(field, Map.of(entry.getKey(), entry.getValue())));
            } catch (IllegalArgumentException | ArithmeticException e) {
                throw new InvalidLeaseRequest(field + "." + entry.getKey(), entry.getValue(), e.getMessage());
            }
        }
        return total;
    }

    private static InvalidLeaseRequest invalid(String field, String value, String reason) {
        FieldError error = new FieldError(field, value, reason);
        return new InvalidLeaseRequest(error.field(), error.value(), error.message());
    }
}
