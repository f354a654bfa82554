package io.fedstream.bench;

/**
 * The CPU time a process's JIT compiler threads and garbage collector threads used in a window, in milliseconds: how
 * much of a fresh JVM's CPU goes to warming up rather than to the work. -1 each when unknown.
 *
 * @param jitMillis the C1 and C2 compiler threads
 * @param gcMillis the garbage collector's threads and the VM thread that runs its pauses
 */
record ThreadCpu(long jitMillis, long gcMillis) {

    static final ThreadCpu UNKNOWN = new ThreadCpu(-1, -1);

    boolean known() {
        return jitMillis >= 0 && gcMillis >= 0;
    }
}
