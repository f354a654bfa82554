package io.fedstream.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fedstream.admit.ParsedQuota;
import io.fedstream.admit.QuotaParser;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.Resources;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.place.ParsedPolicy;
import io.fedstream.place.PropagationPolicyParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.stream.Collectors;

/**
 * The benchmark's fleet: N workloads made from the realistic bench manifests (five kinds, taken in turn, each with a
 * unique name) over the namespaces, a FederatedResourceQuota and a PropagationPolicy per namespace, and the capacity
 * each member cluster reports. Workload manifests are made on demand, so 100,000 of them need no memory.
 */
final class BenchFleet {

    /** The kinds of the workload, in the order they take turns; each has {@code manifests/<kind>.json}. */
    static final List<String> KINDS = List.of("Deployment", "StatefulSet", "FlinkDeployment", "PyTorchJob", "Job");
    static final String POLICY_NAME = "bench";
    /** Every {@value}th namespace's quota holds 90% of what its workloads ask, so a few are rejected, as in a real fleet. */
    static final int TIGHT_QUOTA_EVERY = 10;

    private static final String MANIFESTS = "manifests/";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final int workloads;
    private final List<String> namespaces;
    private final List<String> clusters;
    private final List<ObjectNode> templates;
    private final List<Resources> templateTotals;
    /** Some quotas tight and every workload free to go to any cluster (the throughput bench), or the failover shape. */
    private final boolean throughputShape;

    private BenchFleet(int workloads, List<String> namespaces, List<String> clusters, List<ObjectNode> templates,
            List<Resources> templateTotals, boolean throughputShape) {
        this.workloads = workloads;
        this.namespaces = namespaces;
        this.clusters = clusters;
        this.templates = templates;
        this.templateTotals = templateTotals;
        this.throughputShape = throughputShape;
    }

    /** Reads and interprets the bench manifests; fails when one is missing or does not interpret. */
    static BenchFleet of(int workloads, int namespaceCount, List<String> clusters) {
        return of(workloads, namespaceCount, clusters, true);
    }

    /**
     * The failover bench's fleet: every namespace's quota admits all its workloads, and every other namespace (the
     * first, third, ...) runs on the first cluster (its policy's {@code clusterAffinities}: the first cluster, then the
     * others) while the rest run on the others only; so the first cluster holds half of the workloads (with an even
     * number of namespaces), and its failure moves them to the next affinity group, as Karmada's scheduler does.
     */
    static BenchFleet forFailover(int workloads, int namespaceCount, List<String> clusters) {
        return of(workloads, namespaceCount, clusters, false);
    }

    private static BenchFleet of(int workloads, int namespaceCount, List<String> clusters, boolean throughputShape) {
        List<String> namespaces = new ArrayList<>();
        for (int i = 0; i < namespaceCount; i++) {
            namespaces.add(String.format("bench-%03d", i));
        }
        Interpreter interpreter = Interpreter.builtIn();
        List<ObjectNode> templates = new ArrayList<>();
        List<Resources> totals = new ArrayList<>();
        for (String kind : KINDS) {
            byte[] bytes = resource(MANIFESTS + kind + ".json");
            Interpretation interpretation = interpreter.interpret(bytes);
            if (interpretation.outcome() != Interpretation.Outcome.INTERPRETED) {
                throw new IllegalStateException("bench manifest " + kind + ".json does not interpret: " + interpretation.errors());
            }
            templates.add(parse(bytes, kind));
            totals.add(interpretation.total());
        }
        return new BenchFleet(workloads, List.copyOf(namespaces), List.copyOf(clusters), templates, totals, throughputShape);
    }

    int size() {
        return workloads;
    }

    List<String> namespaces() {
        return namespaces;
    }

    List<String> clusters() {
        return clusters;
    }

    private String namespaceOf(int i) {
        return namespaces.get(i % namespaces.size());
    }

    /** Workload {@code i}'s manifest (JSON): its kind and namespace by turn, a name unique in the fleet. */
    String manifestOf(int i) {
        return workload(i).toString();
    }

    /** Hands every workload's key and manifest (JSON) to {@code sink}, in order. */
    void forEachWorkload(BiConsumer<String, String> sink) {
        for (int i = 0; i < workloads; i++) {
            ObjectNode manifest = workload(i);
            JsonNode metadata = manifest.get("metadata");
            String key = new WorkloadId(manifest.get("apiVersion").asText(), manifest.get("kind").asText(),
                    metadata.get("namespace").asText(), metadata.get("name").asText()).key();
            sink.accept(key, manifest.toString());
        }
    }

    private ObjectNode workload(int i) {
        ObjectNode manifest = templates.get(i % KINDS.size()).deepCopy();
        ObjectNode metadata = (ObjectNode) manifest.get("metadata");
        metadata.put("name", metadata.get("name").asText() + "-" + i);
        metadata.put("namespace", namespaceOf(i));
        return manifest;
    }

