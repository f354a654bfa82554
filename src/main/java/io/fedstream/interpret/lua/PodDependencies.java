package io.fedstream.interpret.lua;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The objects a pod template refers to, as Karmada's {@code helper.GetDependenciesFromPodTemplate} lists them (with
 * Kubernetes' {@code VisitPodSecretNames} and {@code VisitPodConfigmapNames}, lifted into {@code pkg/util/lifted}):
 * ConfigMaps and Secrets from env, envFrom and volumes of every container kind, image pull Secrets, the service
 * account unless it is {@code default}, and PersistentVolumeClaims. Each kind's names are sorted (Karmada's are a
 * set, in no order).
 */
public final class PodDependencies {

    /** One dependency: {@code v1} kind, namespace and name. */
    public record Reference(String kind, String namespace, String name) {}

    /** Volume sources that name a Secret, and where (Kubernetes' {@code VisitPodSecretNames}). */
    private static final List<Function<JsonNode, JsonNode>> SECRET_VOLUMES = List.of(
            v -> v.path("azureFile").path("secretName"),
            v -> v.path("cephfs").path("secretRef").path("name"),
            v -> v.path("cinder").path("secretRef").path("name"),
            v -> v.path("flexVolume").path("secretRef").path("name"),
            v -> v.path("rbd").path("secretRef").path("name"),
            v -> v.path("secret").path("secretName"),
            v -> v.path("scaleIO").path("secretRef").path("name"),
            v -> v.path("iscsi").path("secretRef").path("name"),
            v -> v.path("storageos").path("secretRef").path("name"),
            v -> v.path("csi").path("nodePublishSecretRef").path("name"));

    private PodDependencies() {}

    /**
     * The dependencies of a PodTemplateSpec ({@code metadata}, {@code spec}) in a namespace; also what the executor sends
     * along with a workload under {@code propagateDeps} ({@code io.fedstream.propagate.Dependencies}).
     */
    public static List<Reference> of(JsonNode podTemplate, String namespace) {
        JsonNode spec = podTemplate.path("spec");
        SortedSet<String> configMaps = new TreeSet<>();
        SortedSet<String> secrets = new TreeSet<>();
        spec.path("imagePullSecrets").forEach(reference -> add(secrets, reference.path("name")));
        for (String containerKind : List.of("initContainers", "containers", "ephemeralContainers")) {
            for (JsonNode container : spec.path(containerKind)) {
                for (JsonNode envFrom : container.path("envFrom")) {
                    add(configMaps, envFrom.path("configMapRef").path("name"));
                    add(secrets, envFrom.path("secretRef").path("name"));
                }
                for (JsonNode env : container.path("env")) {
                    add(configMaps, env.path("valueFrom").path("configMapKeyRef").path("name"));
                    add(secrets, env.path("valueFrom").path("secretKeyRef").path("name"));
                }
            }
        }
        SortedSet<String> claims = new TreeSet<>();
        for (JsonNode volume : spec.path("volumes")) {
            add(configMaps, volume.path("configMap").path("name"));
            add(claims, volume.path("persistentVolumeClaim").path("claimName"));
            for (JsonNode source : volume.path("projected").path("sources")) {
                add(configMaps, source.path("configMap").path("name"));
                add(secrets, source.path("secret").path("name"));
            }
            SECRET_VOLUMES.forEach(where -> add(secrets, where.apply(volume)));
        }
        SortedSet<String> serviceAccounts = new TreeSet<>();
        String serviceAccount = spec.path("serviceAccountName").asText("");
        if (!serviceAccount.isEmpty() && !serviceAccount.equals("default")) {
            serviceAccounts.add(serviceAccount);
        }
        List<Reference> out = new java.util.ArrayList<>();
        configMaps.forEach(name -> out.add(new Reference("ConfigMap", namespace, name)));
        secrets.forEach(name -> out.add(new Reference("Secret", namespace, name)));
        serviceAccounts.forEach(name -> out.add(new Reference("ServiceAccount", namespace, name)));
        claims.forEach(name -> out.add(new Reference("PersistentVolumeClaim", namespace, name)));
        return out;
    }

    private static void add(SortedSet<String> names, JsonNode name) {
        if (name.isTextual() && !name.textValue().isEmpty()) {
            names.add(name.textValue());
        }
    }
}
