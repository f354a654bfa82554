package io.fedstream.decide;

import io.fedstream.avro.StoredApplicationFailure;
import io.fedstream.serde.MappedAvroSerde;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serde;

/** An {@link ApplicationFailure} as {@link PassState#APPLICATION_FAILURES} stores it: a {@link StoredApplicationFailure} (schemas/internal). */
final class ApplicationFailureAvro {

    private ApplicationFailureAvro() {}

    static Serde<ApplicationFailure> serde(Serde<StoredApplicationFailure> avro) {
        return new MappedAvroSerde<>(ApplicationFailure.class, avro, ApplicationFailureAvro::toAvro, ApplicationFailureAvro::fromAvro);
    }

    static StoredApplicationFailure toAvro(ApplicationFailure failure) {
        return StoredApplicationFailure.newBuilder()
                .setCluster(failure.cluster())
                .setSince(Instant.ofEpochMilli(failure.sinceMs()))
                .setPhase(failure.phase())
                .setIncidentId(failure.incidentId())
                .setMigrating(failure.migrating())
                .setPurged(failure.purged())
                .build();
    }

    static ApplicationFailure fromAvro(StoredApplicationFailure stored) {
        return new ApplicationFailure(stored.getCluster(), stored.getSince().toEpochMilli(), stored.getPhase(), stored.getIncidentId(),
                stored.getMigrating(), stored.getPurged());
    }
}
