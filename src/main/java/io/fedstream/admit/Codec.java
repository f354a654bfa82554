package io.fedstream.admit;

import static io.fedstream.admit.LedgerCodecs.FORMAT;
import static io.fedstream.admit.LedgerCodecs.VARINT_FORMAT;

import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Function;

/**
 * One ledger state type as the bytes its store holds ({@link LedgerCodecs}) and back: a format byte followed by the raw
 * Avro binary of its record (schemas/internal), with no registry frame: the admit task decodes these on its hot path,
 * and the schema is fixed by the format byte.
 */
public final class Codec<T> {

    private final String type;
    private final DatumWriter<SpecificRecord> writer;
    // Avro readers keep their resolving decoders per thread, so one may serve every stream thread.
    private final DatumReader<SpecificRecord> reader;
    private final Function<? super T, ? extends SpecificRecord> toRecord;
    private final Function<SpecificRecord, T> fromRecord;

    @SuppressWarnings("unchecked")
    <R extends SpecificRecord> Codec(Class<T> type, Class<R> record, Function<T, R> toRecord, Function<R, T> fromRecord) {
        this.type = type.getSimpleName();
        this.writer = new SpecificDatumWriter<>((Class<SpecificRecord>) record);
        this.reader = new SpecificDatumReader<>((Class<SpecificRecord>) record);
        this.toRecord = toRecord;
        this.fromRecord = value -> fromRecord.apply((R) value);
    }

    public byte[] encode(T value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(FORMAT);
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
        try {
            writer.write(toRecord.apply(value), encoder);
            encoder.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode " + type, e);
        }
        return out.toByteArray();
    }

    /** @throws IllegalArgumentException when the bytes are not a value of this codec's format */
    public T decode(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            throw new IllegalArgumentException("not a " + type + " in ledger format " + FORMAT + ": no bytes");
        }
        if (bytes[0] == VARINT_FORMAT) {
            throw new IllegalArgumentException(type + " in ledger format " + VARINT_FORMAT + " (the varint encoding of fedstream"
                    + " before its ledger was Avro), which this version does not read: start it with a fresh application.id,"
                    + " or reset the application with kafka-streams-application-reset");
        }
        if (bytes[0] != FORMAT) {
            throw new IllegalArgumentException("not a " + type + " in ledger format " + FORMAT + " (format byte " + bytes[0] + ")");
        }
        BinaryDecoder in = DecoderFactory.get().binaryDecoder(bytes, 1, bytes.length - 1, null);
        try {
            SpecificRecord record = reader.read(null, in);
            if (!in.isEnd()) {
                throw new IllegalArgumentException(in.inputStream().available() + " bytes left over");
            }
            return fromRecord.apply(record);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("corrupt " + type + " (" + bytes.length + " bytes): " + reason(e), e);
        }
    }

    private static String reason(Exception e) {
        if (e instanceof EOFException) {
            return "truncated";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }
}
