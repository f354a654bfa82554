package io.fedstream.propagate;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** What one member cluster should have of one workload, as its binding says (Karmada's Work, or its absence). */
public sealed interface Desired permits Desired.Apply, Desired.Absent, Desired.Failed, Desired.Held {

    /**
     * The object the cluster gets: the manifest with the cluster's replicas, overrides and fedstream's marks.
     *
     * @param object what to create or update, marks included
     * @param digest the {@link PropagationMarks#APPLIED_DIGEST} it carries
     * @param generation the binding generation it comes from
     * @param note what was left as written (a count that is not one field of the manifest), or null
     * @param problem why the copy, though written, is not all its binding asks for (a customization of its kind that is
     *     refused, dependencies that cannot be read): it is reported FAILED with this message; null when there is none
     */
    record Apply(ObjectNode object, String digest, long generation, String note, String problem) implements Desired {

        /** This copy, reported FAILED with {@code problem} (added to one it has). */
        public Apply withProblem(String problem) {
            return new Apply(object, digest, generation, note, this.problem == null ? problem : this.problem + "; " + problem);
        }
    }

    /** The cluster gets nothing of the workload; {@code why} says whether fedstream's copy there goes, and how. */
    record Absent(Why why) implements Desired {}

    /** Why a cluster gets nothing. */
    enum Why {
        /** The placement does not list the cluster: the copy is removed (Karmada's orphan Work). */
        NOT_PLACED,
        /** A failover took the cluster out of the placement: the copy waits for its PURGE command (Karmada's eviction task). */
        LEFT_BY_FAILOVER,
        /** The workload is deleted: every copy is removed. */
        DELETED
    }

    /** The cluster should get the workload, but it cannot be built (an override that fails, an unknown manifest). */
    record Failed(String message, long generation) implements Desired {}

    /** Nothing changes on the cluster: the version is not admitted, so what runs there stays. */
    record Held(String why) implements Desired {}
}
