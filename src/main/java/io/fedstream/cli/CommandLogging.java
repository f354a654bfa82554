package io.fedstream.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.AppenderBase;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.encoder.Encoder;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Routes the process's log events for the command it runs: {@code run} logs to standard output as a service does (text
 * or JSON, one line per event); every other command keeps the console for its own output and writes its log lines to
 * a file, printed once as {@code logs: PATH}, and to standard error as well with {@code --verbose}.
 */
final class CommandLogging {

    static final String VERBOSE = "--verbose";
    static final String LOG_FORMAT = "--log-format";

    /** How {@code run} prints its log events. */
    enum Format { text, json }

    private static final String SERVICE_COMMAND = "run";
    private static final String TEXT_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread] %logger{36} - %msg%n";
    private static final DateTimeFormatter FILE_STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final LoggerContext context;
    private final PrintWriter err;

    private CommandLogging(LoggerContext context, PrintWriter err) {
        this.context = context;
        this.err = err;
    }

    /**
     * For the {@code fedstream} process: routes its logs, unless a logback configuration file was given
     * ({@code -Dlogback.configurationFile}), which then decides alone. {@code err} receives the {@code logs: PATH} line.
     */
    static CommandLogging forProcess(PrintWriter err) {
        boolean userConfigured = System.getProperty("logback.configurationFile") != null;
        return new CommandLogging(!userConfigured && LoggerFactory.getILoggerFactory() instanceof LoggerContext context
                ? context : null, err);
    }

    /** For a command line run inside another program (tests): the options parse, the host's logging stays as it is. */
    static CommandLogging unchanged() {
        return new CommandLogging(null, null);
    }

    /** Adds {@code --log-format} to {@code run} and {@code --verbose} to every other command. */
    static void addOptions(CommandLine root) {
        Set<CommandLine> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (CommandLine command : root.getSubcommands().values()) {
            addOptions(command, seen);
        }
    }

    private static void addOptions(CommandLine command, Set<CommandLine> seen) {
        if (!seen.add(command) || command.getCommand() instanceof CommandLine.HelpCommand) {
            return;
        }
        CommandSpec spec = command.getCommandSpec();
        if (spec.name().equals(SERVICE_COMMAND)) {
            spec.addOption(OptionSpec.builder(LOG_FORMAT).type(Format.class).defaultValue("text").paramLabel("text|json")
                    .description("How log events are printed on standard output, one line each: text (default), or json,"
                            + " one JSON object per line for log collectors.")
                    .build());
        } else {
            spec.addOption(OptionSpec.builder(VERBOSE).type(boolean.class)
                    .description("Print log lines on standard error too. They always go to a log file, whose path is"
                            + " printed once (logs: PATH) when its first line is written.")
                    .build());
        }
        command.getSubcommands().values().forEach(sub -> addOptions(sub, seen));
    }

    /** Routes log events for the command that {@code parsed} names; does nothing for {@link #unchanged()}. */
    void route(ParseResult parsed) {
        if (context == null) {
            return;
        }
        ParseResult leaf = parsed;
        boolean verbose = false;
        for (ParseResult level = parsed; level != null; level = level.subcommand()) {
            leaf = level;
            verbose |= level.matchedOptionValue(VERBOSE, false);
        }
        Logger root = reset();
        if (leaf.commandSpec().findOption(LOG_FORMAT) != null) {
            Format format = leaf.matchedOptionValue(LOG_FORMAT, Format.text);
            root.addAppender(filtered(console("System.out", format == Format.json ? json() : text())));
            return;
        }
        root.addAppender(filtered(new FileOnFirstEvent(context, logFile(leaf.commandSpec()), text(), err)));
        if (verbose) {
            root.addAppender(filtered(console("System.err", text())));
        }
    }

    /** Clears the default configuration; what a command shows: problems from libraries, fedstream's own events. */
    private Logger reset() {
        context.reset();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        context.getLogger("io.fedstream").setLevel(Level.INFO);
        // The global thread restores its stores one partition after another; the consumer then warns about every
        // late offset answer for the partition it just left ("... as it is no longer assigned"), at each start.
        // Its other warnings are retried offset look-ups: a real outage shows as the consumer's and Streams' errors.
        context.getLogger("org.apache.kafka.clients.consumer.internals.OffsetFetcherUtils").setLevel(Level.ERROR);
        // The embedded broker (demo, run --embedded) starts from an empty metadata log, which its controller reports
        // at every first start, and answers the first transactional producers' concurrent look-ups by creating
        // __transaction_state once and reporting TOPIC_ALREADY_EXISTS for the others. Neither logger runs elsewhere.
        context.getLogger("org.apache.kafka.controller.QuorumController").setLevel(Level.ERROR);
        context.getLogger("kafka.server.DefaultAutoTopicCreationManager").setLevel(Level.ERROR);
        return root;
    }

    /**
     * Adds the warnings fedstream drops or thins out. They are the appenders' filters, not turbo filters: a turbo filter
     * runs on every logging call, enabled or not, and Kafka's clients make several trace and debug calls per record.
     */
    private static Appender<ILoggingEvent> filtered(Appender<ILoggingEvent> appender) {
        appender.addFilter(new InternalTopicsBeingCreated());
        appender.addFilter(new GlobalHandlerWarningOfInternalCopies());
        appender.addFilter(new RepeatedConnectionFailures());
        return appender;
    }

    private Path logFile(CommandSpec command) {
        String name = command.qualifiedName("-") + "-" + LocalDateTime.now().format(FILE_STAMP) + "-" + ProcessHandle.current().pid();
        return Path.of(System.getProperty("java.io.tmpdir"), "fedstream-logs", name + ".log");
    }

    private Appender<ILoggingEvent> console(String target, Encoder<ILoggingEvent> encoder) {
        ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
        console.setContext(context);
        console.setName("console");
        console.setTarget(target);
        console.setEncoder(encoder);
        console.start();
        return console;
    }

    private Encoder<ILoggingEvent> text() {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(TEXT_PATTERN);
        encoder.start();
        return encoder;
    }

    private Encoder<ILoggingEvent> json() {
        JsonEncoder encoder = new JsonEncoder();
        encoder.setContext(context);
        // What a collector needs: time, level, thread, logger, message, exception; not logback's own bookkeeping.
        encoder.setWithSequenceNumber(false);
        encoder.setWithNanoseconds(false);
        encoder.setWithContext(false);
        encoder.setWithMessage(false);
        encoder.setWithFormattedMessage(true);
        encoder.setWithArguments(false);
        encoder.start();
        return encoder;
    }

    /**
     * Drops the consumer's warning that topics are missing from metadata when every one of them is a repartition topic:
     * Kafka Streams creates those itself in the first rebalance, and its consumer asks for them a moment before they
     * exist. A missing input or output topic (a real problem) still warns.
     */
    static final class InternalTopicsBeingCreated extends Filter<ILoggingEvent> {

        private static final String NETWORK_CLIENT = "org.apache.kafka.clients.NetworkClient";
        private static final Pattern REPARTITION_UNKNOWN = Pattern.compile("\\S+-repartition=UNKNOWN_TOPIC_OR_PARTITION");

        @Override
        public FilterReply decide(ILoggingEvent event) {
            String format = event.getMessage();
            Object[] params = event.getArgumentArray();
            if (event.getLevel() != Level.WARN || format == null || !event.getLoggerName().equals(NETWORK_CLIENT)) {
                return FilterReply.NEUTRAL;
            }
            // Kafka's loggers hand over the message formatted; a plain SLF4J call would pass the topics as the last argument.
            String message = params == null || params.length == 0 ? format : format + " " + params[params.length - 1];
            int open = message.lastIndexOf('{');
            int close = message.lastIndexOf('}');
            if (!message.contains("recoverable issue") || open < 0 || close < open) {
                return FilterReply.NEUTRAL;
            }
            boolean onlyRepartitionTopics = Arrays.stream(message.substring(open + 1, close).split(",\\s*"))
                    .allMatch(entry -> REPARTITION_UNKNOWN.matcher(entry).matches());
            return onlyRepartitionTopics ? FilterReply.DENY : FilterReply.NEUTRAL;
        }
    }

    /**
     * Drops Kafka Streams' advice to enable the global thread's processing handler: fedstream enables it
     * ({@code Fedstream.streamsProperties}), and the warning comes from the copy of the configuration that Kafka Streams'
     * partition assignor builds from the consumer's settings alone ({@code AssignorConfiguration} through
     * {@code ClientUtils.QuietStreamsConfig}), where the setting is never present. Every other warning of that logger stays.
     */
    static final class GlobalHandlerWarningOfInternalCopies extends Filter<ILoggingEvent> {

        private static final String STREAMS_CONFIG = "org.apache.kafka.streams.StreamsConfig";
        private static final String ADVICE = "Processing exception handler is not enabled for the GlobalThread";

        @Override
        public FilterReply decide(ILoggingEvent event) {
            String format = event.getMessage();
            return event.getLevel() == Level.WARN && format != null && format.startsWith(ADVICE)
                    && event.getLoggerName().equals(STREAMS_CONFIG) ? FilterReply.DENY : FilterReply.NEUTRAL;
        }
    }

    /**
     * Lets through one "could not be established" warning per client and broker address every
     * {@link #INTERVAL_MS}: Kafka's clients retry a connection about once a second and warn at each try, so a broker
     * that is down buried everything else (60 such lines before {@code run} gave up on a missing broker). The outage
     * still shows at once and then twice a minute for as long as it lasts.
     */
    static final class RepeatedConnectionFailures extends Filter<ILoggingEvent> {

        static final long INTERVAL_MS = 30_000;
        private static final String NETWORK_CLIENT = "org.apache.kafka.clients.NetworkClient";
        private static final String FAILED_CONNECTION = "could not be established";
        /** Far more clients and brokers than one process has; only a bound against a leak. */
        private static final int MAX_REMEMBERED = 1_000;

        private final Map<String, Long> lastShown = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
                return size() > MAX_REMEMBERED;
            }
        };

        @Override
        public FilterReply decide(ILoggingEvent event) {
            if (event.getLevel() != Level.WARN || !event.getLoggerName().equals(NETWORK_CLIENT)) {
                return FilterReply.NEUTRAL;
            }
            // The client's prefix, node and address are in the text once formatted: one entry per client and broker.
            String message = event.getFormattedMessage();
            if (message == null || !message.contains(FAILED_CONNECTION)) {
                return FilterReply.NEUTRAL;
            }
            synchronized (lastShown) {
                Long shown = lastShown.get(message);
                if (shown != null && event.getTimeStamp() - shown < INTERVAL_MS) {
                    return FilterReply.DENY;
                }
                lastShown.put(message, event.getTimeStamp());
                return FilterReply.NEUTRAL;
            }
        }
    }

    /** A log file created when the first event arrives, so that commands that log nothing leave no file behind. */
    private static final class FileOnFirstEvent extends AppenderBase<ILoggingEvent> {

        private final Path path;
        private final FileAppender<ILoggingEvent> file = new FileAppender<>();
        private final PrintWriter announce;

        FileOnFirstEvent(LoggerContext logging, Path path, Encoder<ILoggingEvent> encoder, PrintWriter announce) {
            this.path = path;
            this.announce = announce;
            setContext(logging);
            setName("file");
            file.setContext(logging);
            file.setName("file");
            file.setFile(path.toString());
            file.setEncoder(encoder);
            start();
        }

        @Override
        protected void append(ILoggingEvent event) {
            if (!file.isStarted()) {
                try {
                    Files.createDirectories(path.getParent());
                } catch (IOException e) {
                    announce.println("logs: none, cannot create " + path.getParent() + ": " + e);
                    announce.flush();
                    stop();
                    return;
                }
                file.start();
                announce.println("logs: " + path);
                announce.flush();
            }
            file.doAppend(event);
        }

        @Override
        public void stop() {
            file.stop();
            super.stop();
        }
    }
}
