package io.fedstream.connect;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.connect.cli.ConnectStandalone;
import org.apache.kafka.connect.runtime.Connect;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.runtime.standalone.StandaloneHerder;
import org.apache.kafka.connect.util.FutureCallback;

/** A Kafka Connect standalone worker inside the test JVM, as {@code connect-standalone.sh} would run it. */
final class StandaloneWorker implements AutoCloseable {

    private final Connect<StandaloneHerder> connect;

    private StandaloneWorker(Connect<StandaloneHerder> connect) {
        this.connect = connect;
    }

    static StandaloneWorker start(Map<String, String> workerProperties) {
        // Connect swaps the thread's context class loader for its plugin loader; the test thread keeps its own.
        ClassLoader testLoader = Thread.currentThread().getContextClassLoader();
        try {
            return new StandaloneWorker(new ConnectStandalone().startConnect(workerProperties));
        } finally {
            Thread.currentThread().setContextClassLoader(testLoader);
        }
    }

    /** Creates or replaces a connector, as {@code PUT /connectors/{name}/config} does. */
    void putConnector(String name, Map<String, String> config) throws Exception {
        FutureCallback<Object> done = new FutureCallback<>();
        connect.herder().putConnectorConfig(name, config, true, (error, result) -> done.onCompletion(error, result));
        done.get(30, TimeUnit.SECONDS);
    }

    /** The connector's and its tasks' states, as {@code GET /connectors/{name}/status} shows them. */
    ConnectorStateInfo status(String name) {
        return connect.herder().connectorStatus(name);
    }

    @Override
    public void close() {
        connect.stop();
        connect.awaitStop();
    }
}
