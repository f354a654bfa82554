package io.fedstream.propagate;

import io.fedstream.interpret.InterpreterExtensions;
import java.util.LinkedHashMap;
import java.util.Map;

/** ResourceInterpreterCustomizations as a user publishes them on {@code fedstream.policies}, for the propagate tests. */
final class Scripts {

    private Scripts() {}

    /** A customization named {@code name} for apiVersion/kind with one {@code luaScript} per operation field. */
    static String customization(String name, String apiVersion, String kind, Map<String, String> scripts) {
        StringBuilder yaml = new StringBuilder("""
                apiVersion: config.karmada.io/v1alpha1
                kind: ResourceInterpreterCustomization
                metadata: {name: %s}
                spec:
                  target: {apiVersion: %s, kind: %s}
                  customizations:
                """.formatted(name, apiVersion, kind));
        scripts.forEach((operation, script) -> yaml.append("    ").append(operation).append(":\n      luaScript: |\n")
                .append(script.indent(8)));
        return yaml.toString();
    }

    /** One operation's script. */
    static Map<String, String> script(String operation, String luaScript) {
        Map<String, String> scripts = new LinkedHashMap<>();
        scripts.put(operation, luaScript);
        return scripts;
    }

    /** The customizations in force once these were published, each under {@code ResourceInterpreterCustomization//<name>}. */
    static CustomizationsInForce inForce(String... customizations) {
        PublishedCustomizations published = new PublishedCustomizations(InterpreterExtensions.none());
        for (int i = 0; i < customizations.length; i++) {
            published.accept("ResourceInterpreterCustomization//c" + i, customizations[i]);
        }
        return published.inForce();
    }
}
