package io.fedstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import ch.qos.logback.core.spi.FilterReply;
import java.util.Map;
import org.apache.commons.logging.LogFactory;
import org.apache.logging.log4j.LogManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** One logging backend for every logging API on the classpath, and the one start-up warning dropped by content. */
class CommandLoggingTest {

    private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    private final ListAppender<ILoggingEvent> captured = new ListAppender<>();

    @BeforeEach
    void capture() {
        captured.setContext(context);
        captured.start();
        context.getLogger(Logger.ROOT_LOGGER_NAME).addAppender(captured);
    }

    @AfterEach
    void release() {
        context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(captured);
    }

    @Test
    void slf4jLog4jApiAndCommonsLoggingAllReachLogback() {
        LoggerFactory.getLogger("routing.slf4j").warn("from slf4j");
        LogManager.getLogger("routing.log4j").warn("from the Log4j API, as Kafka's broker logs");
        LogFactory.getLog("routing.commons").warn("from commons-logging");

        assertThat(captured.list).extracting(ILoggingEvent::getLoggerName, ILoggingEvent::getFormattedMessage).contains(
                org.assertj.core.groups.Tuple.tuple("routing.slf4j", "from slf4j"),
                org.assertj.core.groups.Tuple.tuple("routing.log4j", "from the Log4j API, as Kafka's broker logs"),
                org.assertj.core.groups.Tuple.tuple("routing.commons", "from commons-logging"));
    }

    @Test
    void repartitionTopicsStillBeingCreatedAreNotAWarningButAMissingTopicIs() {
        Logger networkClient = new LoggerContext().getLogger("org.apache.kafka.clients.NetworkClient");
        String format = "[Consumer clientId=c, groupId=g] The metadata response from the cluster reported a recoverable issue with"
                + " correlation id {} : {}";
        CommandLogging.InternalTopicsBeingCreated filter = new CommandLogging.InternalTopicsBeingCreated();

        FilterReply internal = filter.decide(event(networkClient, Level.WARN, format, new Object[] {7,
                Map.of("app-placement-decisions-repartition", "UNKNOWN_TOPIC_OR_PARTITION",
                        "app-admission-requests-repartition", "UNKNOWN_TOPIC_OR_PARTITION")}));
        FilterReply input = filter.decide(event(networkClient, Level.WARN, format, new Object[] {8,
                Map.of("app-placement-decisions-repartition", "UNKNOWN_TOPIC_OR_PARTITION",
                        "fedstream.workloads", "UNKNOWN_TOPIC_OR_PARTITION")}));
        FilterReply otherError = filter.decide(event(networkClient, Level.WARN, format, new Object[] {9,
                Map.of("app-placement-decisions-repartition", "LEADER_NOT_AVAILABLE")}));
        FilterReply otherLogger = filter.decide(event(new LoggerContext().getLogger("io.fedstream.X"), Level.WARN, format,
                new Object[] {7, Map.of("app-placement-decisions-repartition", "UNKNOWN_TOPIC_OR_PARTITION")}));

        FilterReply formattedByKafka = filter.decide(event(networkClient, Level.WARN, "[Consumer clientId=c, groupId=g] The metadata"
                + " response from the cluster reported a recoverable issue with correlation id 2 : {app-cluster-incidents-repartition"
                + "=UNKNOWN_TOPIC_OR_PARTITION, app-admission-requests-repartition=UNKNOWN_TOPIC_OR_PARTITION}", null));

        assertThat(internal).isEqualTo(FilterReply.DENY);
        assertThat(formattedByKafka).isEqualTo(FilterReply.DENY);
        assertThat(input).isEqualTo(FilterReply.NEUTRAL);
        assertThat(otherError).isEqualTo(FilterReply.NEUTRAL);
        assertThat(otherLogger).isEqualTo(FilterReply.NEUTRAL);
    }

    @Test
    void theGlobalHandlerAdviceOfKafkasInternalConfigCopiesIsDroppedAndNothingElse() {
        LoggerContext context = new LoggerContext();
        Logger streamsConfig = context.getLogger("org.apache.kafka.streams.StreamsConfig");
        CommandLogging.GlobalHandlerWarningOfInternalCopies filter = new CommandLogging.GlobalHandlerWarningOfInternalCopies();
        String advice = "Processing exception handler is not enabled for the GlobalThread. It's recommended to set"
                + " `processing.exception.handler.global.enabled` to true to enable it.";

        assertThat(filter.decide(event(streamsConfig, Level.WARN, advice, null))).isEqualTo(FilterReply.DENY);
        assertThat(filter.decide(event(streamsConfig, Level.WARN, "transaction.timeout.ms is larger than the commit interval", null)))
                .isEqualTo(FilterReply.NEUTRAL);
        assertThat(filter.decide(event(context.getLogger("io.fedstream.X"), Level.WARN, advice, null))).isEqualTo(FilterReply.NEUTRAL);
    }

    @Test
    void aBrokerThatCannotBeReachedIsWarnedOnceAClientAndAddressEveryThirtySecondsNotAtEveryRetry() {
        Logger networkClient = new LoggerContext().getLogger("org.apache.kafka.clients.NetworkClient");
        String format = "{}Connection to node {} ({}) could not be established. Node may not be available.";
        Object[] admin = {"[AdminClient clientId=adminclient-1] ", -1, "/127.0.0.1:9"};
        Object[] producer = {"[Producer clientId=p] ", -1, "/127.0.0.1:9"};
        Object[] otherBroker = {"[AdminClient clientId=adminclient-1] ", 2, "/10.0.0.2:9092"};
        CommandLogging.RepeatedConnectionFailures filter = new CommandLogging.RepeatedConnectionFailures();

        assertThat(filter.decide(at(0, event(networkClient, Level.WARN, format, admin)))).isEqualTo(FilterReply.NEUTRAL);
        assertThat(filter.decide(at(1_000, event(networkClient, Level.WARN, format, admin)))).isEqualTo(FilterReply.DENY);
        assertThat(filter.decide(at(29_999, event(networkClient, Level.WARN, format, admin)))).isEqualTo(FilterReply.DENY);
        assertThat(filter.decide(at(1_000, event(networkClient, Level.WARN, format, producer)))).isEqualTo(FilterReply.NEUTRAL);
        assertThat(filter.decide(at(1_000, event(networkClient, Level.WARN, format, otherBroker)))).isEqualTo(FilterReply.NEUTRAL);
        assertThat(filter.decide(at(30_000, event(networkClient, Level.WARN, format, admin)))).isEqualTo(FilterReply.NEUTRAL);
        assertThat(filter.decide(at(31_000, event(networkClient, Level.WARN, format, admin)))).isEqualTo(FilterReply.DENY);
        assertThat(filter.decide(at(31_000, event(networkClient, Level.WARN, "{}Bootstrap broker {} disconnected", admin))))
                .isEqualTo(FilterReply.NEUTRAL);
        assertThat(filter.decide(at(31_000, event(networkClient, Level.INFO, format, admin)))).isEqualTo(FilterReply.NEUTRAL);
    }

    private static ILoggingEvent at(long timeStamp, ILoggingEvent event) {
        ((LoggingEvent) event).setTimeStamp(timeStamp);
        return event;
    }

    private static ILoggingEvent event(Logger logger, Level level, String format, Object[] params) {
        return new LoggingEvent(Logger.class.getName(), logger, level, format, null, params);
    }
}
