package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** Every command's --help reads as prose that picocli wraps, lists one-line summaries, and shows the examples of docs/commands.md. */
class HelpTextTest {

    /** Wide enough that picocli wraps nothing: every line break left in the help is one the text itself makes. */
    private static final int UNWRAPPED = 1000;

    static Stream<String> commands() {
        List<String> names = new ArrayList<>();
        collect(Main.commandLine(), names, Collections.newSetFromMap(new IdentityHashMap<>()));
        return names.stream();
    }

    private static void collect(CommandLine command, List<String> names, Set<CommandLine> seen) {
        if (!seen.add(command) || command.getCommand() instanceof CommandLine.HelpCommand) {
            return;
        }
        names.add(command.getCommandSpec().qualifiedName(" "));
        command.getSubcommands().values().forEach(sub -> collect(sub, names, seen));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void noLineEndsMidSentenceAndGoesOnInLowerCase(String name) {
        List<String> lines = help(name, UNWRAPPED).lines().toList();

        List<String> broken = new ArrayList<>();
        boolean inList = false;
        for (int i = 0; i + 1 < lines.size(); i++) {
            String line = lines.get(i);
            if (line.matches("\\S.*:")) {
                // Entries of these sections are names and command lines, one per line, not prose.
                inList = line.equals("Commands:") || line.equals("Examples:");
                continue;
            }
            String next = lines.get(i + 1).strip();
            if (!inList && !line.isBlank() && !line.strip().matches(".*[.:!?]") && !next.isEmpty()
                    && Character.isLowerCase(next.charAt(0))) {
                broken.add(line.strip() + " / " + next);
            }
        }
        assertThat(broken).as("lines of `%s --help` that end mid-sentence", name).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void theParentListsTheCommandWithItsOneLineSummaryUnwrapped(String name) {
        if (!name.contains(" ")) {
            return;
        }
        String parent = name.substring(0, name.lastIndexOf(' '));
        String summary = spec(name).usageMessage().description()[0];

        assertThat(summary).as("summary of %s", name).matches("[A-Z].*\\.").doesNotContain("%n");
        assertThat(help(parent, 80).lines()).as("`%s --help`", parent).anySatisfy(line -> assertThat(line).endsWith(summary));
    }

    /** picocli formats help text with {@code String.format}: "10%-90%" came out as "10" and 89 spaces. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyPercentSignOfTheHelpTextIsEscaped(String name) {
        CommandLine.Model.CommandSpec spec = spec(name);
        List<String> texts = new ArrayList<>(Arrays.asList(spec.usageMessage().description()));
        texts.addAll(Arrays.asList(spec.usageMessage().footer()));
        spec.options().forEach(option -> texts.addAll(Arrays.asList(option.description())));
        spec.positionalParameters().forEach(parameter -> texts.addAll(Arrays.asList(parameter.description())));

        assertThat(texts).as("help texts of `%s` with a %% that is neither %%%% nor %%n", name)
                .noneMatch(text -> text.replace("%%", "").replace("%n", "").contains("%"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void everyCommandShowsExamplesOfItself(String name) {
        List<String> examples = examples(name);

        assertThat(examples).as("examples of `%s`", name).isNotEmpty()
                .allSatisfy(example -> assertThat(example).startsWith(name));
    }

    @Test
    void theExamplesUseEveryFlagOfTheCommandsTable() throws IOException {
        Pattern row = Pattern.compile("^\\| `([a-z][^`]*)` \\|");
        List<String> checked = new ArrayList<>();
        List<String> commands = Files.readAllLines(Path.of("docs", "commands.md"));
        for (String line : commands) {
            Matcher match = row.matcher(line);
            if (!match.find()) {
                continue;
            }
            String[] words = match.group(1).split(" ");
            String command = "fedstream " + words[0];
            if (words.length > 1 && commands().anyMatch(("fedstream " + words[0] + " " + words[1])::equals)) {
                command += " " + words[1];
            }
            String examples = String.join("\n", examples(command));
            for (String word : words) {
                String flag = word.replaceAll("^\\[+|[\\]\\\\|.]+$", "");
                if (flag.startsWith("-") && !flag.equals("-")) {
                    assertThat(examples).as("examples of `%s` use %s (docs/commands.md: %s)", command, flag, match.group(1))
                            .containsPattern("(^|\\s)" + Pattern.quote(flag) + "(\\s|=|$)");
                }
            }
            checked.add(command);
        }
        assertThat(checked).as("rows of docs/commands.md").contains("fedstream demo", "fedstream run", "fedstream apply",
                "fedstream get resourcebindings", "fedstream interpret", "fedstream replay");
    }

    @Test
    void demoHelpTellsHowToGoOnWithTheExampleManifests() {
        String help = help("fedstream demo", 80);

        assertThat(help).contains("docs/examples/federatedresourcequota.yaml", "docs/examples/flinkdeployment.yaml",
                "fedstream get quotas", "fedstream get resourcebindings");
        assertThat(Path.of("docs/examples/federatedresourcequota.yaml")).isRegularFile();
        assertThat(Path.of("docs/examples/flinkdeployment.yaml")).isRegularFile();
    }

    private static List<String> examples(String name) {
        List<String> lines = help(name, UNWRAPPED).lines().toList();
        int heading = lines.indexOf("Examples:");
        if (heading < 0) {
            return List.of();
        }
        return lines.subList(heading + 1, lines.size()).stream()
                .takeWhile(line -> line.startsWith("  ")).map(String::strip).filter(line -> line.startsWith("fedstream")).toList();
    }

    private static String help(String name, int width) {
        CommandLine.Model.CommandSpec spec = spec(name);
        spec.usageMessage().width(width);
        return spec.commandLine().getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    private static CommandLine.Model.CommandSpec spec(String name) {
        CommandLine command = Main.commandLine();
        for (String word : Arrays.asList(name.split(" ")).subList(1, name.split(" ").length)) {
            command = command.getSubcommands().get(word);
        }
        return command.getCommandSpec();
    }
}
