package io.fedstream.decide;

import io.fedstream.interpret.QuantityFields;
import io.fedstream.avro.ClusterHealthEvent;
import io.fedstream.avro.Taint;
import io.fedstream.interpret.Resources;
import io.fedstream.place.ClusterCapacity;
import io.fedstream.place.ClusterTaint;
import io.fedstream.place.ClusterTopology;
import java.util.Arrays;

/**
 * Turns a cluster's latest heartbeat into the placement core's {@link ClusterCapacity}, with its provider, region and zones. A taint whose effect is not
 * NoSchedule, PreferNoSchedule or NoExecute is taken as NoSchedule: the safe side, since it keeps workloads that
 * do not tolerate the taint off the cluster without evicting the ones already there.
 */
public final class HeartbeatCapacity {

    private HeartbeatCapacity() {}

    /**
     * The cluster as the heartbeat reports it, with the given readiness, nothing reserved, and the kinds it serves when it
     * says (Karmada's APIEnablement filter skips a cluster that does not serve the workload's kind).
     *
     * @throws IllegalArgumentException when a quantity is bad, naming the field (e.g. {@code allocatable.cpu}) and value
     */
    public static ClusterCapacity of(ClusterHealthEvent heartbeat, boolean ready) {
        return new ClusterCapacity(
                heartbeat.getCluster(),
                heartbeat.getLabels(),
                heartbeat.getTaints().stream().map(HeartbeatCapacity::taint).toList(),
                QuantityFields.parse("allocatable", heartbeat.getAllocatable()),
                QuantityFields.parse("allocated", heartbeat.getAllocated()),
                Resources.NONE,
                ready,
                null,
                new ClusterTopology(heartbeat.getProvider(), heartbeat.getRegion(), heartbeat.getZones()),
                heartbeat.getServedKinds() == null ? null : java.util.Set.copyOf(heartbeat.getServedKinds()));
    }

    private static ClusterTaint taint(Taint taint) {
        return new ClusterTaint(taint.getKey(), taint.getValue(), effect(taint.getEffect()));
    }

    private static ClusterTaint.Effect effect(String name) {
        return Arrays.stream(ClusterTaint.Effect.values()).filter(effect -> effect.name().equals(name)).findFirst()
                .orElse(ClusterTaint.Effect.NoSchedule);
    }
}
