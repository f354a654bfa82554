package io.fedstream.cli;

import io.fedstream.config.FedstreamConfig;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code fedstream config}: lists every configuration key with its default and meaning. */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = {
            "Lists every configuration key, its default and its meaning.",
            "",
            "Keys come from --config FILE, then FEDSTREAM_* environment variables, then --set flags."},
        footerHeading = "%nExamples:%n",
        footer = {"  fedstream config"})
final class ConfigCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(FedstreamConfig.describeKeys());
        return 0;
    }
}
