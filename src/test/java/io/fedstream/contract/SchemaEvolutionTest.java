package io.fedstream.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.io.ByteArrayOutputStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaCompatibility.SchemaCompatibilityType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Proves every Avro contract in schemas/ reads data written with its previous released version. */
class SchemaEvolutionTest {

    private static final Path CURRENT = Path.of("schemas");
    private static final Path PREVIOUS = CURRENT.resolve("previous");

    static Stream<String> topLevelSchemas() throws IOException {
        return parseDirectory(CURRENT).keySet().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("topLevelSchemas")
    void currentSchemaReadsDataWrittenWithPreviousVersion(String fullName) throws IOException {
        Schema current = parseDirectory(CURRENT).get(fullName);
        Schema previous = parseDirectory(PREVIOUS).get(fullName);
        assertThat(previous)
                .as("schemas/previous must keep the released version of %s", fullName)
                .isNotNull();

        SchemaCompatibility.SchemaPairCompatibility result =
                SchemaCompatibility.checkReaderWriterCompatibility(current, previous);

        assertThat(result.getType())
                .as("%s is not backward compatible: %s", fullName, result.getResult().getIncompatibilities())
                .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
    }

    @Test
    void checkRejectsAFieldAddedWithoutDefault() {
        Schema old = record("{\"name\":\"id\",\"type\":\"string\"}");
        Schema changed = record("{\"name\":\"id\",\"type\":\"string\"},{\"name\":\"size\",\"type\":\"long\"}");

        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(changed, old).getType())
                .isEqualTo(SchemaCompatibilityType.INCOMPATIBLE);
    }

    @Test
    void checkAcceptsAFieldAddedWithDefault() {
        Schema old = record("{\"name\":\"id\",\"type\":\"string\"}");
        Schema changed =
                record("{\"name\":\"id\",\"type\":\"string\"},{\"name\":\"size\",\"type\":\"long\",\"default\":0}");

        assertThat(SchemaCompatibility.checkReaderWriterCompatibility(changed, old).getType())
                .isEqualTo(SchemaCompatibilityType.COMPATIBLE);
    }

    @Test
    void everyContractOfTheDesignExists() throws IOException {
        assertThat(parseDirectory(CURRENT).keySet())
                .contains(
                        "io.fedstream.avro.WorkloadEvent",
                        "io.fedstream.avro.PolicyEvent",
                        "io.fedstream.avro.ClusterHealthEvent",
                        "io.fedstream.avro.WorkloadStatusEvent",
                        "io.fedstream.avro.ResourceBinding",
                        "io.fedstream.avro.QuotaStatus",
                        "io.fedstream.avro.ClusterStateEvent",
                        "io.fedstream.avro.MigrationCommand",
                        "io.fedstream.avro.MigrationEvent",
                        "io.fedstream.avro.AuditEvent");
    }

    @Test
    void aCopysStatusWrittenBeforeObjectVersionsAndHealthReasonsReadsWithoutThem() throws IOException {
        Schema previous = parseDirectory(PREVIOUS).get("io.fedstream.avro.WorkStatusEvent");
        Schema current = parseDirectory(CURRENT).get("io.fedstream.avro.WorkStatusEvent");
        GenericData.Record dispatch = new GenericData.Record(previous.getField("dispatch").schema().getTypes().get(1));
        dispatch.put("state", new GenericData.EnumSymbol(dispatch.getSchema().getField("state").schema(), "APPLIED"));
        dispatch.put("generation", 3L);
        GenericData.Record observation = new GenericData.Record(previous.getField("observation").schema().getTypes().get(1));
        observation.put("present", true);
        observation.put("health", new GenericData.EnumSymbol(observation.getSchema().getField("health").schema(), "HEALTHY"));
        GenericData.Record written = new GenericData.Record(previous);
        written.put("workloadKey", "apps/Deployment/shop/web");
        written.put("cluster", "member1");
        written.put("dispatch", dispatch);
        written.put("observation", observation);
        written.put("observedAt", 1L);
        GenericData.Record read = writtenThenRead(written, previous, current);

        assertThat(((GenericData.Record) read.get("dispatch")).get("objectVersion")).isNull();
        assertThat(((GenericData.Record) read.get("dispatch")).get("generation")).isEqualTo(3L);
        assertThat(((GenericData.Record) read.get("observation")).get("objectVersion")).isNull();
        assertThat(((GenericData.Record) read.get("observation")).get("healthReason")).isNull();
        assertThat(((GenericData.Record) read.get("observation")).get("health").toString()).isEqualTo("HEALTHY");
    }

