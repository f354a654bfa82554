package io.fedstream.interpret.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Component;
import io.fedstream.interpret.ContainerResources;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;
import io.fedstream.interpret.Problems;
import io.fedstream.interpret.Quantities;
import io.fedstream.interpret.Resources;
import io.fedstream.interpret.ResourcesMemo;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * flink.apache.org/v1beta1 FlinkDeployment: components {@code jobmanager} and
 * {@code taskmanager}, each a pod of the merged pod template whose main container gets the cpu
 * and memory requests and limits Flink computes from the spec, as the Flink Kubernetes operator
 * and Flink's native Kubernetes integration do. The rules and their sources are in
 * docs/interpretation.md.
 */
public final class FlinkDeploymentKind implements KindInterpreter {

    static final String MAIN_CONTAINER = "flink-main-container";
    private static final String SLOTS = "taskmanager.numberOfTaskSlots";
    private static final String PARALLELISM_OVERRIDES = "pipeline.jobvertex-parallelism-overrides";
    private static final java.util.Set<String> OPERATOR_RESOURCE_FIELDS = java.util.Set.of("cpu", "memory", "ephemeralStorage");

    @Override
    public List<KindRef> kinds() {
        return List.of(KindRef.of("flink.apache.org/v1beta1", "FlinkDeployment"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor spec = manifest.field("spec");
        FlinkConfiguration conf = FlinkConfiguration.of(spec.field("flinkConfiguration"));
        long slots = conf.positiveInt(SLOTS, 1);
        boolean standalone = standalone(spec.field("mode"));
        boolean mergeByName = conf.bool("kubernetes.operator.pod-template.merge-arrays-by-name", false);
        Cursor job = spec.field("job");
        Cursor jm = spec.field("jobManager");
        Cursor tm = spec.field("taskManager");

        Cursor jmReplicas = jm.field("replicas");
        long jobManagers = jmReplicas.count(1);
        if (jmReplicas.isPresent() && jobManagers < 1) {
            jmReplicas.error("JobManager replicas should not be configured less than one");
        } else if (jobManagers > 1 && !highAvailability(conf)) {
            jmReplicas.error("standby JobManagers need high availability (high-availability.type)");
        }
        Cursor commonTemplate = spec.field("podTemplate");
        ResourcesMemo memo = new ResourcesMemo(manifest.problems());
        PodRequest jmPod = pod(commonTemplate, true, jm.field("podTemplate"), mergeByName,
                mainContainer(jm, conf, true, slots), memo);

        Cursor tmReplicas = tm.field("replicas");
        Long replicasSet = tmReplicas.optionalCount();
        if (replicasSet != null && replicasSet < 1) {
            tmReplicas.error("TaskManager replicas should not be configured less than one");
        }
        long taskManagers;
        Cursor taskManagersField = tmReplicas;
        if (job.isPresent()) {
            if (replicasSet != null) {
                taskManagers = replicasSet;
            } else {
                Cursor parallelismField = job.field("parallelism");
                long parallelism = parallelismOverride(conf, spec.field("flinkConfiguration"));
                if (parallelism < 1) {
                    parallelism = parallelismField.count(0);
                    if (parallelism < 1) {
                        parallelismField.error("Job parallelism must be larger than 0 when spec.taskManager.replicas is not set");
                    }
                }
                taskManagers = (parallelism + slots - 1) / slots;
                taskManagersField = parallelismField;
            }
        } else if (standalone) {
            taskManagers = replicasSet != null ? replicasSet : 1;
        } else {
            taskManagers = 0; // native session cluster: TaskManagers start on demand
            if (replicasSet != null) {
                tmReplicas.warning("is ignored by the Flink operator in native mode without spec.job: a native session cluster"
                        + " starts TaskManagers on demand for the jobs submitted to it (FlinkSessionJobs are charged for them);"
                        + " for a fixed number, use mode: standalone");
            }
        }
        // The common template was read alone for the JobManager: reading it again could only repeat its errors.
        PodRequest tmPod = pod(commonTemplate, false, tm.field("podTemplate"), mergeByName,
                mainContainer(tm, conf, false, slots), memo);

        return List.of(
                Component.of("jobmanager", jobManagers, jmReplicas, jmPod),
                Component.of("taskmanager", taskManagers, taskManagersField, tmPod));
    }

    private static boolean standalone(Cursor mode) {
        String value = mode.string();
        if (value == null || value.equals("native")) {
            return false;
        }
        if (value.equals("standalone")) {
            return true;
        }
        mode.error("must be native or standalone");
        return false;
    }

    private static boolean highAvailability(FlinkConfiguration conf) {
        Cursor ha = conf.first("high-availability.type", "high-availability");
        String value = ha == null ? null : ha.scalarText();
        return value != null && !value.isBlank() && !value.trim().equalsIgnoreCase("NONE");
    }

    /** The largest per-vertex parallelism override (the autoscaler's), or 0 when there is none. */
    private static long parallelismOverride(FlinkConfiguration conf, Cursor rawConfiguration) {
        long max = 0;
        Cursor raw = rawConfiguration.field(PARALLELISM_OVERRIDES);
        if (raw.node().isObject()) {
            for (Cursor value : raw.entries().values()) {
                max = Math.max(max, value.count(0));
            }
            return max;
        }
        Cursor overrides = conf.get(PARALLELISM_OVERRIDES);
        String text = overrides == null ? null : overrides.scalarText();
        if (text == null || text.isBlank()) {
            return 0;
        }
        for (String entry : text.split(",")) {
            int colon = entry.lastIndexOf(':');
            try {
                max = Math.max(max, Integer.parseInt(entry.substring(colon + 1).trim()));
            } catch (NumberFormatException | IndexOutOfBoundsException e) {
                overrides.error("must be vertexId:parallelism pairs separated by commas");
                return 0;
            }
        }
        return max;
    }

    /**
     * How the main container's resources change: requests and limits of {@code resources}
     * (or {@code resource.ephemeralStorage}) are put into it, then Flink sets cpu and memory,
     * requests and limits (the request times the limit factor).
     */
    private static UnaryOperator<ContainerResources> mainContainer(Cursor component, FlinkConfiguration conf, boolean jm, long slots) {
        Cursor resources = component.field("resources");
        Cursor resource = component.field("resource");
        Cursor requests = resources.field("requests");
        Cursor limits = resources.field("limits");
        boolean useResources = isNonEmptyMapping(requests) || isNonEmptyMapping(limits);
        ContainerResources extras = ContainerResources.NONE;
        Cursor cpuField = null;
        Cursor memoryField = null;
        if (useResources) {
            cpuField = presentOr(requests.field("cpu"), limits, "cpu");
            memoryField = presentOr(requests.field("memory"), limits, "memory");
            extras = new ContainerResources(otherThanCpuAndMemory(requests), otherThanCpuAndMemory(limits));
        } else if (resource.isPresent()) {
            if (!onlyOperatorResourceFields(resource)) {
                return UnaryOperator.identity(); // memory would be missing too: the unknown field is the error to fix
            }
            cpuField = resource.field("cpu");
            memoryField = resource.field("memory");
            Long storage = resource.field("ephemeralStorage").quantity("ephemeral-storage");
            if (storage != null) {
                Resources r = new Resources.Builder(1).add("ephemeral-storage", storage).build();
                extras = new ContainerResources(r, r);
            }
        }

        BigDecimal cores = cpu(cpuField, useResources, conf, jm, slots);
        Long memory = memory(memoryField, conf, jm, component);
        Double cpuFactor = limitFactor(useResources ? requests : null, limits, "cpu", conf,
                jm ? "kubernetes.jobmanager.cpu.limit-factor" : "kubernetes.taskmanager.cpu.limit-factor");
        Double memoryFactor = limitFactor(useResources ? requests : null, limits, "memory", conf,
                jm ? "kubernetes.jobmanager.memory.limit-factor" : "kubernetes.taskmanager.memory.limit-factor");
        Resources.Builder flinkRequests = new Resources.Builder(2);
        Resources.Builder flinkLimits = new Resources.Builder(2);
        if (cores != null && cpuFactor != null) {
            long request = Quantities.toUnits("cpu", cores);
            Long limit = FlinkLimits.cpuLimit(cores, request, cpuFactor);
            if (limit == null) {
                component.error("its cpu (" + cores.toPlainString() + ") x the cpu limit factor (" + cpuFactor
                        + ") does not fit a 64-bit integer of milli-cpu");
            } else {
                flinkRequests.add("cpu", request);
                flinkLimits.add("cpu", limit);
            }
        }
        if (memory != null && memoryFactor != null) {
            long mebibytes = FlinkMemory.containerBytes(memory) / FlinkLimits.MIB;
            flinkRequests.add("memory", mebibytes * FlinkLimits.MIB);
            flinkLimits.add("memory", FlinkLimits.memoryLimitMebibytes(mebibytes, memoryFactor) * FlinkLimits.MIB);
        }
        ContainerResources flink = new ContainerResources(flinkRequests.build(), flinkLimits.build());
        ContainerResources injected = extras;
        return template -> template.overlay(injected).overlay(flink);
    }

    /**
     * Whether {@code resource} holds only what the operator's {@code Resource} has (cpu, memory, ephemeralStorage); an
     * unknown field is an error naming it and the two shapes the operator reads. The operator's CRD would drop such a
     * field, and the component would then have no memory: {@code resource: {requests: {cpu, memory}}} is the usual
     * mix-up of the two shapes.
     */
    private static boolean onlyOperatorResourceFields(Cursor resource) {
        if (!resource.node().isObject()) {
            resource.error("must be a mapping {cpu, memory, ephemeralStorage}");
            return false;
        }
        boolean known = true;
        for (String key : resource.entries().keySet()) {
            if (!OPERATOR_RESOURCE_FIELDS.contains(key)) {
                resource.field(key).error("is not a field of the Flink operator's resource, which reads two shapes:"
                        + " resource: {cpu, memory, ephemeralStorage} (cpu in cores, memory in Flink syntax, e.g. 2048m),"
                        + " or resources: {requests: {cpu, memory}, limits: {...}} (a Kubernetes ResourceRequirements)");
                known = false;
            }
        }
        return known;
    }

    private static boolean isNonEmptyMapping(Cursor resourceList) {
        return resourceList.node().isObject() && !resourceList.node().isEmpty();
    }

    /** The field when present, else the same field of {@code fallback}. */
    private static Cursor presentOr(Cursor field, Cursor fallback, String name) {
        return field.isPresent() ? field : fallback.field(name);
    }

    private static Resources otherThanCpuAndMemory(Cursor resourceList) {
        Map<String, Long> out = new TreeMap<>();
        resourceList.entries().forEach((name, value) -> {
            if (!name.equals("cpu") && !name.equals("memory")) {
                Long units = value.quantity(name);
                if (units != null) {
                    out.put(name, units);
                }
            }
        });
        return Resources.of(out);
    }

    /** Cores: the spec's field, else flinkConfiguration, else the default (1 for the JobManager, slots for a TaskManager). */
    private static BigDecimal cpu(Cursor field, boolean quantity, FlinkConfiguration conf, boolean jm, long slots) {
        if (!jm) {
            Cursor cores = conf.get("taskmanager.cpu.cores"); // Flink lets this win over the Kubernetes option
            if (cores != null) {
                return positiveCores(cores, cores.decimal());
            }
        }
        if (field != null && field.isPresent()) {
            if (quantity) {
                Long milli = field.quantity("cpu");
                if (milli != null && milli == 0) {
                    field.error("must be positive");
                    return null;
                }
                return milli == null ? null : BigDecimal.valueOf(milli, 3);
            }
            return positiveCores(field, field.decimal());
        }
        Cursor configured = jm
                ? conf.first("kubernetes.jobmanager.cpu.amount", "kubernetes.jobmanager.cpu")
                : conf.first("kubernetes.taskmanager.cpu.amount", "kubernetes.taskmanager.cpu");
        if (configured != null) {
            BigDecimal cores = configured.decimal();
            if (jm || (cores != null && cores.signum() > 0)) {
                return positiveCores(configured, cores);
            }
        }
        return BigDecimal.valueOf(jm ? 1 : slots);
    }

    private static BigDecimal positiveCores(Cursor field, BigDecimal cores) {
        if (cores == null) {
            return null;
        }
        if (cores.signum() <= 0) {
            field.error("must be positive");
            return null;
        }
        try {
            Quantities.toUnits("cpu", cores);
        } catch (ArithmeticException e) {
            field.error("does not fit a 64-bit integer of milli-cpu");
            return null;
        }
        return cores;
    }

    /**
     * The limit factor of cpu or memory: with {@code resources} (its requests, null when it is not
     * used, and its limits) that sets both a request and a limit of it, limit / request (as the operator derives it); else the flinkConfiguration key,
     * else 1. Null, with an error, when it is not a number or below 1 (Flink refuses that).
     */
    private static Double limitFactor(Cursor requests, Cursor limits, String name, FlinkConfiguration conf, String key) {
        if (requests != null) {
            Cursor request = requests.field(name);
            Cursor limit = limits.field(name);
            if (request.isPresent() && limit.isPresent()) {
                Double requested = FlinkLimits.numericalAmount(request);
                Double limited = FlinkLimits.numericalAmount(limit);
                if (requested == null || limited == null) {
                    return null;
                }
                if (requested > 0) {
                    return atLeastOne(limit, limited / requested, "is below the request: the operator would set " + key
                            + " to " + limited / requested + ", and Flink refuses a limit factor below 1");
                }
            }
        }
        Cursor configured = conf.get(key);
        if (configured == null) {
            return 1.0;
        }
        BigDecimal factor = configured.decimal();
        if (factor == null) {
            return null;
        }
        return atLeastOne(configured, factor.doubleValue(), "must be at least 1 (Flink refuses a limit factor below 1)");
    }

    private static Double atLeastOne(Cursor field, double factor, String reason) {
        if (Double.isInfinite(factor)) {
            field.error("is not a finite limit factor");
            return null;
        }
        if (!(factor >= 1)) {
            field.error(reason);
            return null;
        }
        return factor;
    }

    /** Process memory in bytes: the spec's field (Flink syntax first), else flinkConfiguration; required. */
    private static Long memory(Cursor field, FlinkConfiguration conf, boolean jm, Cursor component) {
        if (field != null && field.isPresent()) {
            String text = field.scalarText();
            if (text == null) {
                field.error("must be a memory string");
                return null;
            }
            try {
                return FlinkMemory.parseResourceMemory(text);
            } catch (IllegalArgumentException e) {
                field.error(e.getMessage());
                return null;
            }
        }
        Cursor configured = conf.get(jm ? "jobmanager.memory.process.size" : "taskmanager.memory.process.size");
        if (configured != null) {
            try {
                return FlinkMemory.parseMemorySize(String.valueOf(configured.scalarText()));
            } catch (IllegalArgumentException e) {
                configured.error(e.getMessage());
                return null;
            }
        }
        component.field("resource").field("memory").error("is required: the Flink operator refuses a "
                + (jm ? "JobManager" : "TaskManager") + " without memory (resource.memory, resources or "
                + (jm ? "jobmanager" : "taskmanager") + ".memory.process.size)");
        return null;
    }

    /**
     * The pod of one component: each template is first checked alone (the common one only when
     * {@code readCommon}), so errors name their real fields; then the merged template is read
     * with the main container adjusted. Containers the merge shares with a template read
     * before are taken from the memo.
     */
    private static PodRequest pod(Cursor common, boolean readCommon, Cursor component, boolean byName,
            UnaryOperator<ContainerResources> main, ResourcesMemo memo) {
        Problems problems = common.problems();
        int before = problems.size();
        if (readCommon && common.isPresent()) {
            PodRequests.check(common.field("spec"), MAIN_CONTAINER, memo);
        }
        if (component.isPresent()) {
            PodRequests.check(component.field("spec"), MAIN_CONTAINER, memo);
        }
        if (problems.size() > before) {
            return PodRequest.NONE;
        }
        // Only the merged template's spec is read, so only the spec is merged.
        JsonNode mergedSpec = PodTemplateMerge.mergeField(common.node(), component.node(), "spec", byName);
        Cursor mergedTemplate = component.isPresent() ? component : common;
        return PodRequests.of(mergedTemplate.fieldWithNode("spec", mergedSpec), MAIN_CONTAINER, main, memo);
    }
}
