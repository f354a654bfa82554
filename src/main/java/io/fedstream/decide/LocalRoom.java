package io.fedstream.decide;

import io.fedstream.avro.ClusterState;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.avro.ReservationRequest;
import io.fedstream.avro.ReservationType;
import io.fedstream.interpret.Resources;
import io.fedstream.decide.ClusterDirectory;
import io.fedstream.decide.HeartbeatCapacity;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ComponentDemand;
import io.fedstream.place.Fit;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The room of the clusters as one task holds it (until the allocator's leases replace it): decides each request to hold
 * room on a cluster for a workload against the cluster's view (state and latest heartbeat, from the cluster-views store)
 * and the reservations already held there; an answer is ready at once.
 */
final class LocalRoom {

    /** Cluster NUL workload key to the {@link Reservation} held. */
    public static final String STORE = "cluster-reservations-store";
    /** Not a workload key (they have four parts): the sum "besides" it is the sum of all. */
    private static final String NOBODY = "";

    /** Fit counts pods exactly when the cluster reports this resource as allocatable. */
    private static final String PODS = "pods";
    private static final Logger LOG = LoggerFactory.getLogger(LocalRoom.class);

    private final ProcessingContext context;
    private final ReadOnlyKeyValueStore<String, ClusterWatch> watches;
    private final ClusterReservations reservations;
    private final List<ReservationAnswer> ready = new ArrayList<>();

    LocalRoom(ProcessingContext context, Duration reservationTtl) {
        if (reservationTtl.isNegative() || reservationTtl.isZero()) {
            throw new IllegalArgumentException("reservation TTL must be positive, got " + reservationTtl);
        }
        this.context = context;
        this.watches = context.getStateStore(TaskClusterViews.STORE);
        this.reservations = new ClusterReservations(context.getStateStore(STORE), reservationTtl);
    }

    /** Holds or gives back room as the request asks; a RESERVE is answered by {@link #answers()}. */
    void ask(ReservationRequest request) {
        long now = context.currentSystemTimeMs();
        try {
            decide(request, now).ifPresent(ready::add);
        } catch (RuntimeException e) {
            givePartialHoldBack(request, now);
            throw e;
        }
    }

    /** The answers ready now, in the order asked; taken, so that each is handed on once. */
    List<ReservationAnswer> answers() {
        List<ReservationAnswer> out = List.copyOf(ready);
        ready.clear();
        return out;
    }

    /** A request that failed after its room was held does not keep holding it. */
    private void givePartialHoldBack(ReservationRequest request, long now) {
        try {
            Reservation held = reservations.live(request.getCluster(), request.getWorkloadKey(), now);
            if (held != null && held.getRequestId().equals(request.getRequestId())) {
                reservations.release(request.getCluster(), request.getWorkloadKey());
            }
        } catch (RuntimeException e) {
            LOG.warn("Could not give back what request {} may hold on cluster {}; it expires with its TTL", request.getRequestId(),
                    request.getCluster(), e);
        }
    }

    /** Gives back (RELEASE, not answered) or grants or refuses the room one request asks for. */
    private Optional<ReservationAnswer> decide(ReservationRequest request, long now) {
        if (request.getType() == ReservationType.RELEASE) {
            reservations.release(request.getCluster(), request.getWorkloadKey());
            return Optional.empty();
        }
        String refusal = reserve(request, now);
        return Optional.of(ReservationAnswer.newBuilder()
                .setRequestId(request.getRequestId())
                .setCluster(request.getCluster())
                .setWorkloadKey(request.getWorkloadKey())
                .setGranted(refusal == null)
                .setReason(refusal)
                .setClusterReserved(reservations.heldBesides(request.getCluster(), NOBODY, now).toQuantities())
                .setAnsweredAt(Instant.ofEpochMilli(now))
                .build());
    }

    /** Holds the room when the workload fits; the reason for refusing otherwise, null when granted. */
    private String reserve(ReservationRequest request, long now) {
        String cluster = request.getCluster();
        ClusterWatch watch = watches.get(cluster);
        if (watch == null || watch.getHeartbeat() == null) {
            return "cluster " + cluster + (watch != null && watch.getRefusal() != null ? ": " + ClusterDirectory.refusal(watch)
                    : " has not reported a heartbeat");
        }
        if (watch.getState() != ClusterState.READY) {
            return "cluster " + cluster + " is " + watch.getState() + " (" + watch.getReason() + ")";
        }
        List<ComponentDemand> components;
        try {
            components = RequestedComponents.of(request.getComponents());
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        Resources reserved = reservations.heldBesides(cluster, request.getWorkloadKey(), now);
        ClusterCapacity capacity;
        try {
            capacity = HeartbeatCapacity.of(watch.getHeartbeat(), true, reserved);
        } catch (IllegalArgumentException e) {
            return "cluster " + cluster + " reported a bad heartbeat: " + e.getMessage();
        }
        Fit.Verdict verdict = Fit.check(components, capacity);
        if (!verdict.fits()) {
            return cluster + ": " + verdict.shortages().stream().map(Fit.Shortage::message).collect(Collectors.joining("; "));
        }
        reservations.hold(cluster, request.getWorkloadKey(), Reservation.newBuilder()
                .setRequestId(request.getRequestId())
                .setAmounts(amounts(components, capacity))
                .setReservedAt(reservedAt(request, now))
                .build());
        return null;
    }

    /** What the workload takes, in canonical quantities; pods counted exactly when Fit counted them. */
    private static Map<String, String> amounts(List<ComponentDemand> components, ClusterCapacity capacity) {
        Map<String, Long> units = new TreeMap<>();
        // A demand that fits is at most the cluster's allocatable, a long, so the conversion is exact.
        Fit.demand(components, capacity.allocatable().amounts().containsKey(PODS))
                .forEach((resource, amount) -> units.put(resource, amount.longValueExact()));
        return Resources.of(units).toQuantities();
    }

    /**
     * The same request processed again (a restart without exactly-once) keeps its first reservation time, so a replay
     * does not hold the room longer than the heartbeats need to count the pods.
     */
    private Instant reservedAt(ReservationRequest request, long now) {
        Reservation previous = reservations.live(request.getCluster(), request.getWorkloadKey(), now);
        if (previous != null && previous.getRequestId().equals(request.getRequestId())) {
            return previous.getReservedAt();
        }
        return Instant.ofEpochMilli(now);
    }
}
