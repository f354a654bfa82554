package io.fedstream.runtime;

import org.junit.jupiter.api.Assumptions;

/**
 * A Debian package an integration test needs on this machine (a browser, a database server): missing in CI
 * ({@code CI=true}, where {@code .ci/run} installs it) the test fails; missing elsewhere it is skipped, loudly, so that
 * the README's test command still passes on a fresh machine with only Java and Maven.
 */
public final class MachinePackage {

    private MachinePackage() {}

    /** Returns when {@code present}; otherwise fails (CI) or aborts the test, naming what is missing and how to install it. */
    public static void require(String test, boolean present, String missing, String install) {
        if (present) {
            return;
        }
        String message = test + " needs " + missing + " (" + install + "; .ci/run installs it)";
        if ("true".equals(System.getenv("CI"))) {
            throw new IllegalStateException(message);
        }
        System.err.println("*** SKIPPED " + message + " ***");
        Assumptions.abort("SKIPPED " + message);
    }
}
