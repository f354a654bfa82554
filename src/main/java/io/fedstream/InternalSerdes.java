package io.fedstream;

import io.fedstream.avro.AdmissionRequest;
import io.fedstream.avro.ClusterWatch;
import io.fedstream.avro.MigrationRecord;
import io.fedstream.avro.Reservation;
import io.fedstream.avro.ReservationAnswer;
import io.fedstream.serde.AvroSerdes;
import org.apache.kafka.common.serialization.Serde;

/** The serdes of the records that only fedstream reads: internal topics and state stores (schemas/internal). */
public record InternalSerdes(
        Serde<AdmissionRequest> admissionRequests,
        Serde<ClusterWatch> clusterWatches,
        Serde<ReservationAnswer> reservationAnswers,
        Serde<Reservation> reservations,
        Serde<MigrationRecord> migrationRecords) {

    public static InternalSerdes of(AvroSerdes avro) {
        return new InternalSerdes(
                avro.specific(AdmissionRequest.class, false),
                avro.specific(ClusterWatch.class, false),
                avro.specific(ReservationAnswer.class, false),
                avro.specific(Reservation.class, false),
                avro.specific(MigrationRecord.class, false));
    }
}
