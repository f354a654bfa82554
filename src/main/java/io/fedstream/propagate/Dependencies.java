package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.lua.PodDependencies;
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
 * PersistentVolumeClaim volumes ({@link PodDependencies}, which Karmada's {@code kube.getPodDependencies} also uses); a
 * StatefulSet's claims that its {@code volumeClaimTemplates} make are left out.
 * Each dependency is a workload key, {@code core/<Kind>/<namespace>/<name>}, in the workload's namespace.
 */
public final class Dependencies {

    private Dependencies() {}

    /** The workload keys of what the manifest's pods use, in a stable order; empty for a kind without an interpretation. */
    public static List<String> of(JsonNode manifest, String namespace) {
        String apiVersion = manifest.path("apiVersion").asText();
        String kind = manifest.path("kind").asText();
        JsonNode spec = manifest.path("spec");
        Set<String> found = new LinkedHashSet<>();
        switch (apiVersion + "/" + kind) {
            case "apps/v1/Deployment", "apps/v1/DaemonSet", "batch/v1/Job" -> podTemplate(spec.path("template"), namespace, found);
            case "batch/v1/CronJob" -> podTemplate(spec.path("jobTemplate").path("spec").path("template"), namespace, found);
            case "v1/Pod" -> podTemplate(manifest, namespace, found);
            case "apps/v1/StatefulSet" -> {
                podTemplate(spec.path("template"), namespace, found);
                for (JsonNode template : spec.path("volumeClaimTemplates")) {
                    found.remove(key("PersistentVolumeClaim", namespace, template.path("metadata").path("name").asText()));
                }
            }
            case "networking.k8s.io/v1/Ingress" -> {
                for (JsonNode tls : spec.path("tls")) {
                    if (tls.path("secretName").isTextual() && !tls.path("secretName").asText().isEmpty()) {
                        found.add(key("Secret", namespace, tls.path("secretName").asText()));
                    }
                }
            }
            default -> { }
        }
        return List.copyOf(found);
    }

    private static void podTemplate(JsonNode template, String namespace, Set<String> found) {
        for (PodDependencies.Reference reference : PodDependencies.of(template, namespace)) {
            found.add(key(reference.kind(), reference.namespace(), reference.name()));
        }
    }

    private static String key(String kind, String namespace, String name) {
        return "core/" + kind + "/" + namespace + "/" + name;
    }
}
