package io.fedstream.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;

/**
 * Whether the Kafka brokers answer, as the probes and the exit message need to know: asks them to describe the cluster
 * at each {@link #check} (never more than one question out at once, each answered or failed within {@link #TIMEOUT}),
 * and keeps since when they have not answered.
 */
public final class BrokerReachability implements AutoCloseable {

    /** How long one question may go unanswered before the brokers count as unreachable. */
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final String bootstrapServers;
    private final Supplier<CompletionStage<?>> ask;
    private final LongSupplier nanos;
    private final AutoCloseable client;
    private final long startedNanos;
    private CompletionStage<?> pending;
    private long askedAtNanos;
    private volatile Long unreachableSinceNanos;
    private volatile Instant unreachableSince;
    private volatile boolean answeredOnce;

    BrokerReachability(String bootstrapServers, Supplier<CompletionStage<?>> ask, LongSupplier nanos, AutoCloseable client) {
        this.bootstrapServers = bootstrapServers;
        this.ask = ask;
        this.nanos = nanos;
        this.client = client;
        this.startedNanos = nanos.getAsLong();
    }

    /** Asks the brokers the client's admin properties name, with short timeouts of its own. */
    public static BrokerReachability of(Properties adminProperties) {
        Properties properties = new Properties();
        properties.putAll(adminProperties);
        properties.put(AdminClientConfig.CLIENT_ID_CONFIG, "fedstream-broker-probe");
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        properties.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TIMEOUT.toMillis());
        properties.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 1_000);
        Admin admin = Admin.create(properties);
        return new BrokerReachability(String.valueOf(properties.get(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG)),
                () -> admin.describeCluster(new DescribeClusterOptions().timeoutMs((int) TIMEOUT.toMillis())).clusterId()
                        .toCompletionStage(),
                System::nanoTime, () -> admin.close(Duration.ofSeconds(1)));
    }

    /** Sends a question unless one is still out; its answer (or failure) updates the state. */
    synchronized void check() {
        if (pending != null && !pending.toCompletableFuture().isDone()) {
            if (nanos.getAsLong() - askedAtNanos > TIMEOUT.toNanos()) {
                unreachable();
            }
            return;
        }
        askedAtNanos = nanos.getAsLong();
        CompletionStage<?> question;
        try {
            question = ask.get();
        } catch (RuntimeException e) {
            question = CompletableFuture.failedFuture(e);
        }
        pending = question.whenComplete((answer, failure) -> {
            if (failure == null) {
                reached();
            } else {
                unreachable();
            }
        });
    }

    private synchronized void reached() {
        answeredOnce = true;
        unreachableSinceNanos = null;
        unreachableSince = null;
    }

    private synchronized void unreachable() {
        if (unreachableSinceNanos == null) {
            // Since the last question answered, or since the probe began when none ever was.
            unreachableSinceNanos = answeredOnce ? askedAtNanos : startedNanos;
            unreachableSince = Instant.now().minusNanos(nanos.getAsLong() - unreachableSinceNanos);
        }
    }

    /** The brokers answered the last question. */
    public boolean reachable() {
        return unreachableSinceNanos == null;
    }

    /** How long the brokers have not answered; empty while they answer. */
    public Optional<Duration> unreachableFor() {
        Long since = unreachableSinceNanos;
        return since == null ? Optional.empty() : Optional.of(Duration.ofNanos(nanos.getAsLong() - since));
    }

    /** When they stopped answering; empty while they answer. */
    public Optional<Instant> unreachableSince() {
        return Optional.ofNullable(unreachableSince);
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** {@code 6 min 31 s}, {@code 45 s}: an outage as a person reads it. */
    public static String humanDuration(Duration duration) {
        long seconds = duration.toSeconds();
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (Exception e) {
            // The probe's client holds nothing the process needs once it stops.
        }
    }
}
