package io.fedstream.interpret;

/** The effective request of one pod template and its priority class name (nullable). */
public record PodRequest(Resources resources, String priorityClassName) {

    /** A pod that requests nothing. */
    public static final PodRequest NONE = new PodRequest(Resources.NONE, null);
}
