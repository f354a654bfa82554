package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ReservationRequest;
import io.fedstream.avro.ReservationType;
import io.fedstream.avro.ReservedComponent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A call's requests go per cluster, in order, in records bounded by count and by size. */
class ReservationBatchesTest {

    private final ReservationBatches batches = new ReservationBatches();

    private static ReservationRequest request(String cluster, String workload, int components) {
        List<ReservedComponent> parts = IntStream.range(0, components)
                .mapToObj(i -> new ReservedComponent("worker-group-" + i, 4L, Map.of("cpu", "2", "memory", "8Gi", "nvidia.com/gpu", "1")))
                .toList();
        return ReservationRequest.newBuilder().setType(ReservationType.RESERVE).setRequestId(workload + "/incident/a1/0")
                .setCluster(cluster).setWorkloadKey(workload).setComponents(parts).setRequestedAt(Instant.EPOCH).build();
    }

    private static List<String> unpacked(ReservationRequest record) {
        List<String> workloads = new ArrayList<>();
        workloads.add(record.getWorkloadKey());
        record.getBatch().forEach(request -> workloads.add(request.getWorkloadKey()));
        return workloads;
    }

    @Test
    void eachClusterGetsOneRecordWithItsRequestsInTheOrderAsked() {
        batches.add(request("dc-2", "a", 1));
        batches.add(request("dc-3", "b", 1));
        batches.add(request("dc-2", "c", 1));

        List<ReservationRequest> records = batches.drain();

        assertThat(records).extracting(ReservationRequest::getCluster).containsExactly("dc-2", "dc-3");
        assertThat(records).extracting(ReservationBatchesTest::unpacked).containsExactly(List.of("a", "c"), List.of("b"));
        assertThat(records.get(0).getBatch()).allSatisfy(request -> assertThat(request.getBatch()).isEmpty());
        assertThat(batches.drain()).as("drained").isEmpty();
    }

    @Test
    void aRecordCarriesAtMostTheCountLimit() {
        for (int i = 0; i < ReservationBatches.MAX_REQUESTS + 1; i++) {
            batches.add(request("dc-2", "w" + i, 1));
        }

        assertThat(batches.drain()).extracting(record -> unpacked(record).size()).containsExactly(ReservationBatches.MAX_REQUESTS, 1);
    }

    @Test
    void workloadsOfManyComponentsFillARecordBySizeAndARequestLargerThanTheLimitGoesAlone() {
        int perRequest = ReservationBatches.estimatedBytes(request("dc-2", "w0", 100));
        int fit = ReservationBatches.MAX_BYTES / perRequest;
        for (int i = 0; i < fit + 1; i++) {
            batches.add(request("dc-2", "w" + i, 100));
        }
        batches.add(request("dc-3", "small-1", 1));
        batches.add(request("dc-3", "huge", 5_000));
        batches.add(request("dc-3", "small-2", 1));

        List<ReservationRequest> records = batches.drain();

        assertThat(fit).as("a hundred components make a request of %d bytes", perRequest).isLessThan(ReservationBatches.MAX_REQUESTS);
        assertThat(records).extracting(ReservationBatchesTest::unpacked).extracting(List::size).containsExactly(fit, 1, 1, 1, 1);
        assertThat(records.subList(2, 5)).extracting(ReservationRequest::getWorkloadKey).containsExactly("small-1", "huge", "small-2");
        assertThat(ReservationBatches.estimatedBytes(records.get(3))).isGreaterThan(ReservationBatches.MAX_BYTES);
    }

    @Test
    void theSizeEstimateIsAboveTheRequestsAvroEncoding() throws Exception {
        ReservationRequest request = request("dc-2", "kubeflow.org/PyTorchJob/team-a/train", 3);

        assertThat(ReservationBatches.estimatedBytes(request)).isGreaterThanOrEqualTo(request.toByteBuffer().remaining());
    }
}
