package io.fedstream.decide;

import io.fedstream.admit.Decision;
import io.fedstream.admit.FederatedResourceQuota;
import io.fedstream.admit.Ledger;
import io.fedstream.admit.ParsedQuota;
import io.fedstream.admit.QuotaParser;
import io.fedstream.admit.ReadingNote;
import io.fedstream.avro.Op;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.interpret.FieldError;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * Brings the ledger's quotas of one namespace up to date with the FederatedResourceQuotas on the policies topic
 * (the task's policies, {@link TaskPolicies}): new and changed versions are applied, deleted ones removed,
 * and a refused version leaves the last valid one in force. Each version is taken in once (by digest), however often
 * the sync runs.
 *
 * <p>A namespace is read again only after the task has taken in a policy change since its last sync: reading and
 * hashing its quotas on every request cost about a twentieth of the admit stage's time (JFR of {@code fedstream
 * bench}). What is remembered lives only as long as this task's processor, so a restarted or moved task reads each
 * namespace once more.
 */
final class QuotaSync {

    static final String KIND = QuotaParser.KIND;
    /** Policy keys of quotas: {@code FederatedResourceQuota/<namespace>/<name>}. */
    static final String POLICY_PREFIX = KIND + "/";

    private static final StringSerializer KEYS = new StringSerializer();

    /** What happened to one quota. */
    sealed interface Change {
        String namespace();

        String name();

        record Applied(String namespace, String name, FederatedResourceQuota quota) implements Change {}

        record Refused(String namespace, String name, PolicyEvent event, List<FieldError> problems) implements Change {}

        record Deleted(String namespace, String name) implements Change {}
    }

    /** The changes taken in and the ledger's decisions they caused. */
    record Outcome(List<Change> changes, List<Decision> decisions) {

        static final Outcome NONE = new Outcome(List.of(), List.of());

        boolean isEmpty() {
            return changes.isEmpty();
        }
    }

    private final QuotaParser parser = new QuotaParser();
    private final ReadOnlyKeyValueStore<String, PolicyEvent> policies;
    private final Section<byte[]> sources;
    private final Ledger ledger;
    private final LongSupplier policyChanges;
    /** Namespace to the task's policy change count when it was last synced. */
    private final Map<String, Long> syncedAt = new HashMap<>();
    /** Namespace to the quotas it took in, as of its last sync. */
    private final Map<String, Map<String, QuotaSource>> takenByNamespace = new HashMap<>();

    /** {@code policyChanges}: the task's policy change count ({@link TaskPolicies#changes}), which moves with every change it takes in. */
    QuotaSync(ReadOnlyKeyValueStore<String, PolicyEvent> policies, Section<byte[]> sources, Ledger ledger,
              LongSupplier policyChanges) {
        this.policies = policies;
        this.sources = sources;
        this.ledger = ledger;
        this.policyChanges = policyChanges;
    }

    Outcome sync(String namespace) {
        // Read before the store: a change applied meanwhile moves the count past this value, so it is read next time.
        long changes = policyChanges.getAsLong();
        Long synced = syncedAt.get(namespace);
        if (synced != null && synced == changes) {
            return Outcome.NONE;
        }
        Outcome outcome = readAgain(namespace);
        syncedAt.put(namespace, changes);
        takenByNamespace.remove(namespace);
        return outcome;
    }

    private Outcome readAgain(String namespace) {
        Map<String, PolicyEvent> published = published(namespace);
        Map<String, QuotaSource> taken = QuotaSource.taken(sources, namespace);
        TreeSet<String> names = new TreeSet<>(published.keySet());
        names.addAll(taken.keySet());
        List<Change> changes = new ArrayList<>();
        List<Decision> decisions = new ArrayList<>();
        for (String name : names) {
            PolicyEvent event = published.get(name);
            QuotaSource source = taken.get(name);
            String key = namespace + "/" + name;
            if (event == null || event.getOp() == Op.DELETE) {
                if (source != null) {
                    decisions.addAll(ledger.deleteQuota(namespace, name));
                    sources.delete(key);
                    changes.add(new Change.Deleted(namespace, name));
                }
                continue;
            }
            String digest = digest(event);
            if (source != null && source.digest().equals(digest)) {
                continue;
            }
            List<FieldError> problems = new ArrayList<>();
            List<ReadingNote> notes = new ArrayList<>();
            FederatedResourceQuota quota = parse(event, namespace, name, problems, notes);
            // A refused version leaves the previous one in force, and so its notes.
            List<ReadingNote> inForceNotes = quota != null ? notes : source != null ? source.notes() : List.of();
            sources.put(key, new QuotaSource(digest, problems, inForceNotes).encode());
            if (quota == null) {
                changes.add(new Change.Refused(namespace, name, event, problems));
            } else {
                decisions.addAll(ledger.upsertQuota(quota));
                changes.add(new Change.Applied(namespace, name, quota));
            }
        }
        return new Outcome(changes, decisions);
    }

    /** Every quota of the namespace the ledger took in, by name: why its latest version was refused, notes on the one in force. */
    Map<String, QuotaSource> taken(String namespace) {
        return takenByNamespace.computeIfAbsent(namespace, ns -> QuotaSource.taken(sources, ns));
    }

    /**
     * Every namespace with a quota the ledger took in, in force or refused: each version taken in leaves its source,
     * so these are all the namespaces that have a status.
     */
    Set<String> namespaces() {
        Set<String> out = new TreeSet<>();
        try (KeyValueIterator<String, byte[]> entries = sources.all()) {
            entries.forEachRemaining(entry -> out.add(entry.key.substring(0, entry.key.indexOf('/'))));
        }
        return out;
    }

    private FederatedResourceQuota parse(
            PolicyEvent event, String namespace, String name, List<FieldError> problems, List<ReadingNote> notes) {
        if (event.getManifest() == null) {
            problems.add(new FieldError("manifest", null, "an UPSERT of a FederatedResourceQuota needs its manifest"));
            return null;
        }
        ParsedQuota parsed = parser.parse(event.getManifest().getBytes(StandardCharsets.UTF_8), namespace);
        if (!parsed.isValid()) {
            problems.addAll(parsed.errors());
            return null;
        }
        if (!parsed.quota().name().equals(name)) {
            problems.add(new FieldError("metadata.name", parsed.quota().name(), "does not match the policy key's name " + name));
            return null;
        }
        notes.addAll(parsed.notes());
        return parsed.quota();
    }

    private Map<String, PolicyEvent> published(String namespace) {
        String prefix = POLICY_PREFIX + namespace + "/";
        Map<String, PolicyEvent> out = new TreeMap<>();
        try (KeyValueIterator<String, PolicyEvent> entries = policies.prefixScan(prefix, KEYS)) {
            entries.forEachRemaining(entry -> {
                String name = entry.key.substring(prefix.length());
                if (!name.isEmpty() && name.indexOf('/') < 0 && entry.value != null) {
                    out.put(name, entry.value);
                }
            });
        }
        return out;
    }

    private static String digest(PolicyEvent event) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(event.getOp().name().getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            if (event.getManifest() != null) {
                sha.update(event.getManifest().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }
}
