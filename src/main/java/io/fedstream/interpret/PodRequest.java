package io.fedstream.interpret;

/**
 * The effective request and the limits of one pod template, and its priority class name
 * (nullable). {@code limits} names only the resources the pod is limited in, as Kubernetes'
 * {@code PodLimits} reports them: a resource no container limits is absent, not unlimited-as-0.
 */
public record PodRequest(Resources resources, Resources limits, String priorityClassName) {

    /** A pod that requests nothing. */
    public static final PodRequest NONE = new PodRequest(Resources.NONE, Resources.NONE, null);

    public PodRequest {
        resources = resources == null ? Resources.NONE : resources;
        limits = limits == null ? Resources.NONE : limits;
    }

    /** A pod of one container with these requests and limits and no priority class. */
    public static PodRequest ofContainer(ContainerResources container) {
        return new PodRequest(container.effectiveRequest(), container.limits(), null);
    }
}
