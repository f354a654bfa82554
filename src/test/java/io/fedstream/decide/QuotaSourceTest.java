package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fedstream.admit.ReadingNote;
import io.fedstream.interpret.FieldError;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuotaSourceTest {

    @Test
    void aRefusedVersionWithItsProblemsAndNotesReadsBackAsWritten() {
        QuotaSource source = new QuotaSource("9f2c", List.of(
                new FieldError("spec.overall.cpu", "-1", "must not be negative"),
                new FieldError("spec.overall", null, "is required")),
                List.of(new ReadingNote("spec.overall.memory", "read as 2Gi = 2147483648 bytes")));

        assertThat(QuotaSource.decode(source.encode())).isEqualTo(source);
    }

    @Test
    void anAppliedVersionHasNoProblemsAndEqualSourcesEncodeToEqualBytes() {
        QuotaSource applied = new QuotaSource("ab01", List.of(), List.of());

        assertThat(QuotaSource.decode(applied.encode())).isEqualTo(applied);
        assertThat(applied.encode()).isEqualTo(new QuotaSource("ab01", List.of(), List.of()).encode());
    }

    @Test
    void anEntryInTheEarlierJsonFormIsRefusedNamingTheStore() {
        byte[] json = "{\"digest\":\"9f2c\",\"problems\":[],\"notes\":[]}".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> QuotaSource.decode(json))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(PassState.STORE + "/" + PassState.QUOTA_SOURCES)
                .hasMessageContaining("QuotaSource");
    }
}
