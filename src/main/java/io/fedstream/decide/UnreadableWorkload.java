package io.fedstream.decide;

/**
 * A workload's entry in {@link Workloads#STORE} that cannot be decoded (written by a build whose schema this one does not
 * know, or damaged). The pass leaves the workload alone and says so once, in a dead letter naming store and key.
 */
final class UnreadableWorkload extends RuntimeException {

    private final String workloadKey;

    UnreadableWorkload(String workloadKey, RuntimeException cause) {
        super("the entry of " + workloadKey + " in " + Workloads.STORE + " cannot be read: " + cause.getClass().getSimpleName() + ": "
                + cause.getMessage(), cause);
        this.workloadKey = workloadKey;
    }

    String workloadKey() {
        return workloadKey;
    }
}
