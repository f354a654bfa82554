package io.fedstream.override;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The overriders of one rule, applied in Karmada's order: image, command, args, labels,
 * annotations, then plaintext ({@code applyPolicyOverriders} in {@code overridemanager.go}).
 */
public record Overriders(List<Plaintext> plaintext, List<Image> image, List<CommandArgs> command,
                         List<CommandArgs> args, List<LabelsAnnotations> labels, List<LabelsAnnotations> annotations) {

    /** The three operators of every overrider (command and args take add and remove only). */
    public enum Operator { add, remove, replace }

    /** The part of an image reference an image overrider changes. */
    public enum Component { Registry, Repository, Tag }

    /** A JSON patch operation; {@code value} is null for remove. */
    public record Plaintext(String path, Operator operator, JsonNode value) {}

    /** An image overrider; {@code predicatePath} is null for the per-kind default paths. */
    public record Image(String predicatePath, Component component, Operator operator, String value) {}

    /** A command or args overrider of the containers with that name. */
    public record CommandArgs(String containerName, Operator operator, List<String> value) {
        public CommandArgs {
            value = List.copyOf(value);
        }
    }

    /** A labels or annotations overrider; the value keeps the order written. */
    public record LabelsAnnotations(Operator operator, Map<String, String> value) {
        public LabelsAnnotations {
            value = Collections.unmodifiableMap(new LinkedHashMap<>(value));
        }
    }

    public Overriders {
        plaintext = List.copyOf(plaintext);
        image = List.copyOf(image);
        command = List.copyOf(command);
        args = List.copyOf(args);
        labels = List.copyOf(labels);
        annotations = List.copyOf(annotations);
    }

    /** No overriders at all. */
    public static final Overriders NONE = new Overriders(List.of(), List.of(), List.of(), List.of(), List.of(), List.of());

    /** True when no overrider is given. */
    public boolean isEmpty() {
        return plaintext.isEmpty() && image.isEmpty() && command.isEmpty() && args.isEmpty()
                && labels.isEmpty() && annotations.isEmpty();
    }
}
