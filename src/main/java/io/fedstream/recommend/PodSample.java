package io.fedstream.recommend;

/** One pod's usage over one interval: CPU in millicores (the interval's average), memory in bytes (working set). */
public record PodSample(String pod, long cpuMillis, long memoryBytes) {

    public PodSample {
        if (pod == null || pod.isEmpty()) {
            throw new IllegalArgumentException("pod: must be named (value: " + pod + ")");
        }
        if (cpuMillis < 0) {
            throw new IllegalArgumentException("cpuMillis: must not be negative (value: " + cpuMillis + ")");
        }
        if (memoryBytes < 0) {
            throw new IllegalArgumentException("memoryBytes: must not be negative (value: " + memoryBytes + ")");
        }
    }
}
