package io.fedstream.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.avro.Reservation;
import io.fedstream.interpret.Resources;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterReservationsTest {

    private static final Duration TTL = Duration.ofMinutes(2);
    private static final long T0 = 1_000_000L;

    @TempDir
    Path stateDir;

    private ReserveDriver driver;
    private final AtomicInteger scans = new AtomicInteger();
    private ClusterReservations reservations;

    @BeforeEach
    void start() {
        driver = new ReserveDriver(stateDir);
        reservations = new ClusterReservations(counting(driver.reservations()), TTL);
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    @Test
    void aClusterIsScannedOnceWhenFirstTouchedAndExpiresWithoutAnotherScan() {
        reservations.hold("member1", "team-a/orders", reservation("4", T0));
        reservations.hold("member1", "team-a/billing", reservation("2", T0 + 10_000));
        int scansToLoad = scans.get();

        for (long t = T0; t < T0 + TTL.toMillis(); t += 5_000) {
            assertThat(reservations.heldBesides("member1", "nobody", t)).isEqualTo(cpu("6"));
        }
        assertThat(reservations.heldBesides("member1", "nobody", T0 + TTL.toMillis())).isEqualTo(cpu("2"));
        assertThat(reservations.heldBesides("member1", "nobody", T0 + TTL.toMillis() + 9_999)).isEqualTo(cpu("2"));
        assertThat(reservations.heldBesides("member1", "nobody", T0 + TTL.toMillis() + 10_000)).isEqualTo(cpu("0"));
        assertThat(scans).as("the time index lives in memory").hasValue(scansToLoad);
        assertThat(driver.reservation("member1", "team-a/orders")).isNull();
    }

    @Test
    void afterARestartTheTimeIndexIsRebuiltFromTheEntriesAndAnEarlierVersionsIndexEntriesAreDeleted() {
        reservations.hold("member1", "team-a/orders", reservation("4", T0));
        reservations.hold("member1", "team-a/billing", reservation("2", T0 + 10_000));
        KeyValueStore<String, Reservation> store = driver.reservations();
        store.put("member1\u0002" + String.format("%020d", T0) + "\u0000team-a/orders", reservation("4", T0));

        ClusterReservations restarted = new ClusterReservations(store, TTL);

        assertThat(restarted.heldBesides("member1", "nobody", T0 + TTL.toMillis())).as("orders expired").isEqualTo(cpu("2"));
        assertThat(restarted.heldBesides("member1", "nobody", T0 + TTL.toMillis() + 10_000)).isEqualTo(cpu("0"));
        try (var all = store.all()) {
            assertThat(all).toIterable().extracting(entry -> entry.key).containsExactly("member1\u0001");
        }
    }

    @Test
    void aReservationOlderThanTheOnesSeenMakesTheNextScanComeSooner() {
        reservations.hold("member1", "team-a/orders", reservation("4", T0 + 60_000));
        assertThat(reservations.heldBesides("member1", "nobody", T0 + 60_000)).isEqualTo(cpu("4"));

        // A request processed again keeps its first, earlier reservation time.
        reservations.hold("member1", "team-a/billing", reservation("2", T0));

        assertThat(reservations.heldBesides("member1", "nobody", T0 + TTL.toMillis())).as("billing expired, orders not")
                .isEqualTo(cpu("4"));
    }

    private static Reservation reservation(String cpu, long at) {
        return Reservation.newBuilder().setRequestId("r-" + at).setAmounts(Map.of("cpu", cpu)).setReservedAt(Instant.ofEpochMilli(at)).build();
    }

    private static Resources cpu(String amount) {
        return Resources.fromQuantities(Map.of("cpu", amount));
    }

    /** The store, counting its prefix scans. */
    @SuppressWarnings("unchecked")
    private KeyValueStore<String, Reservation> counting(KeyValueStore<String, Reservation> store) {
        return (KeyValueStore<String, Reservation>) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {KeyValueStore.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("prefixScan")) {
                        scans.incrementAndGet();
                    }
                    try {
                        return method.invoke(store, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
