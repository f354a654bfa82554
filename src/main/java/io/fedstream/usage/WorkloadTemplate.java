package io.fedstream.usage;

/** The workload (its key, {@code group/kind/namespace/name}) and the pod template (component name) a pod belongs to. */
public record WorkloadTemplate(String workloadKey, String template) {}
