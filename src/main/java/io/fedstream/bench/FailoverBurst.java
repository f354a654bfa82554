package io.fedstream.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The migration commands of one cluster's failure, judged: one command per workload that ran on it (duplicates,
 * missing ones and commands for other workloads counted), each command's delay after the FAILED transition, and the
 * survivors' shares of the commands against their shares of the free room when the cluster failed.
 */
final class FailoverBurst {

    private final String failedCluster;
    private final Set<String> onFailed = new TreeSet<>();
    private final Map<String, Long> freeRoom;
    private final Map<String, Integer> commandsPerWorkload = new HashMap<>();
    private final List<Long> appendTimes = new ArrayList<>();
    private final Map<String, Integer> commandsPerTarget = new HashMap<>();
    private int unexpected;
    private int otherTargets;

    /**
     * @param placements where each workload ran when {@code failedCluster} failed
     * @param freeRoom each survivor's free room then (one resource, any unit), in the order to report them
     */
    FailoverBurst(String failedCluster, Map<String, String> placements, Map<String, Long> freeRoom) {
        this.failedCluster = failedCluster;
        placements.forEach((workload, cluster) -> {
            if (cluster.equals(failedCluster)) {
                onFailed.add(workload);
            }
        });
        if (freeRoom.containsKey(failedCluster)) {
            throw new IllegalArgumentException("freeRoom: names the failed cluster " + failedCluster + "; it lists the survivors");
        }
        this.freeRoom = new LinkedHashMap<>(freeRoom);
    }

    /** A MIGRATE command for {@code workload} to {@code target}, appended to its topic at {@code appendedAt} (epoch ms). */
    void command(String workload, String target, long appendedAt) {
        if (!onFailed.contains(workload)) {
            unexpected++;
            return;
        }
        commandsPerWorkload.merge(workload, 1, Integer::sum);
        appendTimes.add(appendedAt);
        if (freeRoom.containsKey(target)) {
            commandsPerTarget.merge(target, 1, Integer::sum);
        } else {
            otherTargets++;
        }
    }

    /** Workloads that ran on the failed cluster. */
    int expected() {
        return onFailed.size();
    }

    /** True when every workload that ran on the failed cluster has a command. */
    boolean complete() {
        return commandsPerWorkload.size() == onFailed.size();
    }

    /** The burst so far, its delays taken from {@code failedAt} (epoch ms, the FAILED transition's append time). */
    Result result(long failedAt) {
        int duplicates = 0;
        for (int count : commandsPerWorkload.values()) {
            duplicates += count - 1;
        }
        List<Long> delays = new ArrayList<>();
        appendTimes.forEach(at -> delays.add(at - failedAt));
        delays.sort(null);
        long totalFree = freeRoom.values().stream().mapToLong(Long::longValue).sum();
        int toSurvivors = commandsPerTarget.values().stream().mapToInt(Integer::intValue).sum();
        List<Share> shares = new ArrayList<>();
        freeRoom.forEach((cluster, free) -> shares.add(new Share(cluster, commandsPerTarget.getOrDefault(cluster, 0),
                totalFree == 0 ? 0 : 100.0 * free / totalFree,
                toSurvivors == 0 ? 0 : 100.0 * commandsPerTarget.getOrDefault(cluster, 0) / toSurvivors)));
        return new Result(failedCluster, onFailed.size(), appendTimes.size(), duplicates, onFailed.size() - commandsPerWorkload.size(),
                unexpected, otherTargets, delays.isEmpty() ? null : new Delays(delays.get(0), percentile(delays, 0.1),
                        percentile(delays, 0.5), percentile(delays, 0.9), percentile(delays, 0.99), delays.get(delays.size() - 1)), shares);
    }

    /** Nearest-rank percentile of sorted values. */
    static long percentile(List<Long> sorted, double fraction) {
        int rank = (int) Math.ceil(fraction * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }

    /** Milliseconds from FAILED to the commands' append times. */
    record Delays(long minMillis, long p10Millis, long p50Millis, long p90Millis, long p99Millis, long maxMillis) {}

    /** A survivor's commands and its shares, in percent, of the free room at failure and of the commands to survivors. */
    record Share(String cluster, int commands, double freeRoomPercent, double commandPercent) {

        /** The command share minus the free-room share, in percentage points. */
        double deviationPoints() {
            return commandPercent - freeRoomPercent;
        }
    }

    /**
     * @param expected workloads that ran on the failed cluster
     * @param commands MIGRATE commands for them
     * @param duplicates commands beyond the first of a workload
     * @param missing workloads without a command
     * @param unexpected commands for workloads that did not run on the failed cluster
     * @param otherTargets commands whose target is no survivor
     * @param delays null when no command came
     */
    record Result(String failedCluster, int expected, int commands, int duplicates, int missing, int unexpected, int otherTargets,
            Delays delays, List<Share> shares) {

        /** The largest deviation of a survivor's command share from its free-room share, in percentage points (absolute). */
        double worstDeviationPoints() {
            return shares.stream().mapToDouble(share -> Math.abs(share.deviationPoints())).max().orElse(0);
        }

        /** Exactly one command per workload of the failed cluster, none for any other, each to a survivor. */
        boolean oneEach() {
            return expected > 0 && duplicates == 0 && missing == 0 && unexpected == 0 && otherTargets == 0;
        }
    }
}
