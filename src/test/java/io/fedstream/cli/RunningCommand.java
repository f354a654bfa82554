package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.fedstream.runtime.ShutdownSignal;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/**
 * {@code fedstream run ARGS} on a thread of the test JVM, stopped through its shutdown signal as Ctrl-C stops it; what
 * it reports (its log events: a service's console is its log) is read as {@link #out()}.
 */
final class RunningCommand implements AutoCloseable {

    private static final Pattern QUERY_API = Pattern.compile("Query API on (https?://[^/]+)/");

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final ShutdownSignal signal = new ShutdownSignal();
    private final CompletableFuture<Integer> exitCode;
    private final Logger runLog = (Logger) LoggerFactory.getLogger(RunCommand.class);
    private final AppenderBase<ILoggingEvent> reports = new AppenderBase<>() {
        @Override
        protected void append(ILoggingEvent event) {
            out.write(event.getFormattedMessage() + System.lineSeparator());
        }
    };

    private RunningCommand(String... args) {
        AvroTrust.configure();
        reports.setContext(runLog.getLoggerContext());
        reports.start();
        runLog.addAppender(reports);
        CommandLine line = new CommandLine(new RunCommand(signal)).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true));
        exitCode = CompletableFuture.supplyAsync(() -> line.execute(args), runnable -> {
            Thread thread = new Thread(runnable, "fedstream-run-under-test");
            thread.setDaemon(true);
            thread.start();
        });
    }

    /** Starts {@code run ARGS} and returns once it printed that it is running. */
    static RunningCommand start(Duration timeout, String... args) throws InterruptedException {
        RunningCommand command = new RunningCommand(args);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!command.out().contains("fedstream is running")) {
            assertThat(command.exitCode.isDone()).as("run exited early: %s%s", command.out(), command.err()).isFalse();
            assertThat(System.nanoTime()).as("run printed that it runs within %s: %s", timeout, command.out()).isLessThan(deadline);
            Thread.sleep(100);
        }
        return command;
    }

    /** The query API's base URL, as run printed it. */
    String queryUrl() {
        Matcher matcher = QUERY_API.matcher(out());
        assertThat(matcher.find()).as("query API in %s", out()).isTrue();
        return matcher.group(1);
    }

    /** The first group of {@code regex} in what run printed. */
    String printed(String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(out());
        assertThat(matcher.find()).as("%s in %s", regex, out()).isTrue();
        return matcher.group(1);
    }

    String out() {
        return out.toString();
    }

    String err() {
        return err.toString();
    }

    /** The exit code, if run has returned. */
    Integer exitCodeIfDone() {
        return exitCode.isDone() ? exitCode.join() : null;
    }

    /** Asks run to stop, as Ctrl-C does, and returns its exit code. */
    int stop(Duration timeout) throws Exception {
        signal.request();
        return exitCode.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() throws Exception {
        try {
            if (!exitCode.isDone()) {
                stop(Duration.ofSeconds(90));
            }
        } finally {
            runLog.detachAppender(reports);
        }
    }
}
