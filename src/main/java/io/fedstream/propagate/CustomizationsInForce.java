package io.fedstream.propagate;

import io.fedstream.interpret.Interpreter;
import java.util.Map;
import java.util.Optional;

/**
 * The interpreter customizations the member side applies at one moment ({@link PublishedCustomizations}): the interpreter
 * that runs their scripts, and, by the kind each one targets ({@code apiVersion/kind}), why a customization that did not
 * load was refused. Immutable.
 *
 * @param interpreter the built-in kinds with the customizations that loaded
 * @param refusedByKind for a kind with a refused customization: what was refused and why, naming customization and field
 */
public record CustomizationsInForce(Interpreter interpreter, Map<String, String> refusedByKind) {

    /** No customization: Karmada's built-in behaviour for every kind. */
    public static final CustomizationsInForce BUILT_IN = new CustomizationsInForce(Interpreter.builtIn(), Map.of());

    public CustomizationsInForce {
        refusedByKind = Map.copyOf(refusedByKind);
    }

    /** Why a customization of the kind was refused, so that the kind has its built-in behaviour; empty when none was. */
    public Optional<String> refusal(String apiVersion, String kind) {
        return Optional.ofNullable(refusedByKind.get(apiVersion + "/" + kind));
    }

    /** What an update keeps of a member cluster's copy, by these customizations' retention scripts. */
    public Retention retention() {
        return new Retention(interpreter);
    }
}
