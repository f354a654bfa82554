package io.fedstream.admit;

import io.fedstream.interpret.Resources;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Compact, deterministic binary codecs for the ledger's state: a format byte, then the fields
 * in declaration order; strings as varint length + UTF-8, numbers as zig-zag varints, maps
 * sorted by key. Equal values encode to equal bytes, so a store never rewrites unchanged state.
 */
public final class LedgerCodecs {

    /** Bumped on any layout change; a decoder refuses formats it does not know. */
    private static final byte FORMAT = 1;

    public static final Codec<FederatedResourceQuota> QUOTA = codec("FederatedResourceQuota", LedgerCodecs::writeQuota, LedgerCodecs::readQuota);
    public static final Codec<NamespaceUsage> USAGE = codec("NamespaceUsage", LedgerCodecs::writeUsage, LedgerCodecs::readUsage);
    public static final Codec<AdmittedWorkload> ADMITTED = codec("AdmittedWorkload", LedgerCodecs::writeAdmitted, LedgerCodecs::readAdmitted);
    public static final Codec<PendingWorkload> PENDING = codec("PendingWorkload", LedgerCodecs::writePending, LedgerCodecs::readPending);
    public static final Codec<Aggregate> AGGREGATE = codec("Aggregate", LedgerCodecs::writeAggregate, LedgerCodecs::readAggregate);

    private LedgerCodecs() {}

    private interface Writer<T> {
        void write(Out out, T value);
    }

    private static <T> Codec<T> codec(String type, Writer<T> writer, Function<In, T> reader) {
        return new Codec<>() {
            @Override
            public byte[] encode(T value) {
                Out out = new Out();
                out.bytes.write(FORMAT);
                writer.write(out, value);
                return out.bytes.toByteArray();
            }

            @Override
            public T decode(byte[] bytes) {
                if (bytes == null || bytes.length == 0 || bytes[0] != FORMAT) {
                    throw new IllegalArgumentException("not a " + type + " in ledger format " + FORMAT);
                }
                In in = new In(bytes);
                try {
                    T value = reader.apply(in);
                    if (in.position != bytes.length) {
                        throw new IllegalArgumentException((bytes.length - in.position) + " bytes left over");
                    }
                    return value;
                } catch (RuntimeException e) {
                    throw new IllegalArgumentException("corrupt " + type + " (" + bytes.length + " bytes): " + e.getMessage(), e);
                }
            }
        };
    }

    private static void writeQuota(Out out, FederatedResourceQuota q) {
        out.string(q.namespace());
        out.string(q.name());
        out.resources(q.overall());
        out.number(q.staticAssignments().size());
        for (FederatedResourceQuota.StaticAssignment a : q.staticAssignments()) {
            out.string(a.clusterName());
            out.resources(a.hard());
        }
    }

