package io.fedstream.serde;

import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;

/** Confluent's framing of a record: magic byte 0, schema id as a big-endian int32, then the Avro binary body. */
final class WireFormat {

    static final byte MAGIC_BYTE = 0;
    static final int HEADER_SIZE = 5;
    private static final int SHOWN_BYTES = 8;

    private WireFormat() {
    }

    /** Returns the schema id of a framed record, or throws naming the topic and showing the first bytes. */
    static int schemaId(String topic, byte[] framed) {
        if (framed.length < HEADER_SIZE) {
            throw new SerializationException("Record from topic '" + topic + "' has " + framed.length
                    + " bytes, too short for the Confluent wire format (magic byte 0 and a 4-byte schema id); first bytes: "
                    + firstBytes(framed));
        }
        if (framed[0] != MAGIC_BYTE) {
            throw new SerializationException("Record from topic '" + topic + "' starts with magic byte "
                    + String.format("0x%02x", framed[0]) + ", expected 0x00 (Confluent wire format); first bytes: "
                    + firstBytes(framed));
        }
        return ByteBuffer.wrap(framed, 1, 4).getInt();
    }

    static String firstBytes(byte[] bytes) {
        StringBuilder hex = new StringBuilder();
        int shown = Math.min(bytes.length, SHOWN_BYTES);
        for (int i = 0; i < shown; i++) {
            hex.append(i == 0 ? "" : " ").append(String.format("%02x", bytes[i]));
        }
        if (bytes.length > shown) {
            hex.append(" ...");
        }
        return shown == 0 ? "(none)" : hex.toString();
    }
}
