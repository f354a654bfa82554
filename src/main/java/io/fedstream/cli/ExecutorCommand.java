package io.fedstream.cli;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fedstream.Fedstream;
import io.fedstream.config.FedstreamConfig;
import io.fedstream.executor.Executor;
import io.fedstream.runtime.ShutdownSignal;
import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code fedstream executor}: propagates every binding to one member cluster and carries out its migration commands until Ctrl-C. */
@Command(name = "executor", mixinStandardHelpOptions = true,
        description = {
            "Propagates bindings to a member cluster and runs its migrations.",
            "",
            "Reads the bindings, workloads, policies and work-status topics whole and makes the cluster hold what each"
                    + " binding says: the workload's manifest with the cluster's replicas and overrides, created, updated or"
                    + " removed, with the objects its pods use when its policy says propagateDeps; reports each copy's state on"
                    + " the work-status topic (docs/propagation.md).",
            "",
            "Consumes the migrations topic (read_committed, group fedstream-executor-NAME) and acts where --cluster is the"
                    + " target of a MIGRATE (applies the workload's manifest from the workloads topic with the restore"
                    + " information: Flink initialSavepointPath and upgrade mode, preserved state as labels, consumer-group"
                    + " offsets committed first) or the source of a PURGE (deletes the copy, or scales it down and deletes"
                    + " it after the grace period). Reports STARTED, RESTORED, COMPLETED or FAILED on the migration-events"
                    + " topic in the transaction that commits the command.",
            "",
            "Exit codes: 0 stopped by Ctrl-C, 1 cannot start or stopped by a failure, 2 a bad flag."},
        footerHeading = "%nExamples:%n",
        footer = {
            "  fedstream executor --cluster member1 --kubeconfig ~/.kube/member1.yaml",
            "  fedstream executor --cluster member2 --context member2 --apps-bootstrap-servers kafka-apps:9092"})
final class ExecutorCommand implements Callable<Integer> {

    private static final Duration POLL = Duration.ofSeconds(1);

    @Mixin
    private ClusterOptions cluster;

    @Mixin
    private KafkaOptions kafka;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        KubernetesClient client;
        try {
            client = cluster.client();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        try (client) {
            return run(client, out);
        }
    }

    private int run(KubernetesClient client, PrintWriter out) throws InterruptedException {
        FedstreamConfig config = kafka.config();
        Fedstream fedstream = Fedstream.create(config);
        try (ShutdownSignal signal = new ShutdownSignal();
                Admin apps = cluster.appsAdmin(config);
                Executor executor = new Executor(client, config, fedstream.topics(), apps, cluster.cluster, Clock.systemUTC()).start()) {
            out.printf("executor for cluster %s on %s reading %s and %s; Ctrl-C stops it%n", cluster.cluster, client.getMasterUrl(),
                    fedstream.topics().bindings().name(), fedstream.topics().migrations().name());
            out.flush();
            while (!signal.poll(POLL)) {
                if (executor.awaitStop(Duration.ZERO)) {
                    spec.commandLine().getErr().println("error: the executor stopped: " + executor.failure());
                    return 1;
                }
            }
        }
        return 0;
    }
}
