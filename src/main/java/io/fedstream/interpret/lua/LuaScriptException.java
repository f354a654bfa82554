package io.fedstream.interpret.lua;

/**
 * A script that does not compile, fails, returns what its operation cannot use, or overruns its {@link CallLimits}.
 * The message names the script's origin (customization and operation) first.
 */
public final class LuaScriptException extends RuntimeException {

    private final String origin;
    private final String reason;

    public LuaScriptException(String origin, String reason) {
        super(origin + ": " + reason);
        this.origin = origin;
        this.reason = reason;
    }

    /** Which script: e.g. {@code ResourceInterpreterCustomization my-crd, replicaResource}. */
    public String origin() {
        return origin;
    }

    /** What went wrong, without the origin. */
    public String reason() {
        return reason;
    }
}
