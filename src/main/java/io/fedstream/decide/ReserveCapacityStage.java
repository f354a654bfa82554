package io.fedstream.decide;

import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.config.Topics;
import io.fedstream.decide.ClusterDirectory;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * The reserving half of stage 4, partitioned by cluster: one task owns each cluster's room, so two placing tasks can
 * never both fill it. It reads each cluster's state and latest heartbeat from the cluster views ({@link ClusterDirectory}).
 */
public final class ReserveCapacityStage {

    private final Topics topics;
    private final Duration reservationTtl;
    private final Serde<Reservation> reservationSerde;

    public ReserveCapacityStage(Topics topics, Duration reservationTtl, Serde<Reservation> reservationSerde) {
        this.topics = topics;
        this.reservationTtl = reservationTtl;
        this.reservationSerde = reservationSerde;
    }

    /** Adds the stage (after the {@link ClusterDirectory}); returns the answers, keyed by workload. */
    public KStream<String, ReservationAnswer> addTo(StreamsBuilder builder) {
        builder.addStateStore(Stores.keyValueStoreBuilder(
                Stores.persistentKeyValueStore(ReserveCapacityProcessor.STORE), Serdes.String(), reservationSerde).withCachingEnabled());
        return builder
                .stream(topics.capacityReservations().name(), topics.capacityReservations().consumedAs("capacity-reservations-source"))
                .process(() -> new ReserveCapacityProcessor(reservationTtl), Named.as("reserve-capacity"),
                        ReserveCapacityProcessor.STORE);
    }
}
