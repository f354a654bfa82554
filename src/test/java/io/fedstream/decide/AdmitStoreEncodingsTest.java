package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.admit.LedgerCodecs;
import io.fedstream.admit.NamespaceUsage;
import io.fedstream.serde.StoredEncoding;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The classifiers of the admit step's sections of the pass's state, which the admit step runs at start. */
class AdmitStoreEncodingsTest {

    private static final byte[] VARINT_USAGE = {1, 6, 't', 'e', 'a', 'm', '-', 'a', 0, 0, 0, 0};
    private static final byte[] JSON_SOURCE = "{\"digest\":\"9f2c\",\"problems\":[],\"notes\":[]}".getBytes(StandardCharsets.UTF_8);

    @Test
    void everyLoggedLedgerSectionAndTheQuotaSourcesAreChecked() {
        assertThat(AdmitStores.encodings()).containsOnlyKeys(PassState.QUOTAS, PassState.PENDING, PassState.QUEUE, PassState.QUOTA_SOURCES);
    }

    @Test
    void aLedgerRecordInAvroIsCurrent() {
        assertThat(ledger(LedgerCodecs.USAGE.encode(NamespaceUsage.empty("team-a")))).isEqualTo(StoredEncoding.CURRENT);
    }

    @Test
    void aLedgerRecordInTheVarintEncodingIsEarlier() {
        assertThat(ledger(VARINT_USAGE)).isEqualTo(new StoredEncoding.Earlier(
                "format byte 1, the varint encoding of the ledger in fedstream before commit 29f6ed9"));
    }

    @Test
    void noBytesOrAnotherFormatByteInALedgerStoreAreNeither() {
        assertThat(ledger(new byte[0])).isEqualTo(new StoredEncoding.Unreadable("0 bytes, neither the ledger's Avro (format byte 2) nor"
                + " its earlier varint encoding (format byte 1); first bytes: (none)"));
        assertThat(ledger(new byte[] {3, 1})).isEqualTo(new StoredEncoding.Unreadable("2 bytes, neither the ledger's Avro (format byte 2)"
                + " nor its earlier varint encoding (format byte 1); first bytes: 03 01"));
        assertThat(ledger(JSON_SOURCE)).as("JSON was never the ledger's").isInstanceOf(StoredEncoding.Unreadable.class);
    }

    @Test
    void aQuotaSourceInAvroIsCurrent() {
        assertThat(source(new QuotaSource("9f2c", List.of(), List.of()).encode())).isEqualTo(StoredEncoding.CURRENT);
    }

    @Test
    void aQuotaSourceInJsonIsEarlier() {
        assertThat(source(JSON_SOURCE)).isEqualTo(new StoredEncoding.Earlier(
                "JSON, the encoding of the quota sources in fedstream before commit 48cb41f"));
    }

    @Test
    void noBytesOrOtherBytesInTheQuotaSourcesAreNeither() {
        assertThat(source(new byte[0])).isInstanceOf(StoredEncoding.Unreadable.class);
        assertThat(source(VARINT_USAGE)).as("the varint encoding was never the quota sources'").isEqualTo(new StoredEncoding.Unreadable(
                "12 bytes, neither Avro after format byte 2 nor JSON; first bytes: 01 06 74 65 61 6d 2d 61 ..."));
        assertThat(source("{\"digest\":".getBytes(StandardCharsets.UTF_8))).isInstanceOf(StoredEncoding.Unreadable.class);
    }

    private static StoredEncoding ledger(byte[] value) {
        return AdmitStores.encodings().get(PassState.QUOTAS).of(value);
    }

    private static StoredEncoding source(byte[] value) {
        return AdmitStores.encodings().get(PassState.QUOTA_SOURCES).of(value);
    }
}