    @Test
    void aBindingWrittenBeforeRoomNotesAndWarningsReadsWithNoneOfEither() throws IOException {
        Schema previous = parseDirectory(PREVIOUS).get("io.fedstream.avro.ResourceBinding");
        Schema current = parseDirectory(CURRENT).get("io.fedstream.avro.ResourceBinding");
        Schema interpretationSchema = previous.getField("interpretation").schema();
        GenericData.Record interpretation = new GenericData.Record(interpretationSchema);
        interpretation.put("state", new GenericData.EnumSymbol(interpretationSchema.getField("state").schema(), "INTERPRETED"));
        interpretation.put("interpreter", "built-in:apps/v1/Deployment");
        interpretation.put("errors", List.of());
        Schema admissionSchema = previous.getField("admission").schema();
        GenericData.Record admission = new GenericData.Record(admissionSchema);
        admission.put("state", new GenericData.EnumSymbol(admissionSchema.getField("state").schema(), "ADMITTED"));
        admission.put("rejections", List.of());
        admission.put("charged", Map.of());
        Schema placementSchema = previous.getField("placement").schema().getTypes().get(1);
        Schema targetSchema = placementSchema.getField("clusters").schema().getElementType();
        GenericData.Record target = new GenericData.Record(targetSchema);
        target.put("name", "member1");
        GenericData.Record placement = new GenericData.Record(placementSchema);
        placement.put("clusters", List.of(target));
        placement.put("scheduling", new GenericData.EnumSymbol(placementSchema.getField("scheduling").schema(), "DUPLICATED"));
        placement.put("decidedBy", "scheduler");
        GenericData.Record written = new GenericData.Record(previous);
        written.put("workloadKey", "apps/Deployment/shop/web");
        written.put("apiVersion", "apps/v1");
        written.put("kind", "Deployment");
        written.put("namespace", "shop");
        written.put("name", "web");
        written.put("labels", Map.of());
        written.put("generation", 1L);
        written.put("components", List.of());
        written.put("total", Map.of());
        written.put("totalLimits", Map.of());
        written.put("interpretation", interpretation);
        written.put("admission", admission);
        written.put("placement", placement);
        written.put("observedAt", 1L);
        written.put("updatedAt", 1L);
        GenericData.Record read = writtenThenRead(written, previous, current);

        GenericData.Record readPlacement = (GenericData.Record) read.get("placement");
        assertThat((List<?>) readPlacement.get("roomNotes")).isEmpty();
        assertThat(((GenericData.Record) ((List<?>) readPlacement.get("clusters")).get(0)).get("name").toString()).isEqualTo("member1");
        assertThat((List<?>) ((GenericData.Record) read.get("interpretation")).get("warnings")).isEmpty();
    }

