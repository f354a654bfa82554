package io.fedstream.decide;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.avro.PolicyEvent;
import io.fedstream.interpret.FieldError;
import io.fedstream.interpret.Interpretation;
import io.fedstream.interpret.InterpreterExtensions;
import io.fedstream.interpret.InvalidCustomizationException;
import io.fedstream.interpret.ManifestParser;
import io.fedstream.interpret.Interpreter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The interpret step's interpreter: built-in kinds, the extensions loaded from files, and the
 * customizations and Trainer runtimes on the policies topic, rebuilt whenever a policy changes.
 */
final class InterpreterSource {

    private static final Logger LOG = LoggerFactory.getLogger(InterpreterSource.class);
    private static final ManifestParser PARSER = new ManifestParser();

    private final InterpreterExtensions fromFiles;
    private final LongSupplier policyChanges;
    private final ReadOnlyKeyValueStore<String, PolicyEvent> policies;
    private long seenChanges = Long.MIN_VALUE;
    private Interpreter current;
    private Map<String, FieldError> rejectedByTarget = Map.of();
    private Map<String, String> builtFrom = Map.of();

    InterpreterSource(InterpreterExtensions fromFiles, LongSupplier policyChanges, ReadOnlyKeyValueStore<String, PolicyEvent> policies) {
        this.fromFiles = fromFiles;
        this.policyChanges = policyChanges;
        this.policies = policies;
    }

    /** The interpreter as the policies stand now. */
    Interpreter current() {
        long changes = policyChanges.getAsLong();
        if (changes != seenChanges) {
            rebuild();
            seenChanges = changes;
        }
        return current;
    }

    /** Adds to an uninterpreted result the reason a customization for its kind was refused, if one was. */
    Interpretation explain(Interpretation interpretation) {
        if (interpretation.outcome() != Interpretation.Outcome.UNINTERPRETED || interpretation.workload() == null) {
            return interpretation;
        }
        FieldError rejection = rejectedByTarget.get(interpretation.workload().apiVersion() + "/" + interpretation.workload().kind());
        if (rejection == null) {
            return interpretation;
        }
        List<FieldError> errors = new ArrayList<>(interpretation.errors());
        errors.add(rejection);
        return new Interpretation(interpretation.outcome(), interpretation.workload(), interpretation.labels(),
                interpretation.priorityClassName(), interpretation.interpreter(), interpretation.components(),
                interpretation.total(), interpretation.totalLimits(), errors);
    }

    /** Rebuilds the interpreter when the interpreter policies changed; other policy changes (quotas) leave it as it is. */
    private void rebuild() {
        Map<String, String> sources = interpreterPolicies();
        if (current != null && sources.equals(builtFrom)) {
            return;
        }
        InterpreterExtensions extensions = fromFiles;
        Map<String, FieldError> rejected = new LinkedHashMap<>();
        for (Map.Entry<String, String> source : sources.entrySet()) {
            try {
                extensions = extensions.with(InterpreterExtensions.load(
                        source.getValue().getBytes(StandardCharsets.UTF_8), "policy " + source.getKey()));
            } catch (InvalidCustomizationException e) {
                LOG.warn("Refused {} from the policies topic: {}", source.getKey(), e.getMessage());
                rejected.put(target(source.getValue()), new FieldError("policy " + source.getKey(), null,
                        "the InterpreterCustomization for this kind was refused: " + e.getMessage()));
            }
        }
        current = extensions.interpreter();
        rejectedByTarget = rejected;
        builtFrom = sources;
        LOG.info("Interpreter rebuilt: {} customizations, {} Trainer runtimes, {} refused",
                extensions.customizations().size(), extensions.runtimeCount(), rejected.size());
    }

    /** The manifests of the interpreter policies in force, by policy key, in key order within each kind. */
    private Map<String, String> interpreterPolicies() {
        Map<String, String> sources = new LinkedHashMap<>();
        PublishedPolicy.forEach(policies, InterpreterExtensions.POLICY_KINDS,
                (key, namespace, event) -> sources.put(key, event.getManifest()));
        return sources;
    }

    /** The {@code apiVersion/kind} a refused customization aimed at, read as safely as any manifest; "" when unreadable. */
    private static String target(String manifest) {
        List<ManifestParser.Document> documents = PARSER.parse(manifest.getBytes(StandardCharsets.UTF_8));
        if (documents.isEmpty() || documents.get(0).root() == null) {
            return "";
        }
        JsonNode target = documents.get(0).root().path("spec").path("target");
        return target.path("apiVersion").asText("") + "/" + target.path("kind").asText("");
    }
}
