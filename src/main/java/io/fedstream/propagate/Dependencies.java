package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.Cursor;
import io.fedstream.interpret.DependentObject;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpreter;
import io.fedstream.interpret.Problems;
import io.fedstream.interpret.WorkloadId;
import io.fedstream.interpret.lua.LuaScriptException;
import io.fedstream.interpret.lua.PodDependencies;
import io.fedstream.place.LabelSelector;
import io.fedstream.place.PropagationPolicyParser;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The objects a workload's pods use by name, which {@code propagateDeps: true} sends along with it. A
 * ResourceInterpreterCustomization's dependencyInterpretation scripts for the workload's kind say them where there are
 * some (Karmada's interpreter chain asks the customizations first, {@code pkg/resourceinterpreter/interpreter.go}
 * {@code GetDependencies}): each reference by name, or by label selector for every workload of its kind and namespace
 * whose labels match ({@code pkg/dependenciesdistributor} {@code handleDependentResource}). Otherwise
 * Karmada's default dependency interpretation ({@code pkg/resourceinterpreter/default/native/dependencies.go}), for the
 * same kinds: Deployment, DaemonSet, StatefulSet, Job and CronJob (their pod template), Pod (its spec) and Ingress (its
 * TLS Secrets). From a pod spec ({@code pkg/util/helper/pod.go} {@code GetDependenciesFromPodTemplate}): the ConfigMaps
 * and Secrets of volumes (also projected), {@code envFrom} and {@code env[].valueFrom} of every container, init and
 * ephemeral container, the image pull Secrets and the Secrets of volume plugins
 * ({@code pkg/util/lifted/visitpod.go}), the ServiceAccount unless it is {@code default}, and the claims of
 * PersistentVolumeClaim volumes ({@link PodDependencies}, which Karmada's {@code kube.getPodDependencies} also uses); a
 * StatefulSet's claims that its {@code volumeClaimTemplates} make are left out.
 * Each dependency is a workload key, {@code <group>/<Kind>/<namespace>/<name>}; the default interpretation's are in the
 * workload's namespace.
 */
public final class Dependencies {

    /** The workloads of a kind in a namespace (empty: cluster-scoped) whose labels the selector matches, by workload key. */
    @FunctionalInterface
    public interface Selection {
        List<String> keys(String group, String kind, String namespace, LabelSelector selector);
    }

    private final Interpreter interpreter;

    /** By the dependencyInterpretation scripts of {@code interpreter}, and the default interpretation for other kinds. */
    public Dependencies(Interpreter interpreter) {
        this.interpreter = interpreter;
    }

    /**
     * The workload keys of what the manifest's workload depends on, in a stable order; a reference by label selector is
     * resolved with {@code selection}.
     *
     * @throws LuaScriptException naming the customization when a script of the kind fails or returns a bad reference
     * @throws IllegalArgumentException naming the reference when its label selector cannot be read
     */
    public List<String> of(JsonNode manifest, String namespace, Selection selection) {
        Optional<List<DependentObject>> scripted = interpreter.dependencies(manifest);
        if (scripted.isEmpty()) {
            return builtIn(manifest, namespace);
        }
        Set<String> found = new LinkedHashSet<>();
        for (DependentObject dependency : scripted.get()) {
            String group = new WorkloadId(dependency.apiVersion(), null, null, null).group();
            if (dependency.name() != null) {
                found.add(group + "/" + dependency.kind() + "/" + dependency.namespace() + "/" + dependency.name());
            } else {
                found.addAll(selection.keys(group, dependency.kind(), dependency.namespace(), selector(dependency)));
            }
        }
        return List.copyOf(found);
    }

    /** Karmada's default interpretation: the workload keys of what the manifest's pods use; empty for another kind. */
    public static List<String> builtIn(JsonNode manifest, String namespace) {
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

    private static LabelSelector selector(DependentObject dependency) {
        Problems problems = new Problems();
        LabelSelector selector = PropagationPolicyParser.labelSelector(Cursor.root(dependency.labelSelector(), "labelSelector", problems));
        if (!problems.isEmpty() || selector == null) {
            throw new IllegalArgumentException("the dependency " + dependency.apiVersion() + "/" + dependency.kind() + " in namespace '"
                    + dependency.namespace() + "' has a label selector that cannot be read: " + problems.list().stream()
                    .map(FieldError::message).collect(Collectors.joining("; ")));
        }
        return selector;
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
