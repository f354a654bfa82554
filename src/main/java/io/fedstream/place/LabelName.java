package io.fedstream.place;

import java.util.regex.Pattern;

/**
 * Kubernetes' label key syntax (apimachinery {@code IsQualifiedName}): an optional DNS-subdomain prefix and a slash,
 * then a name of at most 63 characters. Karmada checks statePreservation's {@code aliasLabelName} with it, since the
 * preserved value becomes a label on the migrated workload.
 */
final class LabelName {

    private static final int MAX_NAME_LENGTH = 63;
    private static final int MAX_PREFIX_LENGTH = 253;
    private static final Pattern NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
    private static final Pattern PREFIX = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

    private LabelName() {}

    /** Why {@code key} is not a valid label key, or null when it is. */
    static String problem(String key) {
        int slash = key.indexOf('/');
        String name = slash < 0 ? key : key.substring(slash + 1);
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            if (prefix.isEmpty() || prefix.length() > MAX_PREFIX_LENGTH || !PREFIX.matcher(prefix).matches()) {
                return "must be a label key: its prefix before '/' must be a lower-case DNS subdomain";
            }
        }
        if (name.isEmpty() || name.length() > MAX_NAME_LENGTH || !NAME.matcher(name).matches()) {
            return "must be a label key: a name of at most 63 characters, alphanumeric at both ends, with '-', '_' or '.' "
                    + "between, optionally after a DNS-subdomain prefix and '/'";
        }
        return null;
    }
}
