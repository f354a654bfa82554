package io.fedstream.interpret;

import io.fedstream.interpret.InterpreterCustomization.ComponentRule;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Interprets manifests of one kind by the paths of an {@link InterpreterCustomization}. A path the
 * customization declares must be present in the manifest, except a replicas path with a default
 * and the optional bounds: an absent pod template is an error, never a pod that requests nothing.
 */
final class CustomizationKind implements KindInterpreter {

    private static final Set<String> RESOURCE_REQUIREMENTS_FIELDS = Set.of("requests", "limits", "claims");

    private final InterpreterCustomization customization;

    CustomizationKind(InterpreterCustomization customization) {
        this.customization = customization;
    }

    @Override
    public List<KindRef> kinds() {
        return List.of(customization.target());
    }

    @Override
    public String name(KindRef kind) {
        return "customization:" + customization.name();
    }

    @Override
    public List<Component> components(Cursor manifest) {
        List<Component> out = new ArrayList<>();
        for (ComponentRule rule : customization.components()) {
            String role = "component " + rule.name() + " of customization " + customization.name();

            long replicas;
            String replicasField;
            Long defaultReplicas = rule.replicas().defaultValue();
            if (rule.replicas().path() == null) {
                replicas = defaultReplicas;
                replicasField = rule.name() + ".replicas.default (customization " + customization.name() + ")";
            } else {
                Cursor at = rule.replicas().path().resolve(manifest);
                replicasField = at.path();
                if (at.isPresent()) {
                    Long value = at.optionalCount();
                    replicas = value == null ? 0 : value;
                } else if (defaultReplicas != null) {
                    replicas = defaultReplicas;
                } else {
                    at.error("is required: the replicas of " + role + ", which declares no default");
                    replicas = 0;
                }
            }

            Cursor podAt = rule.podPath().resolve(manifest);
            PodRequest pod = switch (rule.podSource()) {
                case POD_TEMPLATE -> podTemplate(podAt, role);
                case RESOURCES -> resources(podAt, role);
            };

            Long min = bound(rule.minReplicasPath(), manifest);
            Long max = bound(rule.maxReplicasPath(), manifest);
            if (min != null && max != null && min > max) {
                rule.maxReplicasPath().resolve(manifest).error("is below the minReplicas of " + role + " (" + min + ")");
            }
            out.add(new Component(rule.name(), replicas, min, max, pod, replicasField));
        }
        return out;
    }

    private static PodRequest podTemplate(Cursor template, String role) {
        if (!template.isPresent()) {
            template.error("is required: the podTemplate of " + role);
            return PodRequest.NONE;
        }
        if (!template.node().isObject()) {
            template.error("must be a pod template (a mapping with spec.containers): the podTemplate of " + role);
            return PodRequest.NONE;
        }
        if (!template.field("spec").isPresent() && template.field("containers").isPresent()) {
            // The likeliest mistake in a customization: pointing at template.spec instead of template.
            template.error("is a pod spec, not a pod template: the podTemplate of " + role
                    + " must point at the object holding metadata and spec");
            return PodRequest.NONE;
        }
        return PodRequests.of(template.field("spec"));
    }

    private static PodRequest resources(Cursor resources, String role) {
        if (!resources.isPresent()) {
            resources.error("is required: the resources of " + role);
            return PodRequest.NONE;
        }
        if (!resources.node().isObject()) {
            resources.error("must be a ResourceRequirements (a mapping with requests and/or limits): the resources of " + role);
            return PodRequest.NONE;
        }
        for (String key : resources.entries().keySet()) {
            if (!RESOURCE_REQUIREMENTS_FIELDS.contains(key)) {
                // Pointing resources at a pod template would otherwise count as a pod requesting nothing.
                resources.field(key).error("is not a field of a ResourceRequirements (requests, limits, claims): "
                        + "the resources of " + role + " must point at one");
            }
        }
        ContainerResources declared = new ContainerResources(
                resources.field("requests").resourceList(), resources.field("limits").resourceList());
        return PodRequest.ofContainer(declared);
    }

    private static Long bound(CustomizationPath path, Cursor manifest) {
        return path == null ? null : path.resolve(manifest).optionalCount();
    }
}