    @Test
    void aCommandWrittenBeforeTargetRoomNotesReadsWithNone() throws IOException {
        Schema previous = parseDirectory(PREVIOUS).get("io.fedstream.avro.MigrationCommand");
        Schema current = parseDirectory(CURRENT).get("io.fedstream.avro.MigrationCommand");
        GenericData.Record written = new GenericData.Record(previous);
        written.put("commandId", "apps/Deployment/shop/web/i-1/a1");
        written.put("incidentId", "i-1");
        written.put("workloadKey", "apps/Deployment/shop/web");
        written.put("action", new GenericData.EnumSymbol(previous.getField("action").schema(), "MIGRATE"));
        written.put("attempt", 1);
        written.put("sourceCluster", "member1");
        written.put("targetCluster", "member2");
        written.put("remainingCandidates", List.of());
        written.put("strategy", new GenericData.EnumSymbol(previous.getField("strategy").schema(), "GRACEFUL_SHUTDOWN"));
        written.put("consumerGroupOffsets", List.of());
        written.put("preservedState", Map.of());
        written.put("purgeMode", new GenericData.EnumSymbol(previous.getField("purgeMode").schema(), "Gracefully"));
        written.put("checkpointStorage", Map.of());
        written.put("fullStateBytes", 0L);
        written.put("incrementalBytes", 0L);
        written.put("issuedAt", 1L);
        GenericData.Record read = writtenThenRead(written, previous, current);

        assertThat(read.get("targetRoomNote")).isNull();
        assertThat(read.get("targetCluster").toString()).isEqualTo("member2");
    }

    /** A workload's record of the released version reads with no migrations (nor incidents, nor copies waiting) of its own. */
    @Test
    void aWorkloadRecordWrittenBeforeItKeptItsMigrationsReadsWithNone() throws IOException {
        Schema previous = parseDirectory(PREVIOUS).get("io.fedstream.avro.WorkloadRecord");
        Schema current = parseDirectory(CURRENT).get("io.fedstream.avro.WorkloadRecord");
        GenericData.Record written = new GenericData.Record(previous);
        previous.getFields().forEach(field -> written.put(field.name(), null));
        written.put("manifest", "kind: Deployment");
        written.put("holdings", List.of());
        GenericData.Record read = writtenThenRead(written, previous, current);

        assertThat(previous.getField("migrations")).as("the released version has none").isNull();
        assertThat((Map<?, ?>) read.get("migrations")).isEmpty();
        assertThat((Map<?, ?>) read.get("incidents")).isEmpty();
        assertThat((Map<?, ?>) read.get("staleCopies")).isEmpty();
        assertThat(read.get("manifest").toString()).isEqualTo("kind: Deployment");
    }

    /** {@code written} encoded with the {@code previous} schema, then decoded as the {@code current} one reads it. */
    private static GenericData.Record writtenThenRead(GenericData.Record written, Schema previous, Schema current) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new GenericDatumWriter<GenericData.Record>(previous).write(written, encoder);
        encoder.flush();
        return new GenericDatumReader<GenericData.Record>(previous, current)
                .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));
    }

    private static Schema record(String fields) {
        return new Schema.Parser()
                .parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[" + fields + "]}");
    }

    /**
     * Parses common/ first (the shared types), then every top-level schema, then internal/ (which uses them), keyed by
     * full name. The previous versions also get the shared types new since their release, and only those: a schema new
     * since then may use them, and its first version is kept in previous/ as it will be released.
     */
    private static Map<String, Schema> parseDirectory(Path dir) throws IOException {
        Schema.Parser parser = new Schema.Parser();
        for (Path file : avscFiles(dir.resolve("common"))) {
            parser.parse(file.toFile());
        }
        if (!dir.equals(CURRENT)) {
            Set<String> released = parser.getTypes().keySet();
            parser.addTypes(sharedTypes(CURRENT).values().stream().filter(type -> !released.contains(type.getFullName())).toList());
        }
        Map<String, Schema> topLevel = new TreeMap<>();
        for (Path file : avscFiles(dir)) {
            Schema schema = parser.parse(file.toFile());
            topLevel.put(schema.getFullName(), schema);
        }
        for (Path file : avscFiles(dir.resolve("internal"))) {
            Schema schema = parser.parse(file.toFile());
            topLevel.put(schema.getFullName(), schema);
        }
        return topLevel;
    }

    /** Every named type that common/ defines, nested ones too, by full name. */
    private static Map<String, Schema> sharedTypes(Path dir) throws IOException {
        Schema.Parser parser = new Schema.Parser();
        for (Path file : avscFiles(dir.resolve("common"))) {
            parser.parse(file.toFile());
        }
        return parser.getTypes();
    }

    private static List<Path> avscFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".avsc")).sorted().toList();
        }
    }
}
