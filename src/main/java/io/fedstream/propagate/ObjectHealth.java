package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.WorkHealth;
import io.fedstream.failover.WorkloadHealth;

/**
 * The health of a propagated object on its cluster, by Karmada's default health interpretation
 * ({@code pkg/resourceinterpreter/default/native/healthy.go}): a Deployment or StatefulSet is healthy once its controller
 * observed its generation and every replica is updated and available; a ReplicaSet once every replica is available; a
 * DaemonSet once every scheduled pod is updated and available; a LoadBalancer Service and an Ingress once they have an
 * address; a claim once Bound; a Pod once Succeeded, or Running and Ready; a PodDisruptionBudget once as many pods are
 * healthy as it wants. A kind Karmada has no health interpretation for is healthy, as its work status controller treats
 * it ({@code interpretHealth}), but for Flink's kinds, whose job state fedstream reads as its application failover does
 * ({@link WorkloadHealth}; Karmada's own Flink script calls a FAILED job healthy).
 */
public final class ObjectHealth {

    private ObjectHealth() {}

    public static WorkHealth of(JsonNode object) {
        JsonNode status = object.path("status");
        JsonNode spec = object.path("spec");
        long generation = object.path("metadata").path("generation").asLong(0);
        String kindId = object.path("apiVersion").asText() + "/" + object.path("kind").asText();
        return switch (kindId) {
            case "apps/v1/Deployment", "apps/v1/StatefulSet" -> healthy(status.path("observedGeneration").asLong(0) == generation
                    && !(spec.has("replicas") && status.path("updatedReplicas").asLong(0) < spec.path("replicas").asLong())
                    && status.path("availableReplicas").asLong(0) >= status.path("updatedReplicas").asLong(0));
            case "apps/v1/ReplicaSet" -> healthy(status.path("observedGeneration").asLong(0) == generation
                    && !(spec.has("replicas") && status.path("availableReplicas").asLong(0) < spec.path("replicas").asLong()));
            case "apps/v1/DaemonSet" -> healthy(status.path("observedGeneration").asLong(0) == generation
                    && status.path("updatedNumberScheduled").asLong(0) >= status.path("desiredNumberScheduled").asLong(0)
                    && status.path("numberAvailable").asLong(0) >= status.path("updatedNumberScheduled").asLong(0));
            case "v1/Service" -> healthy(!"LoadBalancer".equals(spec.path("type").asText()) || hasAddress(status));
            case "networking.k8s.io/v1/Ingress" -> healthy(hasAddress(status));
            case "v1/PersistentVolumeClaim" -> healthy("Bound".equals(status.path("phase").asText()));
            case "v1/Pod" -> healthy("Succeeded".equals(status.path("phase").asText())
                    || "Running".equals(status.path("phase").asText()) && ready(status));
            case "policy/v1/PodDisruptionBudget" -> healthy(status.path("currentHealthy").asLong(0) >= status.path("desiredHealthy").asLong(0));
            default -> flink(object) ? flinkHealth(status) : WorkHealth.HEALTHY;
        };
    }

    private static boolean flink(JsonNode object) {
        String kind = object.path("kind").asText();
        return object.path("apiVersion").asText().startsWith("flink.apache.org/")
                && (kind.equals("FlinkDeployment") || kind.equals("FlinkSessionJob"));
    }

    private static WorkHealth flinkHealth(JsonNode status) {
        return switch (WorkloadHealth.of(status.path("jobStatus").path("state").asText(null))) {
            case HEALTHY -> WorkHealth.HEALTHY;
            case UNHEALTHY -> WorkHealth.UNHEALTHY;
            case UNKNOWN -> WorkHealth.UNKNOWN;
        };
    }

    private static boolean hasAddress(JsonNode status) {
        for (JsonNode ingress : status.path("loadBalancer").path("ingress")) {
            if (!ingress.path("ip").asText("").isEmpty() || !ingress.path("hostname").asText("").isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private static boolean ready(JsonNode status) {
        for (JsonNode condition : status.path("conditions")) {
            if ("Ready".equals(condition.path("type").asText())) {
                return "True".equals(condition.path("status").asText());
            }
        }
        return false;
    }

    private static WorkHealth healthy(boolean healthy) {
        return healthy ? WorkHealth.HEALTHY : WorkHealth.UNHEALTHY;
    }
}
