package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.WorkloadEvent;
import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;

/** The apply rule that makes every process reading one schemas log in order hold the same registry. */
class SchemaCatalogTest {

    private static final Schema WORKLOAD = WorkloadEvent.getClassSchema();

    private final SchemaCatalog catalog = new SchemaCatalog();

    @Test
    void theFirstOfTwoRecordsForOneVersionWinsAndTheOtherChangesNothing() {
        assertThat(catalog.apply(new SchemaRecord("pings-value", 1, 1, PING))).isTrue();
        // Two processes both saw version 1 and registered different schemas as version 2 with id 2.
        assertThat(catalog.apply(new SchemaRecord("pings-value", 2, 2, PING_V2))).isTrue();
        assertThat(catalog.apply(new SchemaRecord("pings-value", 2, 2, WORKLOAD))).isFalse();

        assertThat(catalog.latest("pings-value")).isEqualTo(new RegisteredSchema(2, 2, PING_V2));
        assertThat(catalog.byId(2)).isEqualTo(PING_V2);
        assertThat(catalog.next("pings-value", PING_V2)).isEqualTo(new SchemaRecord("pings-value", 3, 2, PING_V2));
    }

    @Test
    void anIdTakenByAnotherSchemaUnderAnotherSubjectRefusesTheLaterRecord() {
        catalog.apply(new SchemaRecord("a-value", 1, 1, PING));
        assertThat(catalog.apply(new SchemaRecord("b-value", 1, 1, WORKLOAD))).isFalse();

        assertThat(catalog.subjects()).containsExactly("a-value");
        assertThat(catalog.next("b-value", WORKLOAD)).isEqualTo(new SchemaRecord("b-value", 1, 2, WORKLOAD));
    }

    @Test
    void aSchemaKeepsItsFirstIdUnderEverySubject() {
        catalog.apply(new SchemaRecord("a-value", 1, 1, PING));
        assertThat(catalog.apply(new SchemaRecord("b-value", 1, 5, PING))).isFalse();
        assertThat(catalog.next("b-value", PING)).isEqualTo(new SchemaRecord("b-value", 1, 1, PING));
        assertThat(catalog.apply(new SchemaRecord("b-value", 1, 1, PING))).isTrue();
    }

    @Test
    void duplicatesAndGapsChangeNothing() {
        catalog.apply(new SchemaRecord("a-value", 1, 1, PING));
        assertThat(catalog.apply(new SchemaRecord("a-value", 1, 1, PING))).isFalse();
        assertThat(catalog.apply(new SchemaRecord("a-value", 2, 1, PING))).as("the subject holds it already").isFalse();
        assertThat(catalog.apply(new SchemaRecord("a-value", 3, 2, PING_V2))).as("version 2 is missing").isFalse();

        assertThat(catalog.latest("a-value")).isEqualTo(new RegisteredSchema(1, 1, PING));
    }

    @Test
    void twoCatalogsApplyingOneLogInOrderAgree() {
        List<SchemaRecord> log = List.of(
                new SchemaRecord("a-value", 1, 1, PING),
                new SchemaRecord("b-value", 1, 2, WORKLOAD),
                new SchemaRecord("a-value", 2, 2, PING_V2),
                new SchemaRecord("a-value", 2, 3, PING_V2),
                new SchemaRecord("a-value", 3, 3, PING_V2));
        SchemaCatalog other = new SchemaCatalog();
        log.forEach(catalog::apply);
        log.forEach(other::apply);

        assertThat(catalog.latest("a-value")).isEqualTo(other.latest("a-value")).isEqualTo(new RegisteredSchema(3, 2, PING_V2));
        assertThat(catalog.latest("b-value")).isEqualTo(other.latest("b-value")).isEqualTo(new RegisteredSchema(2, 1, WORKLOAD));
    }
}
