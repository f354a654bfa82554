package io.fedstream.interpret;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The effective request and the limits of one pod spec, as Kubernetes' own {@code PodRequests}
 * and {@code PodLimits} compute them: regular containers plus sidecars (init containers with
 * restartPolicy Always), or the largest regular init container plus the sidecars declared
 * before it, whichever is larger per resource; then pod-level {@code spec.resources} for cpu,
 * memory and hugepages; then {@code spec.overhead}. Reusable by every kind that embeds a pod
 * template.
 */
public final class PodRequests {

    private PodRequests() {}

    /**
     * The effective request of the pod spec at the cursor (e.g. {@code spec.template.spec}),
     * which must exist and list at least one container.
     */
    public static PodRequest of(Cursor podSpec) {
        if (!podSpec.isPresent()) {
            podSpec.error("is required");
            return PodRequest.NONE;
        }
        Cursor containers = podSpec.field("containers");
        if (!containers.isPresent() || (containers.node().isArray() && containers.node().isEmpty())) {
            containers.error("must list at least one container");
        }
        return compute(podSpec, null, null, null, true);
    }

    /**
     * The effective request of a pod spec (which may be absent) whose container of the given
     * name has its resources adjusted, e.g. by an operator that sets its main container's cpu
     * and memory; a container of that name is added when the spec has none.
     */
    public static PodRequest of(Cursor podSpec, String containerName, UnaryOperator<ContainerResources> adjust) {
        return compute(podSpec, containerName, adjust, null, true);
    }

    /** As {@link #of(Cursor, String, UnaryOperator)}, taking containers already read from the memo. */
    public static PodRequest of(Cursor podSpec, String containerName, UnaryOperator<ContainerResources> adjust, ResourcesMemo memo) {
        return compute(podSpec, containerName, adjust, memo, true);
    }

    /**
     * Records the problems that {@code of(podSpec, containerName, UnaryOperator.identity(), memo)}
     * records, for a pod template read only for its errors: the same fields are read in the same
     * order, and the pod's totals are checked for overflow but, without pod-level resources or
     * overhead, not built.
     */
    public static void check(Cursor podSpec, String containerName, ResourcesMemo memo) {
        compute(podSpec, containerName, UnaryOperator.identity(), memo, false);
    }

    /** The requests and limits of the container at the cursor. */
    public static ContainerResources containerResources(Cursor container) {
        if (container.lacks("resources")) {
            return ContainerResources.NONE; // common, and reading it could record nothing
        }
        Cursor resources = container.field("resources");
        return new ContainerResources(resources.field("requests").resourceList(), resources.field("limits").resourceList());
    }

    private static PodRequest compute(Cursor podSpec, String adjustedName, UnaryOperator<ContainerResources> adjust,
            ResourcesMemo memo, boolean totals) {
        try {
            PodFootprint requests = new PodFootprint();
            PodFootprint limits = new PodFootprint();
            boolean adjusted = false;
            List<Cursor> containers = podSpec.field("containers").elements();
            for (int i = 0; i < containers.size(); i++) {
                Cursor container = containers.get(i);
                ContainerResources resources = memo == null ? containerResources(container) : memo.containerResources(container);
                if (adjust != null && adjustedName.equals(container.fieldString("name"))) {
                    resources = adjust.apply(resources);
                    adjusted = true;
                }
                requests.container(resources.requests(), resources.limits());
                limits.container(resources.limits(), Resources.NONE);
            }
            if (adjust != null && !adjusted) {
                ContainerResources added = adjust.apply(ContainerResources.NONE);
                requests.container(added.requests(), added.limits());
                limits.container(added.limits(), Resources.NONE);
            }
            List<Cursor> initContainers = podSpec.lacks("initContainers") ? List.of() : podSpec.field("initContainers").elements();
            for (int i = 0; i < initContainers.size(); i++) {
                Cursor init = initContainers.get(i);
                ContainerResources resources = memo == null ? containerResources(init) : memo.containerResources(init);
                if ("Always".equals(init.fieldString("restartPolicy"))) {
                    requests.sidecar(resources.requests(), resources.limits());
                    limits.sidecar(resources.limits(), Resources.NONE);
                } else {
                    requests.init(resources.requests(), resources.limits());
                    limits.init(resources.limits(), Resources.NONE);
                }
            }
            // An absent field is common and can record nothing: no cursor is made for it.
            ContainerResources podLevel = podSpec.lacks("resources") ? ContainerResources.NONE : podLevel(podSpec.field("resources"));
            Resources overhead = podSpec.lacks("overhead") ? Resources.NONE : podSpec.field("overhead").resourceList();
            if (!totals && podLevel.requests().isEmpty() && podLevel.limits().isEmpty() && overhead.isEmpty()) {
                // Then the totals are the footprints: only whether they overflow matters.
                requests.checkPod();
                limits.checkPod();
                podSpec.fieldString("priorityClassName");
                return PodRequest.NONE;
            }
            Resources podRequest = requests.pod().with(podLevel.effectiveRequest()).plus(overhead);
            Resources podLimits = withOverheadOnSetLimits(limits.pod().with(podLevel.limits()), overhead);
            return new PodRequest(podRequest, podLimits, podSpec.fieldString("priorityClassName"));
        } catch (ArithmeticException e) {
            podSpec.error("the pod's total request or limit does not fit a 64-bit integer");
            return PodRequest.NONE;
        }
    }

    /**
     * Overhead raises only the limits the pod has and that are not zero: an absent limit means
     * unlimited, and {@code PodLimits} keeps it so.
     */
    private static Resources withOverheadOnSetLimits(Resources limits, Resources overhead) {
        if (overhead.isEmpty() || limits.isEmpty()) {
            return limits;
        }
        Map<String, Long> out = new TreeMap<>(limits.amounts());
        overhead.amounts().forEach((name, amount) ->
                out.computeIfPresent(name, (n, limit) -> limit == 0 ? limit : Math.addExact(limit, amount)));
        return Resources.of(out);
    }

    /**
     * Pod-level requests and limits, for cpu, memory and hugepages only: the effective request
     * (requests, else limits) replaces the containers' request, the limits replace their limits.
     */
    private static ContainerResources podLevel(Cursor resources) {
        if (!resources.isPresent()) {
            return ContainerResources.NONE;
        }
        return new ContainerResources(supported(resources.field("requests")), supported(resources.field("limits")));
    }

    private static Resources supported(Cursor resourceList) {
        Resources listed = resourceList.resourceList();
        if (listed.isEmpty()) {
            return listed;
        }
        Map<String, Long> supported = new TreeMap<>();
        for (Map.Entry<String, Long> e : listed.amounts().entrySet()) {
            String name = e.getKey();
            if (name.equals("cpu") || name.equals("memory") || name.startsWith("hugepages-")) {
                supported.put(name, e.getValue());
            } else {
                resourceList.field(name).error("pod-level resources support only cpu, memory and hugepages-*");
            }
        }
        return Resources.of(supported);
    }
}
