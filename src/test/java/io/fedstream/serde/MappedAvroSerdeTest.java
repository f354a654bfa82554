package io.fedstream.serde;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.Reservation;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/** A domain type stored as a generated record: mapped both ways around the record's own serde, failures named by the type. */
class MappedAvroSerdeTest {

    /** A domain type with its own shape: the hold's cpu alone, the time as epoch ms. */
    record Hold(String requestId, String cpu, long atMs) {

        static Reservation toAvro(Hold hold) {
            return Reservation.newBuilder().setRequestId(hold.requestId()).setAmounts(Map.of("cpu", hold.cpu()))
                    .setReservedAt(Instant.ofEpochMilli(hold.atMs())).build();
        }

        static Hold fromAvro(Reservation reservation) {
            String cpu = reservation.getAmounts().get("cpu");
            if (cpu == null) {
                throw new IllegalArgumentException("no cpu held");
            }
            return new Hold(reservation.getRequestId(), cpu, reservation.getReservedAt().toEpochMilli());
        }
    }

    private static final String TOPIC = "app-holds-store-changelog";

    private final AvroSerde<Reservation> reservations =
            new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults()).specific(Reservation.class, false);
    private final MappedAvroSerde<Hold, Reservation> holds = new MappedAvroSerde<>(Hold.class, reservations, Hold::toAvro, Hold::fromAvro);

    @Test
    void aValueIsWrittenAsItsRecordAndReadBack() {
        Hold hold = new Hold("w/place/g1/0", "500m", 1_700_000_000_123L);

        byte[] bytes = holds.serializer().serialize(TOPIC, hold);

        assertThat(reservations.deserializer().deserialize(TOPIC, bytes)).isEqualTo(Hold.toAvro(hold));
        assertThat(holds.deserializer().deserialize(TOPIC, bytes)).isEqualTo(hold);
    }

    @Test
    void nullStaysNullBothWays() {
        assertThat(holds.serializer().serialize(TOPIC, null)).isNull();
        assertThat(holds.deserializer().deserialize(TOPIC, null)).isNull();
    }

    @Test
    void bytesThatAreNotAvroAreRefusedNamingTheTypeAndTheTopic() {
        assertThatThrownBy(() -> holds.deserializer().deserialize(TOPIC, "{\"requestId\":\"r\"}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(SerializationException.class)
                .hasMessageStartingWith("Cannot read Hold: Record from topic '" + TOPIC + "' starts with magic byte 0x7b");
    }

    @Test
    void aRecordTheMappingRefusesIsRefusedNamingTheTypeAndTheRecord() {
        Reservation noCpu = Reservation.newBuilder().setRequestId("r").setAmounts(Map.of("memory", "1Gi"))
                .setReservedAt(Instant.ofEpochMilli(1)).build();
        byte[] bytes = reservations.serializer().serialize(TOPIC, noCpu);

        assertThatThrownBy(() -> holds.deserializer().deserialize(TOPIC, bytes))
                .isInstanceOf(SerializationException.class)
                .hasMessage("Cannot read Hold from topic '" + TOPIC + "': its stored io.fedstream.avro.Reservation does not map to one: "
                        + "java.lang.IllegalArgumentException: no cpu held");
    }

    @Test
    void aValueItsRecordCannotHoldIsRefusedNamingTheType() {
        assertThatThrownBy(() -> holds.serializer().serialize(TOPIC, new Hold(null, "1", 1)))
                .isInstanceOf(SerializationException.class)
                .hasMessageStartingWith("Cannot write Hold for topic '" + TOPIC + "' as Avro: ")
                .hasMessageContaining("requestId");
    }
}
