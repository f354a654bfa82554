package io.fedstream.interpret;

/**
 * What a {@link KindInterpreter} reports for one component: its name, replica count, optional
 * bounds, the effective request of one pod, and the manifest field the replica count came from
 * (named in the error when replicas x request overflows).
 */
public record Component(
        String name, long replicas, Long minReplicas, Long maxReplicas, PodRequest pod, String replicasField) {

    /** A component without gang or autoscaling bounds. */
    public static Component of(String name, long replicas, String replicasField, PodRequest pod) {
        return new Component(name, replicas, null, null, pod, replicasField);
    }
}
