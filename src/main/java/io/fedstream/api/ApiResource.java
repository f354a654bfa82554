package io.fedstream.api;

import java.util.List;

/**
 * One kind the API serves, as Kubernetes discovery names it ({@code APIResource}) and as its tables show it: group,
 * version, kind, plural, singular and short names, scope, categories, and the table's columns.
 */
record ApiResource(String group, String version, String kind, String plural, String singular, List<String> shortNames,
                   boolean namespaced, List<String> categories, List<TableColumn> columns) {

    ApiResource {
        shortNames = List.copyOf(shortNames);
        categories = List.copyOf(categories);
        columns = List.copyOf(columns);
    }

    /** {@code work.karmada.io/v1alpha2}. */
    String groupVersion() {
        return group + "/" + version;
    }

    /** {@code resourcebindings.work.karmada.io}, as kube-apiserver names a resource in its messages. */
    String qualifiedName() {
        return plural + "." + group;
    }

    String listKind() {
        return kind + "List";
    }

    /** The path of the collection: {@code /apis/G/V/namespaces/NS/PLURAL} in a namespace, {@code /apis/G/V/PLURAL} otherwise. */
    String collectionPath(String namespace) {
        return "/apis/" + groupVersion() + (namespace == null ? "" : "/namespaces/" + PeerClient.segment(namespace)) + "/" + plural;
    }
}
