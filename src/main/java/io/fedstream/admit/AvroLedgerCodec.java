package io.fedstream.admit;

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
 * One ledger type as a format byte followed by the raw Avro binary of its record (schemas/internal), with no registry
 * frame: the admit task decodes these on its hot path, and the schema is fixed by the format byte.
 */
final class AvroLedgerCodec<T, R extends SpecificRecord> implements Codec<T> {

    /** Avro binary of the ledger records; bumped when one of their schemas changes, so that old bytes are never misread. */
    static final byte FORMAT = 2;
    /** The hand-written varint layout that fedstream stored before its ledger was Avro. */
    static final byte VARINT_FORMAT = 1;

    private final String type;
    private final DatumWriter<R> writer;
    // Avro readers keep their resolving decoders per thread, so one may serve every stream thread.
    private final DatumReader<R> reader;
    private final Function<T, R> toRecord;
    private final Function<R, T> fromRecord;

    AvroLedgerCodec(Class<T> type, Class<R> record, Function<T, R> toRecord, Function<R, T> fromRecord) {
        this.type = type.getSimpleName();
        this.writer = new SpecificDatumWriter<>(record);
        this.reader = new SpecificDatumReader<>(record);
        this.toRecord = toRecord;
        this.fromRecord = fromRecord;
    }

    @Override
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

    @Override
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
            R record = reader.read(null, in);
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
