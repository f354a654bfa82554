package io.fedstream.cli;

import io.fedstream.config.FedstreamConfig;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code fedstream config}: lists every configuration key with its default and meaning; its sub-commands keep the
 * command line's connection settings in contexts, in kubeconfig's vocabulary.
 */
@Command(name = "config", mixinStandardHelpOptions = true,
        description = {
            "Lists configuration keys; keeps connection contexts.",
            "",
            "Keys come from --config FILE, then FEDSTREAM_* environment variables, then --set flags. The sub-commands keep"
                    + " the brokers, the registry, the query server and its token in named contexts (in ~/.fedstream/config,"
                    + " or the file FEDSTREAM_CONFIG names); every command reads the current one, and a flag or an environment"
                    + " variable wins over it."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream config",
            "  fedstream config set-context local --bootstrap-servers 127.0.0.1:9092 --server http://127.0.0.1:8080 --current",
            "  fedstream config use-context local",
            "  fedstream config view"},
        subcommands = {ConfigSetContextCommand.class, ConfigUseContextCommand.class, ConfigViewCommand.class,
            ConfigCurrentContextCommand.class, ConfigGetContextsCommand.class})
final class ConfigCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getOut().print(FedstreamConfig.describeKeys());
        return 0;
    }
}
