package io.fedstream.interpret.kinds;

import io.fedstream.interpret.Component;
import io.fedstream.interpret.ContainerResources;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.KindInterpreter;
import io.fedstream.interpret.KindRef;
import io.fedstream.interpret.PodRequest;
import io.fedstream.interpret.PodRequests;
import io.fedstream.interpret.Resources;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * kafka.strimzi.io Kafka and KafkaNodePool (v1beta2 and v1): the pods the Strimzi cluster
 * operator runs for them, each sized by the {@code resources} of its section. The rules and their
 * sources in strimzi/strimzi-kafka-operator are in docs/interpretation.md.
 */
public final class StrimziKinds implements KindInterpreter {

    private static final String NODE_POOLS_ANNOTATION = "strimzi.io/node-pools";

    @Override
    public List<KindRef> kinds() {
        return List.of(
                KindRef.of("kafka.strimzi.io/v1beta2", "Kafka"),
                KindRef.of("kafka.strimzi.io/v1", "Kafka"),
                KindRef.of("kafka.strimzi.io/v1beta2", "KafkaNodePool"),
                KindRef.of("kafka.strimzi.io/v1", "KafkaNodePool"));
    }

    @Override
    public List<Component> components(Cursor manifest) {
        Cursor spec = manifest.field("spec");
        if ("KafkaNodePool".equals(manifest.field("kind").string())) {
            Cursor replicas = spec.field("replicas");
            if (!replicas.isPresent()) {
                replicas.error("is required");
            }
            Cursor metadata = manifest.field("metadata");
            String name = metadata.field("name").isPresent()
                    ? metadata.field("name").string() : metadata.field("generateName").string();
            String component = name == null ? "" : name.toLowerCase(Locale.ROOT);
            return List.of(Component.of(component, replicas.count(0), replicas, pod(spec)));
        }
        return kafka(manifest, spec);
    }

    private static List<Component> kafka(Cursor manifest, Cursor spec) {
        List<Component> components = new ArrayList<>();
        if (!nodePools(manifest)) {
            Cursor replicas = spec.at("kafka.replicas");
            if (!replicas.isPresent()) {
                replicas.error("is required unless node pools are enabled (metadata.annotations["
                        + NODE_POOLS_ANNOTATION + "]: enabled)");
            }
            components.add(Component.of("kafka", replicas.count(0), replicas, pod(spec.field("kafka"))));
        }
        Cursor zookeeper = spec.field("zookeeper");
        if (zookeeper.isPresent()) {
            Cursor replicas = zookeeper.field("replicas");
            if (!replicas.isPresent()) {
                replicas.error("is required");
            }
            components.add(Component.of("zookeeper", replicas.count(0), replicas, pod(zookeeper)));
        }
        Cursor entityOperator = spec.field("entityOperator");
        Cursor topicOperator = entityOperator.field("topicOperator");
        Cursor userOperator = entityOperator.field("userOperator");
        if (topicOperator.isPresent() || userOperator.isPresent()) {
            // One Deployment pod with a container per configured operator (EntityOperator#createContainers).
            Resources requests = Resources.NONE;
            Resources limits = Resources.NONE;
            for (Cursor operator : List.of(topicOperator, userOperator)) {
                if (operator.isPresent()) {
                    ContainerResources container = PodRequests.containerResources(operator);
                    requests = requests.plus(container.effectiveRequest());
                    limits = limits.plus(container.limits());
                }
            }
            components.add(Component.of("entity-operator", 1, entityOperator, new PodRequest(requests, limits, null)));
        }
        for (String[] single : new String[][] {{"cruiseControl", "cruise-control"}, {"kafkaExporter", "kafka-exporter"}}) {
            Cursor section = spec.field(single[0]);
            if (section.isPresent()) {
                components.add(Component.of(single[1], 1, section, pod(section)));
            }
        }
        return components;
    }

    /** Node pools are mandatory in v1; in v1beta2 the annotation turns them on (ReconcilerUtils#nodePoolsEnabled). */
    private static boolean nodePools(Cursor manifest) {
        if ("kafka.strimzi.io/v1".equals(manifest.field("apiVersion").string())) {
            return true;
        }
        String value = manifest.at("metadata.annotations").field(NODE_POOLS_ANNOTATION).string();
        return value != null && value.toLowerCase(Locale.ENGLISH).equals("enabled");
    }

    /** A pod of one container sized by the section's {@code resources} (requests, else limits; and its limits). */
    private static PodRequest pod(Cursor section) {
        return PodRequest.ofContainer(PodRequests.containerResources(section));
    }
}
