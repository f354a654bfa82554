package io.fedstream.recommend;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The usage history of one pod template, as VPA's {@code AggregateContainerState} keeps that of one container name
 * ({@code pkg/recommender/model/aggregate_container_state.go}) with the per-container bookkeeping of
 * {@code container.go}: every pod's CPU sample goes into a decaying histogram; of memory only each pod's peak per
 * interval does, replacing the peak recorded so far in that interval when a higher one comes. A pod silent for a whole
 * interval is forgotten (VPA drops a container's state with its pod).
 */
public final class TemplateHistory {

    private final RecommendationSettings settings;
    private final DecayingHistogram cpu;
    private final DecayingHistogram memoryPeaks;
    private final Map<String, PodWindow> pods;
    private long firstSampleMillis;
    private long lastSampleMillis;
    private long sampleCount;

    /** An empty history. */
    public TemplateHistory(RecommendationSettings settings) {
        this(settings, new DecayingHistogram(HistogramBuckets.CPU_CORES, settings.cpuHalfLife().toMillis()),
                new DecayingHistogram(HistogramBuckets.MEMORY_BYTES, settings.memoryHalfLife().toMillis()), new HashMap<>(), 0, 0, 0);
    }

    private TemplateHistory(RecommendationSettings settings, DecayingHistogram cpu, DecayingHistogram memoryPeaks,
                            Map<String, PodWindow> pods, long firstSampleMillis, long lastSampleMillis, long sampleCount) {
        this.settings = settings;
        this.cpu = cpu;
        this.memoryPeaks = memoryPeaks;
        this.pods = pods;
        this.firstSampleMillis = firstSampleMillis;
        this.lastSampleMillis = lastSampleMillis;
        this.sampleCount = sampleCount;
    }

    /** A history restored from {@link #state()}. */
    public static TemplateHistory restore(RecommendationSettings settings, State state) {
        Map<String, PodWindow> pods = new HashMap<>();
        state.pods().forEach(pod -> pods.put(pod.pod(), pod));
        return new TemplateHistory(settings,
                DecayingHistogram.restore(HistogramBuckets.CPU_CORES, settings.cpuHalfLife().toMillis(), state.cpu()),
                DecayingHistogram.restore(HistogramBuckets.MEMORY_BYTES, settings.memoryHalfLife().toMillis(), state.memoryPeaks()),
                pods, state.firstSampleMillis(), state.lastSampleMillis(), state.sampleCount());
    }

    /**
     * Records the pods' samples of the interval that started at {@code atMillis}; a pod's sample not later than its last
     * one is a repeat and ignored (VPA discards duplicate and out-of-order samples).
     */
    public void record(List<PodSample> samples, long atMillis) {
        samples.forEach(sample -> record(sample, atMillis));
        forgetSilentPods(atMillis);
    }

    private void record(PodSample sample, long atMillis) {
        PodWindow pod = pods.get(sample.pod());
        if (pod != null && atMillis <= pod.lastSampleMillis()) {
            return;
        }
        cpu.add(sample.cpuMillis() / 1000.0, HistogramBuckets.Weights.CPU_SAMPLE, atMillis);
        if (sampleCount == 0 || atMillis < firstSampleMillis) {
            firstSampleMillis = atMillis;
        }
        lastSampleMillis = Math.max(lastSampleMillis, atMillis);
        sampleCount++;
        pods.put(sample.pod(), recordPeak(pod, sample, atMillis));
    }

    /** How many CPU samples the history holds. */
    public long sampleCount() {
        return sampleCount;
    }

    /** The time of the first sample, epoch ms; 0 when there is none. */
    public long firstSampleMillis() {
        return firstSampleMillis;
    }

    /** The time of the latest sample, epoch ms; 0 when there is none. */
    public long lastSampleMillis() {
        return lastSampleMillis;
    }

    /** The CPU a percentile of the samples stays under, in cores (0 when empty). */
    double cpuCores(double percentile) {
        return cpu.percentile(percentile);
    }

    /** The memory a percentile of the peaks stays under, in bytes (0 when empty). */
    double memoryBytes(double percentile) {
        return memoryPeaks.percentile(percentile);
    }

    /** What a store keeps of the history. */
    public State state() {
        List<PodWindow> windows = new ArrayList<>(pods.values());
        windows.sort(Comparator.comparing(PodWindow::pod));
        return new State(cpu.state(), memoryPeaks.state(), windows, firstSampleMillis, lastSampleMillis, sampleCount);
    }

    /**
     * VPA's {@code addMemorySample}: the first sample opens a window ending one interval later; a higher sample inside
     * the window replaces the window's peak (subtracting the old one); a sample past the window opens the window that
     * holds it. Peaks are recorded at the window's end. Unlike VPA, a first peak of 0 is replaced too (VPA keeps it).
     */
    private PodWindow recordPeak(PodWindow pod, PodSample sample, long atMillis) {
        long interval = settings.memoryPeakInterval().toMillis();
        long memory = sample.memoryBytes();
        if (pod != null && atMillis < pod.windowEndMillis()) {
            if (memory <= pod.peakBytes()) {
                return new PodWindow(pod.pod(), atMillis, pod.windowEndMillis(), pod.peakBytes());
            }
            memoryPeaks.subtract(pod.peakBytes(), HistogramBuckets.Weights.MEMORY_PEAK, pod.windowEndMillis());
            memoryPeaks.add(memory, HistogramBuckets.Weights.MEMORY_PEAK, pod.windowEndMillis());
            return new PodWindow(pod.pod(), atMillis, pod.windowEndMillis(), memory);
        }
        long windowEnd = pod == null ? atMillis + interval
                : pod.windowEndMillis() + ((atMillis - pod.windowEndMillis()) / interval) * interval + interval;
        memoryPeaks.add(memory, HistogramBuckets.Weights.MEMORY_PEAK, windowEnd);
        return new PodWindow(sample.pod(), atMillis, windowEnd, memory);
    }

    private void forgetSilentPods(long nowMillis) {
        long interval = settings.memoryPeakInterval().toMillis();
        pods.values().removeIf(pod -> nowMillis - pod.lastSampleMillis() > interval);
    }

    /** One pod's last sample and its current memory window: the window's end and the peak recorded for it. */
    public record PodWindow(String pod, long lastSampleMillis, long windowEndMillis, long peakBytes) {}

    /** A history as stored. */
    public record State(DecayingHistogram.State cpu, DecayingHistogram.State memoryPeaks, List<PodWindow> pods,
                        long firstSampleMillis, long lastSampleMillis, long sampleCount) {}
}
