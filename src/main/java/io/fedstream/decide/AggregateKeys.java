package io.fedstream.decide;

/**
 * Keys of the aggregates store: {@code namespace/<ns>}, {@code component/<ns>/<kind>/<component>} and
 * {@code cluster/<cluster>/<ns>} (a namespace's share of a cluster; the query API sums the shares of a cluster).
 */
public final class AggregateKeys {

    public static final String NAMESPACE = "namespace/";
    public static final String COMPONENT = "component/";
    public static final String CLUSTER = "cluster/";

    private AggregateKeys() {}

    public static String namespace(String namespace) {
        return NAMESPACE + namespace;
    }

    public static String component(String namespace, String kind, String component) {
        return componentPrefix(namespace) + kind + "/" + component;
    }

    /** The prefix of every component aggregate of a namespace. */
    public static String componentPrefix(String namespace) {
        return COMPONENT + namespace + "/";
    }

    public static String cluster(String cluster, String namespace) {
        return CLUSTER + cluster + "/" + namespace;
    }
}
