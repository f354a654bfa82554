package io.fedstream.interpret;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The effective request of one pod spec, as Kubernetes' own {@code PodRequests} computes it:
 * regular containers plus sidecars (init containers with restartPolicy Always), or the largest
 * regular init container plus the sidecars declared before it, whichever is larger per
 * resource; then pod-level {@code spec.resources} for cpu, memory and hugepages; then
 * {@code spec.overhead}. Reusable by every kind that embeds a pod template.
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
        return compute(podSpec, null, null);
    }

    /**
     * The effective request of a pod spec (which may be absent) whose container of the given
     * name has its resources adjusted, e.g. by an operator that sets its main container's cpu
     * and memory; a container of that name is added when the spec has none.
     */
    public static PodRequest of(Cursor podSpec, String containerName, UnaryOperator<ContainerResources> adjust) {
        return compute(podSpec, containerName, adjust);
    }

    /** The requests and limits of the container at the cursor. */
    public static ContainerResources containerResources(Cursor container) {
        Cursor resources = container.field("resources");
        return new ContainerResources(resources.field("requests").resourceList(), resources.field("limits").resourceList());
    }

    private static PodRequest compute(Cursor podSpec, String adjustedName, UnaryOperator<ContainerResources> adjust) {
        try {
            Resources app = Resources.NONE;
            boolean adjusted = false;
            for (Cursor container : podSpec.field("containers").elements()) {
                ContainerResources resources = containerResources(container);
                if (adjust != null && adjustedName.equals(container.field("name").string())) {
                    resources = adjust.apply(resources);
                    adjusted = true;
                }
                app = app.plus(resources.effectiveRequest());
            }
            if (adjust != null && !adjusted) {
                app = app.plus(adjust.apply(ContainerResources.NONE).effectiveRequest());
            }

            Resources sidecars = Resources.NONE;
            Resources initPeak = Resources.NONE;
            for (Cursor init : podSpec.field("initContainers").elements()) {
                Resources request = containerResources(init).effectiveRequest();
                if ("Always".equals(init.field("restartPolicy").string())) {
                    sidecars = sidecars.plus(request);
                } else {
                    initPeak = initPeak.max(request.plus(sidecars));
                }
            }
            Resources pod = app.plus(sidecars).max(initPeak);
            pod = pod.with(podLevel(podSpec.field("resources")));
            pod = pod.plus(podSpec.field("overhead").resourceList());
            return new PodRequest(pod, podSpec.field("priorityClassName").string());
        } catch (ArithmeticException e) {
            podSpec.error("the pod's total request does not fit a 64-bit integer");
            return PodRequest.NONE;
        }
    }

    /** Pod-level requests (else limits) replace the containers' sum for cpu, memory and hugepages only. */
    private static Resources podLevel(Cursor resources) {
        if (!resources.isPresent()) {
            return Resources.NONE;
        }
        Resources effective = new ContainerResources(
                        resources.field("requests").resourceList(), resources.field("limits").resourceList())
                .effectiveRequest();
        Map<String, Long> supported = new TreeMap<>();
        for (Map.Entry<String, Long> e : effective.amounts().entrySet()) {
            String name = e.getKey();
            if (name.equals("cpu") || name.equals("memory") || name.startsWith("hugepages-")) {
                supported.put(name, e.getValue());
            } else {
                for (String side : List.of("requests", "limits")) {
                    Cursor entry = resources.field(side).field(name);
                    if (entry.isPresent()) {
                        entry.error("pod-level resources support only cpu, memory and hugepages-*");
                    }
                }
            }
        }
        return Resources.of(supported);
    }
}
