package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_BREAKING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.avro.WorkloadEvent;
import org.junit.jupiter.api.Test;

class InProcessSchemaRegistryTest {

    private final InProcessSchemaRegistry registry = new InProcessSchemaRegistry();

    @Test
    void registerAssignsIdsFromOneAndVersionsPerSubject() {
        assertThat(registry.register("pings-value", PING)).isEqualTo(1);
        assertThat(registry.register("pings-value", PING_V2)).isEqualTo(2);
        assertThat(registry.register("workloads-value", WorkloadEvent.getClassSchema())).isEqualTo(3);

        assertThat(registry.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(2, 2, PING_V2));
        assertThat(registry.latestVersion("workloads-value"))
                .isEqualTo(new RegisteredSchema(3, 1, WorkloadEvent.getClassSchema()));
    }

    @Test
    void registeringAgainReturnsTheSameIdWithoutANewVersion() {
        registry.register("pings-value", PING);
        registry.register("pings-value", PING_V2);

        assertThat(registry.register("pings-value", PING)).isEqualTo(1);
        assertThat(registry.latestVersion("pings-value").version()).isEqualTo(2);
    }

    @Test
    void theSameSchemaUnderTwoSubjectsHasOneId() {
        assertThat(registry.register("a-value", PING)).isEqualTo(1);
        assertThat(registry.register("b-value", PING)).isEqualTo(1);
        assertThat(registry.latestVersion("b-value")).isEqualTo(new RegisteredSchema(1, 1, PING));
    }

    @Test
    void lookupAndGetByIdFindRegisteredSchemas() {
        registry.register("pings-value", PING);
        registry.register("pings-value", PING_V2);

        assertThat(registry.lookup("pings-value", PING)).isEqualTo(1);
        assertThat(registry.lookup("pings-value", PING_V2)).isEqualTo(2);
        assertThat(registry.getById(2)).isEqualTo(PING_V2);
    }

    @Test
    void anIncompatibleSchemaIsRefusedLikeHttp409() {
        registry.register("pings-value", PING);

        assertThatThrownBy(() -> registry.register("pings-value", PING_BREAKING))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.isIncompatible()).isTrue();
                    assertThat(e.httpStatus()).isEqualTo(409);
                })
                .hasMessage("Schema io.fedstream.test.Ping is not backward compatible with version 1 (id 1) of subject"
                        + " 'pings-value': READER_FIELD_MISSING_DEFAULT_VALUE at /fields/2: zone");
        assertThat(registry.latestVersion("pings-value").version()).isEqualTo(1);
    }

    @Test
    void unknownSubjectSchemaAndIdGiveTheConfluentErrorCodes() {
        registry.register("pings-value", PING);

        assertThatThrownBy(() -> registry.lookup("nope-value", PING))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.httpStatus()).isEqualTo(404);
                    assertThat(e.errorCode()).isEqualTo(40401);
                    assertThat(e.isSubjectNotFound()).isTrue();
                })
                .hasMessage("Subject 'nope-value' not found in the in-process registry");
        assertThatThrownBy(() -> registry.lookup("pings-value", PING_V2))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> {
                    assertThat(e.errorCode()).isEqualTo(40403);
                    assertThat(e.isSchemaNotFound()).isTrue();
                })
                .hasMessage("Schema io.fedstream.test.Ping is not registered under subject 'pings-value'");
        assertThatThrownBy(() -> registry.latestVersion("nope-value"))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode()).isEqualTo(40401));
        assertThatThrownBy(() -> registry.getById(7))
                .isInstanceOfSatisfying(SchemaRegistryException.class, e -> assertThat(e.errorCode()).isEqualTo(40403))
                .hasMessage("Schema id 7 not found in the in-process registry");
    }
}
