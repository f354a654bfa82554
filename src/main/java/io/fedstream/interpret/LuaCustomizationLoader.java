package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;
import io.fedstream.interpret.lua.LuaScript;
import io.fedstream.interpret.lua.LuaScriptException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads and checks {@link LuaCustomization} documents as Karmada's API and validating webhook do: the target is
 * required, every {@code luaScript} must compile. The envelope (metadata, status) is read leniently, and unknown fields
 * inside {@code spec} are refused (Karmada's API server would drop them; here a typo would silently drop a script).
 */
final class LuaCustomizationLoader {

    private static final ManifestParser PARSER = new ManifestParser();
    private static final Pattern DNS_SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final List<String> TOP_FIELDS = List.of("apiVersion", "kind", "metadata", "spec", "status");
    private static final List<String> SPEC_FIELDS = List.of("target", "customizations");
    private static final List<String> TARGET_FIELDS = List.of("apiVersion", "kind");
    private static final List<String> SCRIPT_FIELDS = List.of("luaScript");

    private LuaCustomizationLoader() {}

    static List<LuaCustomization> load(byte[] bytes, String source) {
        List<ManifestParser.Document> documents = PARSER.parse(bytes);
        List<LuaCustomization> out = new ArrayList<>();
        for (int i = 0; i < documents.size(); i++) {
            String where = documents.size() == 1 ? source : source + " (document " + (i + 1) + ")";
            ManifestParser.Document document = documents.get(i);
            if (document.error() != null) {
                throw new InvalidCustomizationException(LuaCustomization.KIND + " in " + where, List.of(document.error()));
            }
            out.add(read(document.root(), where));
        }
        return out;
    }

    /** One document already parsed (by {@link InterpreterExtensions}, which reads several kinds). */
    static LuaCustomization read(JsonNode root, String where) {
        Problems problems = new Problems();
        Cursor doc = Cursor.root(root, problems);
        if (!root.isObject()) {
            doc.error("must be a mapping with apiVersion, kind, metadata and spec");
            throw new InvalidCustomizationException(LuaCustomization.KIND + " in " + where, problems.list());
        }
        doc.onlyFields(TOP_FIELDS);
        doc.field("apiVersion").requireValue(LuaCustomization.API_VERSION);
        doc.field("kind").requireValue(LuaCustomization.KIND);
        Cursor nameAt = doc.at("metadata.name");
        String name = nameAt.requiredString();
        if (name != null && (name.length() > 253 || !DNS_SUBDOMAIN.matcher(name).matches())) {
            nameAt.error("must be a lower-case DNS subdomain (a-z, 0-9, '-' and '.', at most 253 characters)");
        }
        String context = LuaCustomization.KIND + " " + (name == null ? "" : name + " ") + "in " + where;
        Cursor spec = doc.field("spec");
        if (!spec.isPresent()) {
            spec.error("is required");
            throw new InvalidCustomizationException(context, problems.list());
        }
        spec.onlyFields(SPEC_FIELDS);
        Cursor target = spec.field("target");
        KindRef kind = null;
        if (!target.isPresent()) {
            target.error("is required ({apiVersion, kind} of the kind to interpret)");
        } else {
            target.onlyFields(TARGET_FIELDS);
            String apiVersion = target.field("apiVersion").requiredString();
            String kindName = target.field("kind").requiredString();
            kind = apiVersion == null || kindName == null ? null : KindRef.of(apiVersion, kindName);
        }
        Map<LuaOperation, LuaScript> scripts = scripts(spec.field("customizations"), name == null ? "" : name);
        if (!problems.isEmpty()) {
            throw new InvalidCustomizationException(context, problems.list());
        }
        return new LuaCustomization(name, kind, scripts, where);
    }

    private static Map<LuaOperation, LuaScript> scripts(Cursor customizations, String name) {
        Map<LuaOperation, LuaScript> out = new EnumMap<>(LuaOperation.class);
        if (!customizations.isPresent()) {
            return out; // Karmada's CRD allows a customization with no rules: it changes nothing
        }
        for (Map.Entry<String, Cursor> entry : customizations.entries().entrySet()) {
            LuaOperation operation = LuaOperation.ofField(entry.getKey());
            Cursor rule = entry.getValue();
            if (operation == null) {
                rule.error("is not a known field (expected " + String.join(", ",
                        java.util.Arrays.stream(LuaOperation.values()).map(LuaOperation::field).toList()) + ")");
                continue;
            }
            rule.onlyFields(SCRIPT_FIELDS);
            Cursor scriptAt = rule.field("luaScript");
            String script = scriptAt.requiredString();
            if (script == null) {
                continue;
            }
            if (script.isBlank()) {
                scriptAt.error("must not be empty");
                continue;
            }
            try {
                out.put(operation, LuaCustomization.compile(script, operation, name));
            } catch (LuaScriptException e) {
                scriptAt.error(e.reason());
            }
        }
        return out;
    }
}
