package io.fedstream.bind;

import io.fedstream.config.WorkloadKey;
import io.fedstream.avro.ResourceBinding;
import java.util.Locale;
import java.util.Optional;

/**
 * Names a binding as Karmada does ({@code names.GenerateBindingName}: {@code <name>-<kind>}, lower case, ':' as '.').
 */
public final class BindingNames {

    private BindingNames() {}

    /** Karmada's binding name of a workload: {@code fraud-detector-flinkdeployment}. */
    public static String bindingName(String kind, String name) {
        // Names of RBAC objects may hold ':', which a binding name (a DNS subdomain) may not.
        return (name.replace(':', '.') + "-" + kind).toLowerCase(Locale.ROOT);
    }

    /** The namespace and binding name of a binding, from its workload key; empty when the key is not group/kind/namespace/name. */
    public static Optional<NamespacedName> of(ResourceBinding binding) {
        return WorkloadKey.parse(binding.getWorkloadKey())
                .map(key -> new NamespacedName(key.namespace(), bindingName(key.kind(), key.name())));
    }

    /** A binding's address: namespace and Karmada binding name. */
    public record NamespacedName(String namespace, String name) {}
}
