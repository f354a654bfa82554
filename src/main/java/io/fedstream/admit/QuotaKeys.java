package io.fedstream.admit;

import java.util.Set;
import java.util.regex.Pattern;

/** The resource keys a FederatedResourceQuota may name, and their canonical (ledger) spelling. */
public final class QuotaKeys {

    /** Requests keys: {@code requests.cpu} and {@code cpu} are one key, spelled {@code cpu}. */
    private static final Set<String> REQUESTS = Set.of("cpu", "memory", "ephemeral-storage");
    /** Limits are charged apart from requests, so each stays its own key. */
    private static final Set<String> LIMITS = Set.of("limits.cpu", "limits.memory", "limits.ephemeral-storage");
    /** Charged with the total replica count. */
    public static final String PODS = "pods";

    /** Kubernetes' qualified name: an optional DNS-subdomain prefix and '/', then a 63-character name. */
    private static final Pattern QUALIFIED_NAME = Pattern.compile(
            "([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?");
    /** A hugepages size such as 2Mi or 1Gi. */
    private static final Pattern HUGEPAGES = Pattern.compile("hugepages-[0-9]+(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?");

    /** A qualified name's longest form (253-character prefix, '/', 63-character name); also bounds the regex work. */
    private static final int MAX_KEY_LENGTH = "requests.".length() + 253 + 1 + 63;

    private QuotaKeys() {}

    /**
     * The canonical spelling of a quota key, or null when fedstream cannot charge it: object
     * counts ({@code count/deployments.apps}), storage claims ({@code requests.storage}),
     * {@code limits.} of anything but cpu, memory and ephemeral-storage, typos.
     */
    public static String canonical(String key) {
        if (key == null || key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
            return null;
        }
        if (LIMITS.contains(key) || PODS.equals(key)) {
            return key;
        }
        String bare = key.startsWith("requests.") ? key.substring("requests.".length()) : key;
        if (REQUESTS.contains(bare) || HUGEPAGES.matcher(bare).matches()) {
            return bare;
        }
        return isExtended(bare) ? bare : null;
    }

    /**
     * True for keys counted in whole units ({@code pods}, extended resources such as
     * {@code nvidia.com/gpu}), which Kubernetes refuses as fractions.
     */
    public static boolean isInteger(String canonicalKey) {
        return PODS.equals(canonicalKey) || isExtended(canonicalKey);
    }

    /** A reason for refusing a key that {@link #canonical} does not accept. */
    static String whyNot(String key) {
        if (key.startsWith("count/")) {
            return "is an object count, which fedstream does not charge; name cpu, memory, ephemeral-storage, "
                    + "hugepages-<size>, an extended resource, limits.cpu, limits.memory, limits.ephemeral-storage or pods";
        }
        if (key.equals("storage") || key.equals("requests.storage") || key.endsWith(".storageclass.storage.k8s.io/requests.storage")) {
            return "is persistent volume claim storage, which workloads do not request through pod templates";
        }
        if (key.startsWith("limits.")) {
            return "is not chargeable: only limits.cpu, limits.memory and limits.ephemeral-storage are";
        }
        return "is not a resource fedstream can charge (expected cpu, memory, ephemeral-storage, hugepages-<size>, "
                + "an extended resource such as nvidia.com/gpu, their requests.* forms, limits.cpu, limits.memory, "
                + "limits.ephemeral-storage or pods)";
    }

    /** An extended resource: a qualified name outside the kubernetes.io namespace, e.g. nvidia.com/gpu. */
    private static boolean isExtended(String name) {
        int slash = name.indexOf('/');
        if (slash <= 0 || name.startsWith("count/") || name.contains("kubernetes.io/") || name.startsWith("requests.") || name.startsWith("limits.")) {
            return false;
        }
        return name.length() - slash - 1 <= 63 && QUALIFIED_NAME.matcher(name).matches();
    }
}
