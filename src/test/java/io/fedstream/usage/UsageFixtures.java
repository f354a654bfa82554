package io.fedstream.usage;

import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apps.ReplicaSetBuilder;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.ContainerMetricsBuilder;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetrics;
import io.fabric8.kubernetes.api.model.metrics.v1beta1.PodMetricsBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/** Pods as the operators label and own them, and their PodMetrics, on a mock API server. */
public final class UsageFixtures {

    private final KubernetesClient client;
    private final Set<String> withMetrics = new HashSet<>();

    public UsageFixtures(KubernetesClient client) {
        this.client = client;
    }

    /**
     * Makes the mock serve {@code metrics.k8s.io/v1beta1} pods in its discovery, as a cluster with metrics-server does
     * (the mock lists a group's resources from the definitions it knows).
     */
    public UsageFixtures servingMetrics() {
        client.apiextensions().v1().customResourceDefinitions().resource(new CustomResourceDefinitionBuilder()
                .withNewMetadata().withName("pods.metrics.k8s.io").endMetadata()
                .withNewSpec().withGroup("metrics.k8s.io").withScope("Namespaced")
                .withNewNames().withKind("PodMetrics").withPlural("pods").withSingular("pod").endNames()
                .addNewVersion().withName("v1beta1").withServed(true).withStorage(true).endVersion()
                .endSpec().build()).create();
        return this;
    }

    /** A pod of a FlinkDeployment as flink-kubernetes-operator (native mode) labels it. */
    public void flinkPod(String namespace, String deployment, String component, String pod) {
        client.pods().inNamespace(namespace).resource(new PodBuilder().withNewMetadata().withName(pod).withNamespace(namespace)
                .addToLabels(Map.of("app", deployment, "component", component, "type", "flink-native-kubernetes"))
                .addToOwnerReferences(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("Deployment").withName(deployment)
                        .withUid(deployment + "-uid").withController(true).build())
                .endMetadata().withNewSpec().addToContainers(new ContainerBuilder().withName("flink-main-container").build()).endSpec()
                .build()).create();
    }

    /** A pod of a Deployment's ReplicaSet, and the ReplicaSet (created once) that the Deployment controls. */
    public void deploymentPod(String namespace, String deployment, String replicaSet, String pod) {
        if (client.apps().replicaSets().inNamespace(namespace).withName(replicaSet).get() == null) {
            client.apps().replicaSets().inNamespace(namespace).resource(new ReplicaSetBuilder().withNewMetadata().withName(replicaSet)
                    .withNamespace(namespace).withUid(replicaSet + "-uid")
                    .addToOwnerReferences(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("Deployment").withName(deployment)
                            .withUid(deployment + "-uid").withController(true).build())
                    .endMetadata().build()).create();
        }
        client.pods().inNamespace(namespace).resource(new PodBuilder().withNewMetadata().withName(pod).withNamespace(namespace)
                .addToOwnerReferences(new OwnerReferenceBuilder().withApiVersion("apps/v1").withKind("ReplicaSet").withName(replicaSet)
                        .withUid(replicaSet + "-uid").withController(true).build())
                .endMetadata().withNewSpec().addToContainers(new ContainerBuilder().withName("app").build()).endSpec().build()).create();
    }

    /** Creates or replaces the pod's PodMetrics: per container, its CPU and memory usage. */
    public void metrics(String namespace, String pod, Map<String, String> cpu, Map<String, String> memory) {
        PodMetricsBuilder metrics = new PodMetricsBuilder().withNewMetadata().withName(pod).withNamespace(namespace).endMetadata()
                .withWindow(new io.fabric8.kubernetes.api.model.Duration(java.time.Duration.ofSeconds(30)));
        cpu.forEach((container, amount) -> metrics.addToContainers(new ContainerMetricsBuilder().withName(container)
                .addToUsage("cpu", new Quantity(amount)).addToUsage("memory", new Quantity(memory.get(container))).build()));
        var resource = client.resources(PodMetrics.class).inNamespace(namespace).resource(metrics.build());
        if (withMetrics.add(namespace + "/" + pod)) {
            resource.create();
        } else {
            resource.update();
        }
    }
}
