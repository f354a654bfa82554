package io.fedstream.cli;

import picocli.CommandLine.Option;

/** Which namespaces a {@code get} command shows: one ({@code -n}, kubectl's {@code default} unless given), or all ({@code -A}). */
final class NamespaceScope {

    @Option(names = {"-n", "--namespace"}, paramLabel = "NS", description = "Namespace (default: default).")
    private String namespace;

    @Option(names = {"-A", "--all-namespaces"}, description = "Every namespace; each row of the table names its namespace.")
    private boolean all;

    /** The one namespace asked for; {@code default} when none was. */
    String namespace() {
        return namespace == null ? "default" : namespace;
    }

    boolean all() {
        return all;
    }
}
