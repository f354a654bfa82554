package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The objects a workload's pods use by name, which {@code propagateDeps: true} sends along with it: Karmada's default
 * dependency interpretation ({@code pkg/resourceinterpreter/default/native/dependencies.go}), for the same kinds:
 * Deployment, DaemonSet, StatefulSet, Job and CronJob (their pod template), Pod (its spec) and Ingress (its TLS
 * Secrets). From a pod spec ({@code pkg/util/helper/pod.go} {@code GetDependenciesFromPodTemplate}): the ConfigMaps and
 * Secrets of volumes (also projected), {@code envFrom} and {@code env[].valueFrom} of every container, init and
 * ephemeral container, the image pull Secrets and the Secrets of volume plugins
 * ({@code pkg/util/lifted/visitpod.go}), the ServiceAccount unless it is {@code default}, and the claims of
 * PersistentVolumeClaim volumes; a StatefulSet's claims that its {@code volumeClaimTemplates} make are left out.
 * Each dependency is a workload key, {@code core/<Kind>/<namespace>/<name>}, in the workload's namespace.
 */
public final class Dependencies {

    /** Secret references of volume plugins, as {@code VisitPodSecretNames} lists them: (volume type, field). */
    private static final List<String[]> PLUGIN_SECRETS = List.of(
            new String[] {"azureFile", "secretName"}, new String[] {"cephfs", "secretRef"}, new String[] {"cinder", "secretRef"},
            new String[] {"flexVolume", "secretRef"}, new String[] {"rbd", "secretRef"}, new String[] {"scaleIO", "secretRef"},
            new String[] {"iscsi", "secretRef"}, new String[] {"storageos", "secretRef"}, new String[] {"csi", "nodePublishSecretRef"});

    private Dependencies() {}

    /** The workload keys of what the manifest's pods use, in a stable order; empty for a kind without an interpretation. */
    public static List<String> of(JsonNode manifest, String namespace) {
        String apiVersion = manifest.path("apiVersion").asText();
        String kind = manifest.path("kind").asText();
        JsonNode spec = manifest.path("spec");
        Set<String> found = new LinkedHashSet<>();
        switch (apiVersion + "/" + kind) {
            case "apps/v1/Deployment", "apps/v1/DaemonSet", "batch/v1/Job" -> podSpec(spec.path("template").path("spec"), namespace, found);
            case "batch/v1/CronJob" -> podSpec(spec.path("jobTemplate").path("spec").path("template").path("spec"), namespace, found);
            case "v1/Pod" -> podSpec(spec, namespace, found);
            case "apps/v1/StatefulSet" -> {
                podSpec(spec.path("template").path("spec"), namespace, found);
                for (JsonNode template : spec.path("volumeClaimTemplates")) {
                    found.remove(key("PersistentVolumeClaim", namespace, template.path("metadata").path("name").asText()));
                }
            }
            case "networking.k8s.io/v1/Ingress" -> {
                for (JsonNode tls : spec.path("tls")) {
                    add(found, "Secret", namespace, tls.path("secretName"));
                }
            }
            default -> { }
        }
        return List.copyOf(found);
    }

    private static void podSpec(JsonNode pod, String namespace, Set<String> found) {
        for (JsonNode secret : pod.path("imagePullSecrets")) {
            add(found, "Secret", namespace, secret.path("name"));
        }
        for (String containers : new String[] {"initContainers", "containers", "ephemeralContainers"}) {
            for (JsonNode container : pod.path(containers)) {
                for (JsonNode from : container.path("envFrom")) {
                    add(found, "ConfigMap", namespace, from.path("configMapRef").path("name"));
                    add(found, "Secret", namespace, from.path("secretRef").path("name"));
                }
                for (JsonNode env : container.path("env")) {
                    add(found, "ConfigMap", namespace, env.path("valueFrom").path("configMapKeyRef").path("name"));
                    add(found, "Secret", namespace, env.path("valueFrom").path("secretKeyRef").path("name"));
                }
            }
        }
        for (JsonNode volume : pod.path("volumes")) {
            add(found, "ConfigMap", namespace, volume.path("configMap").path("name"));
            add(found, "Secret", namespace, volume.path("secret").path("secretName"));
            for (JsonNode source : volume.path("projected").path("sources")) {
                add(found, "ConfigMap", namespace, source.path("configMap").path("name"));
                add(found, "Secret", namespace, source.path("secret").path("name"));
            }
            for (String[] plugin : PLUGIN_SECRETS) {
                JsonNode reference = volume.path(plugin[0]).path(plugin[1]);
                add(found, "Secret", namespace, reference.isObject() ? reference.path("name") : reference);
            }
            add(found, "PersistentVolumeClaim", namespace, volume.path("persistentVolumeClaim").path("claimName"));
        }
        String serviceAccount = pod.path("serviceAccountName").asText("");
        if (!serviceAccount.equals("default")) {
            add(found, "ServiceAccount", namespace, pod.path("serviceAccountName"));
        }
    }

    private static void add(Set<String> found, String kind, String namespace, JsonNode name) {
        if (name.isTextual() && !name.asText().isEmpty()) {
            found.add(key(kind, namespace, name.asText()));
        }
    }

    private static String key(String kind, String namespace, String name) {
        return "core/" + kind + "/" + namespace + "/" + name;
    }
}
