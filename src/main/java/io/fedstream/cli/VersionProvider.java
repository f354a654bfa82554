package io.fedstream.cli;

import picocli.CommandLine;

/** Reports the version the jar was built as. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {"fedstream " + (version == null ? "(development build)" : version)};
    }
}
