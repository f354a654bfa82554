package io.fedstream.propagate;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.InvalidCustomizationException;
import io.fedstream.interpret.ManifestParser;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The interpreter customizations on {@code fedstream.policies}, as the executor and the agent of a member cluster apply
 * them: InterpreterCustomizations, Karmada's ResourceInterpreterCustomizations and Trainer runtimes, on top of those of
 * the configured directory, in the order {@code apply} applies them (by kind, then by key). One that does not load (a
 * script that does not compile, an unknown field, a conflict the webhook refuses) is left out, as the engine leaves it
 * out and Karmada's validating webhook never admits it: its kind keeps its built-in behaviour, and the reason is kept by
 * the kind it targets, for the copies' reports. Single-threaded: one reader feeds it.
 */
public final class PublishedCustomizations {

    /** The kind a Trainer runtime changes the interpretation of. */
    private static final String TRAIN_JOB = "trainer.kubeflow.org/v1alpha1/TrainJob";
    private static final ManifestParser PARSER = new ManifestParser();

    private final InterpreterExtensions configured;
    private final Map<String, String> manifests = new HashMap<>();
    private CustomizationsInForce inForce;

    /** On top of {@code configured}, the extensions of the customizations directory ({@code customizations.dir}). */
    public PublishedCustomizations(InterpreterExtensions configured) {
        this.configured = configured;
    }

    /**
     * The kinds ({@code apiVersion/kind}) whose interpretation the configured directory's customizations and runtimes
     * change, before any record of the topic: the agent watches their copies from its start.
     */
    public Set<String> configuredKinds() {
        Set<String> kinds = new LinkedHashSet<>();
        configured.customizations().forEach(customization -> kinds.add(customization.target().id()));
        configured.luaCustomizations().forEach(customization -> kinds.add(customization.target().id()));
        if (configured.runtimeCount() > 0) {
            kinds.add(TRAIN_JOB);
        }
        return kinds;
    }

    /**
     * Takes one record of the policies topic ({@code manifest} null for a deletion or a tombstone); returns the kinds
     * ({@code apiVersion/kind}) whose interpretation the record may change, before and after it: empty for a policy of
     * another kind, or one that changes nothing.
     */
    public Set<String> accept(String policyKey, String manifest) {
        if (!InterpreterExtensions.POLICY_KINDS.contains(kindOf(policyKey))) {
            return Set.of();
        }
        String before = manifest == null ? manifests.remove(policyKey) : manifests.put(policyKey, manifest);
        if (java.util.Objects.equals(before, manifest)) {
            return Set.of();
        }
        inForce = null;
        Set<String> kinds = new LinkedHashSet<>();
        kinds.addAll(targets(policyKey, before));
        kinds.addAll(targets(policyKey, manifest));
        return kinds;
    }

    /** The customizations in force now. */
    public CustomizationsInForce inForce() {
        if (inForce == null) {
            inForce = build();
        }
        return inForce;
    }

    private CustomizationsInForce build() {
        InterpreterExtensions extensions = configured;
        Map<String, String> refused = new LinkedHashMap<>();
        List<String> keys = manifests.keySet().stream()
                .sorted(Comparator.comparing((String key) -> InterpreterExtensions.POLICY_KINDS.indexOf(kindOf(key))).thenComparing(Comparator.naturalOrder()))
                .toList();
        for (String key : keys) {
            String manifest = manifests.get(key);
            try {
                extensions = extensions.with(InterpreterExtensions.load(manifest.getBytes(StandardCharsets.UTF_8), "policy " + key));
            } catch (InvalidCustomizationException e) {
                for (String kind : targets(key, manifest)) {
                    refused.merge(kind, e.getMessage() + " (refused: the built-in behaviour of " + kind + " applies)",
                            (first, second) -> first + "; " + second);
                }
            }
        }
        return new CustomizationsInForce(extensions.interpreter(), refused);
    }

    /** The kinds a customization or runtime changes the interpretation of, read as leniently as any manifest. */
    private static Set<String> targets(String policyKey, String manifest) {
        if (manifest == null) {
            return Set.of();
        }
        String kind = kindOf(policyKey);
        if (kind.equals("TrainingRuntime") || kind.equals("ClusterTrainingRuntime")) {
            return Set.of(TRAIN_JOB);
        }
        Set<String> targets = new LinkedHashSet<>();
        for (ManifestParser.Document document : PARSER.parse(manifest.getBytes(StandardCharsets.UTF_8))) {
            JsonNode target = document.root() == null ? null : document.root().path("spec").path("target");
            if (target != null && target.path("apiVersion").isTextual() && target.path("kind").isTextual()) {
                targets.add(target.path("apiVersion").asText() + "/" + target.path("kind").asText());
            }
        }
        return targets;
    }

    private static String kindOf(String policyKey) {
        int slash = policyKey.indexOf('/');
        return slash < 0 ? policyKey : policyKey.substring(0, slash);
    }
}
