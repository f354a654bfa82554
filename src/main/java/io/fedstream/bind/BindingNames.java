package io.fedstream.bind;

import io.fedstream.config.WorkloadKey;
import io.fedstream.avro.ResourceBinding;
import java.util.Locale;
import java.util.Optional;

/**
 * Names a binding as Karmada does ({@code names.GenerateBindingName}: {@code <name>-<kind>}, lower case, ':' as '.')
 * and lays out the keys of the names index, {@code <namespace>/<binding name>/<workload key>}.
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

    /** The names-index key of a binding, if it can be addressed by namespace and name. */
    public static Optional<String> indexKey(ResourceBinding binding) {
        return of(binding).map(n -> prefix(n.namespace(), n.name()) + binding.getWorkloadKey());
    }

    /** The index prefix of every workload bound under this namespace and binding name. */
    public static String prefix(String namespace, String bindingName) {
        return namespacePrefix(namespace) + bindingName + "/";
    }

    /** The index prefix of every binding of a namespace. */
    public static String namespacePrefix(String namespace) {
        return namespace + "/";
    }

    /** A binding's address: namespace and Karmada binding name. */
    public record NamespacedName(String namespace, String name) {}
}
