package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Component;
import io.fedstream.interpret.ContainerResources;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.Quantities;
import io.fedstream.interpret.Resources;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * sparkoperator.k8s.io/v1beta2 SparkApplication and ScheduledSparkApplication: a {@code driver}
 * and an {@code executor} component whose Spark container gets the cpu and memory Spark computes
 * from the spec fields and {@code sparkConf} as the Spark operator passes them to spark-submit.
 * The rules and their sources (kubeflow/spark-operator, apache/spark) are in
 * docs/interpretation.md.
 */
public final class SparkApplicationKinds implements KindInterpreter {

    private static final BigDecimal JVM_OVERHEAD_FACTOR = new BigDecimal("0.10");
    private static final BigDecimal NON_JVM_OVERHEAD_FACTOR = new BigDecimal("0.40");
    private static final long MIN_OVERHEAD_MIB = 384;
    private static final long DEFAULT_MEMORY_MIB = 1024;

    /** The driver or the executors: their spec field, Spark option prefix and Spark container name. */
    private enum Role {
        DRIVER("driver", "spark-kubernetes-driver"),
        EXECUTOR("executor", "spark-kubernetes-executor");

        final String name;
        final String container;

        Role(String name, String container) {
            this.name = name;
            this.container = container;
        }
    }

    @Override
    public List<KindRef> kinds() {
        return List.of(
                KindRef.of("sparkoperator.k8s.io/v1beta2", "SparkApplication"),
                KindRef.of("sparkoperator.k8s.io/v1beta2", "ScheduledSparkApplication"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        boolean scheduled = "ScheduledSparkApplication".equals(manifest.field("kind").string());
        Cursor spec = scheduled ? manifest.at("spec.template") : manifest.field("spec");
        if (!spec.isPresent()) {
            spec.error("is required");
            return List.of();
        }
        Cursor conf = spec.field("sparkConf");
        conf.entries(); // a non-mapping is reported once, here

        String type = type(spec.field("type"));
        boolean nonJvm = type.equals("Python") || type.equals("R");
        BigDecimal defaultFactor = defaultOverheadFactor(spec, conf, nonJvm);

        PodRequest driver = pod(spec, conf, Role.DRIVER, defaultFactor, false);
        PodRequest executor = pod(spec, conf, Role.EXECUTOR, defaultFactor, type.equals("Python"));
        return List.of(Component.of("driver", 1, spec.field("driver"), driver), executors(spec, conf, executor));
    }

    private static String type(Cursor field) {
        String type = field.string();
        if (type == null) {
            return "Scala"; // the operator's defaulting webhook
        }
        if (!List.of("Java", "Scala", "Python", "R").contains(type)) {
            field.error("must be Java, Scala, Python or R");
        }
        return type;
    }

    /**
     * Spark's default overhead factor: spark.kubernetes.memoryOverheadFactor, else 0.4 for Python
     * and R, 0.1 for the JVM. The operator passes a non-empty spec.memoryOverheadFactor as that key
     * before the sparkConf entries, so a sparkConf value wins over the field. Spark only requires
     * this key to be non-negative: with 0 the overhead is the minimum.
     */
    private static BigDecimal defaultOverheadFactor(Cursor spec, Cursor conf, boolean nonJvm) {
        Cursor configured = conf.field("spark.kubernetes.memoryOverheadFactor");
        Cursor field = spec.field("memoryOverheadFactor");
        if (!configured.isPresent() && !"".equals(field.scalarText())) {
            configured = field;
        }
        if (configured.isPresent()) {
            return factor(configured, false);
        }
        return nonJvm ? NON_JVM_OVERHEAD_FACTOR : JVM_OVERHEAD_FACTOR;
    }

    private static Component executors(Cursor spec, Cursor conf, PodRequest pod) {
        Cursor dynamic = spec.field("dynamicAllocation");
        boolean dynamicEnabled = dynamic.isPresent()
                ? dynamic.field("enabled").bool(false)
                : sparkBoolean(conf.field("spark.dynamicAllocation.enabled"));
        Cursor instancesField = spec.at("executor.instances");
        Long instances = instancesField.optionalCount();
        if (!instancesField.isPresent()) {
            instancesField = conf.field("spark.executor.instances");
            instances = sparkCount(instancesField);
        }
        if (instances == null && !(dynamic.isPresent() && dynamicEnabled)) {
            instances = 1L; // the operator's default, skipped only when spec.dynamicAllocation enables it
        }
        if (!dynamicEnabled) {
            return Component.of("executor", instances, instancesField, pod);
        }
        // The operator passes spec.dynamicAllocation after sparkConf, so the fields win.
        Long min = dynamicCount(dynamic.field("minExecutors"), conf.field("spark.dynamicAllocation.minExecutors"));
        Long initial = dynamicCount(dynamic.field("initialExecutors"), conf.field("spark.dynamicAllocation.initialExecutors"));
        Cursor maxField = dynamic.field("maxExecutors").isPresent()
                ? dynamic.field("maxExecutors") : conf.field("spark.dynamicAllocation.maxExecutors");
        Long max = dynamicCount(dynamic.field("maxExecutors"), conf.field("spark.dynamicAllocation.maxExecutors"));
        long lower = min == null ? 0 : min;
        if (max != null && max == 0) {
            maxField.error("must be positive (Spark refuses maxExecutors 0 with dynamic allocation)");
        } else if (max != null && lower > max) {
            maxField.error("must not be less than minExecutors (" + lower + ")");
        }
        // Spark's initial target: the largest of minExecutors, initialExecutors and spark.executor.instances.
        long replicas = Math.max(lower, Math.max(initial == null ? 0 : initial, instances == null ? 0 : instances));
        return new Component("executor", replicas, lower, max, pod, instancesField);
    }

    private static Long dynamicCount(Cursor field, Cursor configured) {
        return field.isPresent() ? field.optionalCount() : sparkCount(configured);
    }

    /** The pod of the driver or of one executor: the Spark container as Spark builds it, in the assembled pod. */
    private static PodRequest pod(Cursor spec, Cursor conf, Role role, BigDecimal defaultFactor, boolean pysparkMemory) {
        Cursor fields = spec.field(role.name);
        String prefix = "spark." + role.name;
        Long cpu = cpuRequest(fields, conf, role);
        Long cpuLimit = cpuLimit(fields, conf, role);
        Long memory = memoryMiB(fields.field("memory"), conf.field(prefix + ".memory"), DEFAULT_MEMORY_MIB);
        Long overhead = memoryMiB(fields.field("memoryOverhead"), conf.field(prefix + ".memoryOverhead"), null);
        // Spark checks the role's factor even when an explicit memoryOverhead makes it unused.
        Cursor roleFactor = conf.field(prefix + ".memoryOverheadFactor");
        BigDecimal factor = roleFactor.isPresent() ? factor(roleFactor, true) : defaultFactor;
        if (overhead == null && memory != null) {
            Cursor minimumField = conf.field(prefix + ".minMemoryOverhead"); // Spark 4
            Long minimum = minimumField.isPresent() ? memory(minimumField, SparkMemory.MIB) : Long.valueOf(MIN_OVERHEAD_MIB);
            if (factor != null && minimum != null) {
                long scaled = factor.multiply(BigDecimal.valueOf(memory)).setScale(0, RoundingMode.FLOOR)
                        .min(BigDecimal.valueOf(Long.MAX_VALUE)).longValue();
                overhead = Math.max(scaled, minimum);
            }
        }
        long extra = role == Role.EXECUTOR ? executorExtraMiB(conf, pysparkMemory) : 0;
        if (cpu == null || memory == null || overhead == null) {
            return PodRequest.NONE;
        }
        long bytes;
        try {
            bytes = Math.multiplyExact(Math.addExact(Math.addExact(memory, overhead), extra), SparkMemory.MIB);
        } catch (ArithmeticException e) {
            fields.field("memory").error("memory plus overhead does not fit a 64-bit number of bytes");
            return PodRequest.NONE;
        }
        Map<String, Long> limits = new TreeMap<>(gpu(fields.field("gpu")));
        limits.put("memory", bytes);
        if (cpuLimit != null) {
            limits.put("cpu", cpuLimit);
        }
        ContainerResources spark = new ContainerResources(
                Resources.of(Map.of("cpu", cpu, "memory", bytes)), Resources.of(limits));

        Cursor template = fields.at("template.spec");
        return AssembledPod.optional(template, fields.field("sidecars").elements(), fields.field("initContainers").elements())
                .request(sparkContainer(template, role), resources -> resources.overlay(spark));
    }

    /** Milli-cpu: coreRequest (spark.kubernetes.*.request.cores), else cores (spark.*.cores, default 1). */
    private static Long cpuRequest(Cursor fields, Cursor conf, Role role) {
        Cursor request = fields.field("coreRequest");
        if (!request.isPresent()) {
            request = conf.field("spark.kubernetes." + role.name + ".request.cores");
        }
        if (request.isPresent()) {
            return request.quantity("cpu");
        }
        Cursor cores = fields.field("cores");
        Long count = cores.isPresent() ? cores.optionalCount() : null;
        if (!cores.isPresent()) {
            cores = conf.field("spark." + role.name + ".cores");
            count = cores.isPresent() ? sparkCount(cores) : Long.valueOf(1);
        }
        if (count != null && count < 1) {
            cores.error("must be at least 1");
            return null;
        }
        return count == null ? null : count * 1000;
    }

    /**
     * Milli-cpu of the cpu limit, or null when Spark sets none (the template's own cpu limit then
     * stays): coreLimit (the operator passes it as spark.kubernetes.*.limit.cores, after sparkConf).
     */
    private static Long cpuLimit(Cursor fields, Cursor conf, Role role) {
        Cursor limit = fields.field("coreLimit");
        if (!limit.isPresent()) {
            limit = conf.field("spark.kubernetes." + role.name + ".limit.cores");
        }
        return limit.quantity("cpu");
    }

    /** Off-heap memory (when enabled) and, for Python apps, PySpark worker memory, both added to each executor. */
    private static long executorExtraMiB(Cursor conf, boolean python) {
        long extra = 0;
        if (sparkBoolean(conf.field("spark.memory.offHeap.enabled"))) {
            Cursor size = conf.field("spark.memory.offHeap.size");
            Long bytes = memory(size, 1);
            if (bytes != null && bytes == 0) {
                size.error("must be positive when spark.memory.offHeap.enabled is true");
            } else if (bytes != null) {
                extra += bytes / SparkMemory.MIB;
            }
        }
        if (python) {
            Long pyspark = memory(conf.field("spark.executor.pyspark.memory"), SparkMemory.MIB);
            extra += pyspark == null ? 0 : pyspark;
        }
        return extra;
    }

    /** MiB from the spec field, else the sparkConf key (the operator passes the field after sparkConf), else the default. */
    private static Long memoryMiB(Cursor field, Cursor configured, Long defaultMiB) {
        Cursor source = field.isPresent() ? field : configured;
        return source.isPresent() ? memory(source, SparkMemory.MIB) : defaultMiB;
    }

    private static Long memory(Cursor field, long unitBytes) {
        if (!field.isPresent()) {
            return null;
        }
        String text = field.scalarText();
        if (text == null) {
            field.error("must be a Spark memory string");
            return null;
        }
        try {
            return SparkMemory.parse(text, unitBytes);
        } catch (IllegalArgumentException e) {
            field.error(e.getMessage());
            return null;
        }
    }

    /**
     * An overhead factor as Spark's checks accept it: spark.{driver,executor}.memoryOverheadFactor
     * must be greater than 0, spark.kubernetes.memoryOverheadFactor only not negative.
     */
    private static BigDecimal factor(Cursor field, boolean perRole) {
        BigDecimal factor = field.decimal();
        if (factor != null && perRole && factor.signum() <= 0) {
            field.error("must be greater than 0");
            return null;
        }
        if (factor != null && factor.signum() < 0) {
            field.error("must not be negative");
            return null;
        }
        return factor;
    }

    /** The operator's {@code gpu: {name, quantity}}, which it sets as a limit of the Spark container. */
    private static Map<String, Long> gpu(Cursor gpu) {
        if (!gpu.isPresent()) {
            return Map.of();
        }
        String name = gpu.field("name").requiredString();
        Cursor quantityField = gpu.field("quantity");
        Long quantity = quantityField.optionalCount();
        if (quantity == null && !quantityField.isPresent()) {
            quantityField.error("is required");
        }
        if (name == null || quantity == null) {
            return Map.of();
        }
        return Map.of(name, Quantities.toUnits(name, BigDecimal.valueOf(quantity)));
    }

    /** The container Spark fills in: the template's container of the operator's name, else its first container. */
    private static String sparkContainer(Cursor templateSpec, Role role) {
        JsonNode containers = templateSpec.field("containers").node();
        if (containers.isArray()) {
            for (JsonNode c : containers) {
                if (role.container.equals(c.path("name").asText())) {
                    return role.container;
                }
            }
            if (!containers.isEmpty() && containers.get(0).path("name").isTextual()) {
                return containers.get(0).path("name").asText();
            }
        }
        return role.container;
    }

    /** A sparkConf integer (Spark's intConf: digits, optional sign); null when absent or invalid. */
    private static Long sparkCount(Cursor field) {
        if (!field.isPresent()) {
            return null;
        }
        String text = field.scalarText();
        try {
            long value = Integer.parseInt(text == null ? "" : text.trim());
            if (value >= 0) {
                return value;
            }
            field.error("must not be negative");
        } catch (NumberFormatException e) {
            field.error("must be an integer");
        }
        return null;
    }

    /** A sparkConf boolean (Spark's booleanConf: true or false, any case); false when absent. */
    private static boolean sparkBoolean(Cursor field) {
        if (!field.isPresent()) {
            return false;
        }
        String text = field.scalarText() == null ? "" : field.scalarText().trim().toLowerCase(Locale.ROOT);
        if (!text.equals("true") && !text.equals("false")) {
            field.error("must be true or false");
        }
        return text.equals("true");
    }
}
