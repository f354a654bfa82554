package io.fedstream.decide;

/**
 * A workload unhealthy on one cluster, as the application-failures store keeps it: since when, what its status said,
 * and how far its failover went (the clock runs until {@code migrating}; the copy left behind is purged once).
 *
 * @param sinceMs observedAt (epoch ms) of the first unhealthy status of this spell
 * @param incidentId the incident its migration runs under: {@code <cluster>-<sinceMs>-application}
 * @param migrating the toleration passed and the migration was started: a healthy status no longer stops it
 * @param purged the PURGE of the copy left on {@code cluster} was issued
 */
public record ApplicationFailure(String cluster, long sinceMs, String phase, String incidentId, boolean migrating, boolean purged) {

    static final String INCIDENT_SUFFIX = "-application";

    /** The start of a spell: a cluster incident id ({@code <cluster>-<ms>}) never ends like this one. */
    static ApplicationFailure since(String cluster, long sinceMs, String phase) {
        return new ApplicationFailure(cluster, sinceMs, phase, cluster + "-" + sinceMs + INCIDENT_SUFFIX, false, false);
    }

    ApplicationFailure migrationStarted() {
        return new ApplicationFailure(cluster, sinceMs, phase, incidentId, true, purged);
    }

    ApplicationFailure purgeIssued() {
        return new ApplicationFailure(cluster, sinceMs, phase, incidentId, migrating, true);
    }
}
