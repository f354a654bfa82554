package io.fedstream.decide;

import io.fedstream.avro.StoredAppliedPlacement;
import io.fedstream.place.AppliedPlacement;

/**
 * An {@link AppliedPlacement} as a {@link Workloads} record keeps it: a {@link StoredAppliedPlacement}
 * (schemas/internal). Here, beside the store's {@link PolicyPlacements}, rather than beside the type: io.fedstream.place
 * holds no Avro.
 */
final class AppliedPlacementAvro {

    private AppliedPlacementAvro() {}

    static StoredAppliedPlacement toAvro(AppliedPlacement applied) {
        return StoredAppliedPlacement.newBuilder()
                .setPolicy(applied.policy())
                .setGroup(applied.group())
                .setAffinity(applied.affinity())
                .setTolerations(applied.tolerations())
                .setSpread(applied.spread())
                .setScheduling(applied.scheduling())
                .build();
    }

    static AppliedPlacement fromAvro(StoredAppliedPlacement stored) {
        return new AppliedPlacement(stored.getPolicy(), stored.getGroup(), stored.getAffinity(), stored.getTolerations(), stored.getSpread(),
                stored.getScheduling());
    }
}
