package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * What the member clusters report of one binding's propagation, as Karmada aggregates its Works' statuses
 * ({@code pkg/util/helper/workstatus.go}): per cluster, whether the object was applied, why not, its health and the
 * status the cluster reports. A binding shows it as {@code status.aggregatedStatus}, and its {@code FullyApplied}
 * condition is derived from it as Karmada derives it.
 *
 * @param clusters one entry per cluster that reported, in any order
 */
public record PropagationStatus(List<ClusterStatus> clusters) {

    public PropagationStatus {
        clusters = List.copyOf(clusters);
    }

    /**
     * One cluster's report, as Karmada's {@code AggregatedStatusItem}.
     *
     * @param health {@code Healthy}, {@code Unhealthy} or {@code Unknown}
     * @param status the object's status on the cluster as reported, null when none
     */
    public record ClusterStatus(String clusterName, boolean applied, String appliedMessage, String health, JsonNode status) {}
}
