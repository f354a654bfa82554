package io.fedstream.decide;

import io.fedstream.avro.ReservationRequest;
import io.fedstream.avro.ReservedComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reservation requests one call of the placing task (a record's processing or a punctuation) asks, grouped per
 * cluster into records of at most {@value #MAX_REQUESTS} requests and about {@value #MAX_BYTES} bytes, in the order
 * they were asked: a failover burst then costs a record per cluster and batch each way, not one per workload, and no
 * record nears Kafka's 1 MiB limit however many components a workload has.
 */
final class ReservationBatches {

    static final int MAX_REQUESTS = 256;
    static final int MAX_BYTES = 256 * 1024;

    private final Map<String, List<ReservationRequest>> asked = new LinkedHashMap<>();

    void add(ReservationRequest request) {
        asked.computeIfAbsent(request.getCluster(), cluster -> new ArrayList<>()).add(request);
    }

    /** The records to send, each the first request of a batch carrying the rest in {@code batch}; forgets them. */
    List<ReservationRequest> drain() {
        List<ReservationRequest> records = new ArrayList<>();
        for (List<ReservationRequest> requests : asked.values()) {
            List<ReservationRequest> batch = new ArrayList<>();
            int bytes = 0;
            for (ReservationRequest request : requests) {
                int size = estimatedBytes(request);
                if (!batch.isEmpty() && (batch.size() == MAX_REQUESTS || bytes + size > MAX_BYTES)) {
                    records.add(record(batch));
                    batch = new ArrayList<>();
                    bytes = 0;
                }
                batch.add(request);
                bytes += size;
            }
            records.add(record(batch));
        }
        asked.clear();
        return records;
    }

    private static ReservationRequest record(List<ReservationRequest> batch) {
        ReservationRequest first = batch.get(0);
        first.setBatch(new ArrayList<>(batch.subList(1, batch.size())));
        return first;
    }

    /** A request's size in a record, from above: its strings and its components' names and quantities, plus framing. */
    static int estimatedBytes(ReservationRequest request) {
        int bytes = 32 + request.getRequestId().length() + request.getCluster().length() + request.getWorkloadKey().length();
        for (ReservedComponent component : request.getComponents()) {
            bytes += 16 + component.getName().length();
            for (Map.Entry<String, String> quantity : component.getPerPod().entrySet()) {
                bytes += 4 + quantity.getKey().length() + quantity.getValue().length();
            }
        }
        return bytes;
    }
}
