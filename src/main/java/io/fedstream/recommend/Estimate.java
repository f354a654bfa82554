package io.fedstream.recommend;

/**
 * What the history of one template supports: a recommendation, or why there is none yet.
 */
public sealed interface Estimate {

    /**
     * Recommended requests of one pod of the template, with VPA's lower and upper bounds (the range within which the
     * current request is not worth changing).
     *
     * @param confidence VPA's measure of history: days of samples, capped by samples per minute-of-a-day
     */
    record Recommended(Amounts target, Amounts lowerBound, Amounts upperBound, long samples, double confidence) implements Estimate {}

    /** Too little history: how much there is, against the minimum. */
    record TooLittleHistory(long samples, long minSamples, long historyMillis, long minHistoryMillis) implements Estimate {
        /** In words, for a table's reason column. */
        public String reason() {
            return "too little history: " + samples + " of " + minSamples + " samples over " + historyMillis / 60_000 + " of "
                    + minHistoryMillis / 60_000 + " minutes";
        }
    }

    /** CPU in millicores and memory in bytes, per pod. */
    record Amounts(long cpuMillis, long memoryBytes) {}
}
