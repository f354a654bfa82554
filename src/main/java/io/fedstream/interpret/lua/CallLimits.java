package io.fedstream.interpret.lua;

import java.time.Duration;

/**
 * What one call of a script may spend: Lua VM instructions, wall-clock time (Karmada's own bound: one second a call),
 * nested Lua calls (Lua 5.1's C limit) and the length of one string it builds.
 */
public record CallLimits(long maxInstructions, Duration maxTime, int maxCallDepth, int maxStringBytes) {

    /** Ten million instructions (about 0.1-0.3 s on LuaJ), Karmada's one second, 200 nested calls, 3 MiB strings. */
    public static final CallLimits DEFAULT = new CallLimits(10_000_000L, Duration.ofSeconds(1), 200, 3 * 1024 * 1024);

    public CallLimits {
        if (maxInstructions <= 0 || maxTime.isNegative() || maxTime.isZero() || maxCallDepth <= 0 || maxStringBytes <= 0) {
            throw new IllegalArgumentException("every call limit must be positive: " + maxInstructions + " instructions, "
                    + maxTime + ", depth " + maxCallDepth + ", " + maxStringBytes + " string bytes");
        }
    }
}
