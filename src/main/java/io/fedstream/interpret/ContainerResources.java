package io.fedstream.interpret;

/** The requests and limits of one container, in integer units. */
public record ContainerResources(Resources requests, Resources limits) {

    /** A container that names no resources. */
    public static final ContainerResources NONE = new ContainerResources(Resources.NONE, Resources.NONE);

    /** Per resource the request, else the limit (Kubernetes defaults a missing request to the limit). */
    public Resources effectiveRequest() {
        return limits.with(requests);
    }

    /** These requests and limits with the other's entries replacing the ones they name. */
    public ContainerResources overlay(ContainerResources other) {
        if (other.requests.isEmpty() && other.limits.isEmpty()) {
            return this;
        }
        return new ContainerResources(requests.with(other.requests), limits.with(other.limits));
    }
}
