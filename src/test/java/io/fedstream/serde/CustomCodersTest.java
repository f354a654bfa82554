package io.fedstream.serde;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.ResourceBinding;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.avro.util.RandomData;
import org.junit.jupiter.api.Test;

/** Every generated class, written by its own encoder as the serdes write it, gives the bytes of Avro's generic writer. */
class CustomCodersTest {

    private static final int RECORDS_A_CLASS = 40;

    @Test
    void everyGeneratedRecordEncodesItselfToTheGenericWritersBytes() throws Exception {
        List<Class<? extends SpecificRecordBase>> classes = generatedRecords();
        assertThat(classes).hasSizeGreaterThan(20).contains(ResourceBinding.class);
        AvroSerdes serdes = new AvroSerdes(new InProcessSchemaRegistry(), AvroSerdeConfig.defaults());
        for (Class<? extends SpecificRecordBase> type : classes) {
            serdes.specific(type, false);
            SpecificData model = SpecificData.getForClass(type);
            assertThat(model.useCustomCoders()).as("custom coders of %s", type.getSimpleName()).isTrue();
            Schema schema = model.getSchema(type);
            long seed = type.getName().hashCode();
            for (Object random : new RandomData(GenericData.get(), schema, RECORDS_A_CLASS, seed)) {
                byte[] generic = write(new GenericDatumWriter<>(schema, GenericData.get()), random);
                SpecificRecordBase specific = new SpecificDatumReader<SpecificRecordBase>(schema, schema, model)
                        .read(null, DecoderFactory.get().binaryDecoder(generic, null));

                assertThat(write(new SpecificDatumWriter<>(schema, model), specific)).as("%s: %s", type.getSimpleName(), random)
                        .isEqualTo(writtenWithoutCustomCoders(model, schema, specific));
            }
        }
    }

    /** The same record written by Avro's generic walk of its schema (a map's entries in the same order as above). */
    private static byte[] writtenWithoutCustomCoders(SpecificData model, Schema schema, SpecificRecordBase record) throws IOException {
        synchronized (model) {
            model.setCustomCoders(false);
            try {
                return write(new SpecificDatumWriter<>(schema, model), record);
            } finally {
                model.setCustomCoders(true);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Class<? extends SpecificRecordBase>> generatedRecords() throws Exception {
        Path dir = Path.of(ResourceBinding.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve(ResourceBinding.class.getPackageName().replace('.', '/'));
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".class") && !name.contains("$"))
                    .map(name -> load(ResourceBinding.class.getPackageName() + "." + name.substring(0, name.length() - ".class".length())))
                    .filter(SpecificRecordBase.class::isAssignableFrom)
                    .<Class<? extends SpecificRecordBase>>map(type -> (Class<? extends SpecificRecordBase>) type)
                    .sorted(Comparator.comparing(type -> type.getName()))
                    .toList();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <T> byte[] write(DatumWriter<T> writer, T datum) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        writer.write(datum, encoder);
        encoder.flush();
        return bytes.toByteArray();
    }
}
