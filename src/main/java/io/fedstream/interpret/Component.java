package io.fedstream.interpret;

import java.util.Objects;

/**
 * What a {@link KindInterpreter} reports for one component: its name, replica count, optional
 * bounds, the effective request of one pod, and the manifest field the replica count came from
 * (named in the error when replicas x request overflows).
 */
public final class Component {

    private final String name;
    private final long replicas;
    private final Long minReplicas;
    private final Long maxReplicas;
    private final PodRequest pod;
    // Only an overflow names the replicas field: a component read from a cursor builds its path when asked.
    private final Cursor replicasCursor;
    private final String replicasField;

    /** A component whose replicas field path is already known. */
    public Component(String name, long replicas, Long minReplicas, Long maxReplicas, PodRequest pod, String replicasField) {
        this(name, replicas, minReplicas, maxReplicas, pod, null, replicasField);
    }

    /** A component whose replica count was read at the given cursor. */
    public Component(String name, long replicas, Long minReplicas, Long maxReplicas, PodRequest pod, Cursor replicasField) {
        this(name, replicas, minReplicas, maxReplicas, pod, Objects.requireNonNull(replicasField, "replicasField"), null);
    }

    private Component(String name, long replicas, Long minReplicas, Long maxReplicas, PodRequest pod,
            Cursor replicasCursor, String replicasField) {
        this.name = name;
        this.replicas = replicas;
        this.minReplicas = minReplicas;
        this.maxReplicas = maxReplicas;
        this.pod = pod;
        this.replicasCursor = replicasCursor;
        this.replicasField = replicasField;
    }

    /** A component without gang or autoscaling bounds. */
    public static Component of(String name, long replicas, String replicasField, PodRequest pod) {
        return new Component(name, replicas, null, null, pod, replicasField);
    }

    /** A component without gang or autoscaling bounds whose replica count was read at the given cursor. */
    public static Component of(String name, long replicas, Cursor replicasField, PodRequest pod) {
        return new Component(name, replicas, null, null, pod, replicasField);
    }

    /** This component with the given bounds. */
    public Component withBounds(Long minReplicas, Long maxReplicas) {
        return new Component(name, replicas, minReplicas, maxReplicas, pod, replicasCursor, replicasField);
    }

    /** The component's name. */
    public String name() {
        return name;
    }

    /** How many pods it runs. */
    public long replicas() {
        return replicas;
    }

    /** The fewest pods it may scale to, or null. */
    public Long minReplicas() {
        return minReplicas;
    }

    /** The most pods it may scale to, or null. */
    public Long maxReplicas() {
        return maxReplicas;
    }

    /** The effective request of one pod. */
    public PodRequest pod() {
        return pod;
    }

    /** The field path the replica count came from. */
    public String replicasField() {
        return replicasCursor != null ? replicasCursor.path() : replicasField;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Component other && Objects.equals(name, other.name) && replicas == other.replicas
                && Objects.equals(minReplicas, other.minReplicas) && Objects.equals(maxReplicas, other.maxReplicas)
                && Objects.equals(pod, other.pod) && Objects.equals(replicasField(), other.replicasField());
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, replicas, minReplicas, maxReplicas, pod, replicasField());
    }

    @Override
    public String toString() {
        return "Component[name=" + name + ", replicas=" + replicas + ", minReplicas=" + minReplicas + ", maxReplicas="
                + maxReplicas + ", pod=" + pod + ", replicasField=" + replicasField() + "]";
    }
}
