package io.fedstream.cli;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fedstream.config.FedstreamConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import picocli.CommandLine.Option;

/** The member cluster an agent or executor works on, how to reach its API server, and the Kafka its workloads use. */
final class ClusterOptions {

    @Option(names = "--cluster", required = true, paramLabel = "NAME",
            description = "The cluster's name in the fleet: the key of its heartbeats, the source and target of migration commands.")
    String cluster;

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "A kubeconfig file (default: $KUBECONFIG, ~/.kube/config, or the in-cluster service account).")
    Path kubeconfig;

    @Option(names = "--context", paramLabel = "C", description = "The kubeconfig context to use (default: its current-context).")
    String context;

    @Option(names = "--apps-bootstrap-servers", paramLabel = "HOST:PORT",
            description = "The Kafka the workloads' consumer groups live on (default: fedstream's own, kafka.bootstrap.servers).")
    String appsBootstrapServers;

    /** A client for the cluster; the file is read now, so a wrong path fails before anything connects. */
    KubernetesClient client() {
        Config config;
        if (kubeconfig == null) {
            config = Config.autoConfigure(context);
        } else {
            String contents;
            try {
                contents = Files.readString(kubeconfig);
            } catch (IOException e) {
                throw new IllegalArgumentException("--kubeconfig: cannot read it (value: " + kubeconfig + "): " + e, e);
            }
            try {
                config = Config.fromKubeconfig(context, contents, kubeconfig.toString());
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("--kubeconfig: not a usable kubeconfig" + (context == null ? "" : " with --context " + context)
                        + " (value: " + kubeconfig + "): " + e.getMessage(), e);
            }
        }
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    /** An Admin client on the workloads' Kafka: kafka.admin.* of the configuration, with the bootstrap servers above. */
    Admin appsAdmin(FedstreamConfig config) {
        Properties properties = config.adminProperties();
        if (appsBootstrapServers != null) {
            properties.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, appsBootstrapServers);
        }
        return Admin.create(properties);
    }
}