    private static FederatedResourceQuota readQuota(In in) {
        String namespace = in.string();
        String name = in.string();
        Resources overall = in.resources();
        int n = in.count();
        List<FederatedResourceQuota.StaticAssignment> assignments = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            assignments.add(new FederatedResourceQuota.StaticAssignment(in.string(), in.resources()));
        }
        return new FederatedResourceQuota(namespace, name, overall, assignments);
    }

    private static void writeUsage(Out out, NamespaceUsage u) {
        out.string(u.namespace());
        out.resources(u.overall());
        out.clusters(u.clusters());
        out.number(u.admitted());
        out.number(u.nextSequence());
    }

    private static NamespaceUsage readUsage(In in) {
        return new NamespaceUsage(in.string(), in.resources(), in.clusters(), in.number(), in.number());
    }

    private static void writeAdmitted(Out out, AdmittedWorkload a) {
        out.string(a.namespace());
        out.string(a.workloadKey());
        out.number(a.generation());
        out.number(a.priority());
        out.charge(a.charge());
    }

    private static AdmittedWorkload readAdmitted(In in) {
        return new AdmittedWorkload(in.string(), in.string(), in.number(), Math.toIntExact(in.number()), in.charge());
    }

    private static void writePending(Out out, PendingWorkload p) {
        out.string(p.namespace());
        out.string(p.workloadKey());
        out.number(p.generation());
        out.number(p.priority());
        out.number(p.sequence());
        out.charge(p.charge());
        out.number(p.violations().size());
        for (Violation v : p.violations()) {
            out.string(v.quota());
            out.number(v.cluster() == null ? 0 : 1);
            if (v.cluster() != null) {
                out.string(v.cluster());
            }
            out.string(v.resource());
            out.number(v.hard());
            out.number(v.used());
            out.number(v.requested());
        }
    }

    private static PendingWorkload readPending(In in) {
        String namespace = in.string();
        String key = in.string();
        long generation = in.number();
        int priority = Math.toIntExact(in.number());
        long sequence = in.number();
        Charge charge = in.charge();
        int n = in.count();
        List<Violation> violations = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            String quota = in.string();
            String cluster = in.number() == 0 ? null : in.string();
            violations.add(new Violation(quota, cluster, in.string(), in.number(), in.number(), in.number()));
        }
        return new PendingWorkload(namespace, key, generation, priority, sequence, charge, violations);
    }

    private static void writeAggregate(Out out, Aggregate a) {
        out.number(a.workloads());
        out.number(a.replicas());
        out.resources(a.resources());
    }

    private static Aggregate readAggregate(In in) {
        return new Aggregate(in.number(), in.number(), in.resources());
    }

    /** The writing side of the format. */
    private static final class Out {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);

        void number(long value) {
            long zigzag = (value << 1) ^ (value >> 63);
            while ((zigzag & ~0x7FL) != 0) {
                bytes.write((int) ((zigzag & 0x7F) | 0x80));
                zigzag >>>= 7;
            }
            bytes.write((int) zigzag);
        }

        void string(String s) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            number(utf8.length);
            bytes.writeBytes(utf8);
        }

        void resources(Resources r) {
            number(r.amounts().size());
            r.amounts().forEach((name, amount) -> {
                string(name);
                number(amount);
            });
        }

        void clusters(SortedMap<String, Resources> clusters) {
            number(clusters.size());
            clusters.forEach((cluster, amounts) -> {
                string(cluster);
                resources(amounts);
            });
        }

        void charge(Charge c) {
            resources(c.overall());
            clusters(c.clusters());
        }
    }

    /** The reading side of the format; every read checks the bounds. */
    private static final class In {
        final byte[] bytes;
        int position = 1;

        In(byte[] bytes) {
            this.bytes = bytes;
        }

        long number() {
            long zigzag = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (position >= bytes.length) {
                    throw new IllegalArgumentException("truncated");
                }
                byte b = bytes[position++];
                zigzag |= (long) (b & 0x7F) << shift;
                if ((b & 0x80) == 0) {
                    return (zigzag >>> 1) ^ -(zigzag & 1);
                }
            }
            throw new IllegalArgumentException("varint longer than 64 bits");
        }

        int count() {
            long n = number();
            if (n < 0 || n > bytes.length - position) {
                throw new IllegalArgumentException("impossible length " + n);
            }
            return (int) n;
        }

        String string() {
            int length = count();
            try {
                String s = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes, position, length))
                        .toString();
                position += length;
                return s;
            } catch (CharacterCodingException e) {
                throw new IllegalArgumentException("malformed UTF-8");
            }
        }

        Resources resources() {
            int n = count();
            TreeMap<String, Long> amounts = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                amounts.put(string(), number());
            }
            return Resources.of(amounts);
        }

        TreeMap<String, Resources> clusters() {
            int n = count();
            TreeMap<String, Resources> clusters = new TreeMap<>();
            for (int i = 0; i < n; i++) {
                clusters.put(string(), resources());
            }
            return clusters;
        }

        Charge charge() {
            return new Charge(resources(), clusters());
        }
    }
}
