package io.fedstream.bench;

import io.fedstream.runtime.EmbeddedKafka;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The benchmark's broker in a JVM of its own, so that its CPU and memory are not counted as the measured app's:
 * {@code BrokerProcess <data dir>} starts the embedded KRaft broker on a free port, prints {@value #READY}
 * followed by its bootstrap address, and stops when its standard input closes or it is terminated.
 */
public final class BrokerProcess {

    static final String READY = "broker ready at ";

    private BrokerProcess() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: BrokerProcess DATA_DIR");
            System.exit(2);
        }
        EmbeddedKafka kafka = EmbeddedKafka.start(EmbeddedKafka.Options.defaults().withPort(0).withDataDir(Path.of(args[0])));
        Runtime.getRuntime().addShutdownHook(new Thread(kafka::close, "broker-shutdown"));
        System.out.println(READY + kafka.bootstrapServers());
        System.out.flush();
        while (System.in.read() >= 0) {
            // The parent holds standard input open for as long as the broker is needed.
        }
        System.exit(0);
    }
}