    /** Policy-topic key ({@code kind/namespace/name}) to manifest: a quota and a propagation policy per namespace. */
    Map<String, String> policies() {
        Map<String, Resources> demand = demandByNamespace();
        Map<String, String> policies = new LinkedHashMap<>();
        for (int n = 0; n < namespaces.size(); n++) {
            String namespace = namespaces.get(n);
            Resources asked = demand.getOrDefault(namespace, Resources.NONE);
            boolean tight = throughputShape && n % TIGHT_QUOTA_EVERY == TIGHT_QUOTA_EVERY - 1;
            Resources hard = tight ? scaled(asked, 9, 10) : scaled(asked, 2, 1);
            policies.put(QuotaParser.KIND + "/" + namespace + "/" + POLICY_NAME, quota(namespace, hard));
            policies.put(PropagationPolicyParser.NAMESPACED_KIND + "/" + namespace + "/" + POLICY_NAME, propagationPolicy(namespace, n));
        }
        return policies;
    }

    /** What one member cluster reports as allocatable: room for the whole fleet, so placement never runs out. */
    Map<String, String> clusterAllocatable() {
        Resources all = Resources.NONE;
        for (Resources namespaceDemand : demandByNamespace().values()) {
            all = all.plus(namespaceDemand);
        }
        return all.toQuantities();
    }

    private Map<String, Resources> demandByNamespace() {
        Map<String, Resources> demand = new TreeMap<>();
        for (int i = 0; i < workloads; i++) {
            demand.merge(namespaceOf(i), templateTotals.get(i % KINDS.size()), Resources::plus);
        }
        return demand;
    }

    /** {@code amounts} times a fraction, rounded down; counted resources other than cpu (pods, GPUs) stay whole. */
    private static Resources scaled(Resources amounts, long numerator, long denominator) {
        Map<String, Long> out = new TreeMap<>();
        amounts.amounts().forEach((name, amount) -> {
            long scaled = Math.multiplyExact(amount, numerator) / denominator;
            boolean whole = !Resources.isByteResource(name) && !name.equals("cpu");
            out.put(name, whole ? scaled - scaled % 1000 : scaled);
        });
        return Resources.of(out);
    }

    private String quota(String namespace, Resources hard) {
        ObjectNode root = header(QuotaParser.API_VERSION, QuotaParser.KIND, namespace);
        ObjectNode overall = root.putObject("spec").putObject("overall");
        hard.toQuantities().forEach(overall::put);
        ParsedQuota parsed = new QuotaParser().read(root, namespace);
        if (!parsed.isValid()) {
            throw new IllegalStateException("the bench quota of " + namespace + " is refused: " + messages(parsed.errors()));
        }
        return root.toString();
    }

    /** The {@code n}th namespace's policy: over every cluster, or in the failover shape on the first or the others. */
    private String propagationPolicy(String namespace, int n) {
        ObjectNode root = header(PropagationPolicyParser.API_VERSION, PropagationPolicyParser.NAMESPACED_KIND, namespace);
        ObjectNode spec = root.putObject("spec");
        ArrayNode selectors = spec.putArray("resourceSelectors");
        for (ObjectNode template : templates) {
            selectors.addObject().put("apiVersion", template.get("apiVersion").asText()).put("kind", template.get("kind").asText());
        }
        ObjectNode placement = spec.putObject("placement");
        List<String> others = clusters.subList(1, clusters.size());
        if (throughputShape) {
            clusterNames(placement.putObject("clusterAffinity"), clusters);
        } else if (n % 2 == 0) {
            ArrayNode groups = placement.putArray("clusterAffinities");
            clusterNames(groups.addObject().put("affinityName", "first"), clusters.subList(0, 1));
            clusterNames(groups.addObject().put("affinityName", "others"), others);
        } else {
            clusterNames(placement.putObject("clusterAffinity"), others);
        }
        // One cluster per workload, as before: a plain Duplicated workload would run a copy on every cluster.
        placement.putArray("spreadConstraints").addObject().put("spreadByField", "cluster").put("maxGroups", 1);
        ParsedPolicy parsed = new PropagationPolicyParser().read(root, namespace);
        if (!parsed.errors().isEmpty()) {
            throw new IllegalStateException("the bench propagation policy of " + namespace + " is refused: " + messages(parsed.errors()));
        }
        return root.toString();
    }

    private static void clusterNames(ObjectNode affinity, List<String> names) {
        ArrayNode array = affinity.putArray("clusterNames");
        names.forEach(array::add);
    }

    private static ObjectNode header(String apiVersion, String kind, String namespace) {
        ObjectNode root = JSON.createObjectNode().put("apiVersion", apiVersion).put("kind", kind);
        root.putObject("metadata").put("name", POLICY_NAME).put("namespace", namespace);
        return root;
    }

    private static String messages(List<FieldError> errors) {
        return errors.stream().map(FieldError::message).collect(Collectors.joining("; "));
    }

    private static ObjectNode parse(byte[] bytes, String kind) {
        try {
            return (ObjectNode) JSON.readTree(bytes);
        } catch (IOException | ClassCastException e) {
            throw new IllegalStateException("bench manifest " + kind + ".json is not a JSON object: " + e.getMessage(), e);
        }
    }

    private static byte[] resource(String name) {
        try (InputStream in = BenchFleet.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("no resource io/fedstream/bench/" + name + " on the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
