package io.fedstream.serde;

import static io.fedstream.serde.TestSchemas.PING;
import static io.fedstream.serde.TestSchemas.PING_V2;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CachingSchemaRegistryTest {

    private final InProcessSchemaRegistry inProcess = new InProcessSchemaRegistry();
    private final CountingSchemaRegistry counting = new CountingSchemaRegistry(inProcess);
    private final AtomicLong nanos = new AtomicLong();
    private final CachingSchemaRegistry cache = new CachingSchemaRegistry(counting, Duration.ofSeconds(30), nanos::get);

    @Test
    void registerReachesTheRegistryOncePerSubjectAndSchema() {
        assertThat(cache.register("pings-value", PING)).isEqualTo(1);
        assertThat(cache.register("pings-value", PING)).isEqualTo(1);
        assertThat(cache.lookup("pings-value", PING)).isEqualTo(1);
        assertThat(cache.getById(1)).isEqualTo(PING);

        assertThat(counting.registers).hasValue(1);
        assertThat(counting.total()).isEqualTo(1);

        assertThat(cache.register("other-value", PING)).isEqualTo(1);
        assertThat(counting.registers).hasValue(2);
    }

    @Test
    void lookupAndGetByIdAreCachedForGood() {
        inProcess.register("pings-value", PING);
        inProcess.register("pings-value", PING_V2);

        for (int i = 0; i < 3; i++) {
            assertThat(cache.lookup("pings-value", PING)).isEqualTo(1);
            assertThat(cache.getById(2)).isEqualTo(PING_V2);
        }

        assertThat(counting.lookups).hasValue(1);
        assertThat(counting.getByIds).hasValue(1);
    }

    @Test
    void latestVersionIsCachedForItsTimeToLive() {
        inProcess.register("pings-value", PING);
        assertThat(cache.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(1, 1, PING));

        inProcess.register("pings-value", PING_V2);
        nanos.set(Duration.ofSeconds(29).toNanos());
        assertThat(cache.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(1, 1, PING));
        assertThat(counting.latests).hasValue(1);

        nanos.set(Duration.ofSeconds(30).toNanos());
        assertThat(cache.latestVersion("pings-value")).isEqualTo(new RegisteredSchema(2, 2, PING_V2));
        assertThat(counting.latests).hasValue(2);
        assertThat(cache.getById(2)).isEqualTo(PING_V2);
        assertThat(counting.getByIds).hasValue(0);
    }
}
