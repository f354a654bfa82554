package io.fedstream.interpret;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An object a workload depends on (Karmada's {@code DependentObjectReference}): apiVersion and kind, namespace (empty:
 * the workload's), and a name or a label selector (nullable each, never both null).
 */
public record DependentObject(String apiVersion, String kind, String namespace, String name, JsonNode labelSelector) {}
