package io.fedstream.override;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A container image reference split as Karmada's image overrider splits it
 * ({@code pkg/util/imageparser/parser.go}, on the grammar of {@code github.com/distribution/reference}):
 * {@code [registry/]repository[:tag][@digest]}. The registry is the first path part only when it
 * holds a '.' or ':' or is {@code localhost}. When both a tag and a digest are given, Karmada keeps
 * the tag and drops the digest; so does this class.
 */
final class ImageReference {

    private static final String ALPHANUMERIC = "[a-z0-9]+";
    private static final String SEPARATOR = "(?:[._]|__|[-]+)";
    private static final String DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
    private static final String HOST = "(?:" + DOMAIN_COMPONENT + "(?:\\." + DOMAIN_COMPONENT + ")*|\\[(?:[a-fA-F0-9:]+)\\])";
    private static final String DOMAIN = HOST + "(?::[0-9]+)?";
    private static final String PATH_COMPONENT = ALPHANUMERIC + "(?:" + SEPARATOR + ALPHANUMERIC + ")*";
    private static final String NAME = "(?:" + DOMAIN + "/)?" + PATH_COMPONENT + "(?:/" + PATH_COMPONENT + ")*";
    private static final String TAG = "[\\w][\\w.-]{0,127}";
    private static final String DIGEST = "[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}";
    private static final Pattern REFERENCE = Pattern.compile("(" + NAME + ")(?::(" + TAG + "))?(?:@(" + DIGEST + "))?");
    private static final Pattern ANCHORED_TAG = Pattern.compile(TAG);
    private static final Pattern ANCHORED_DIGEST = Pattern.compile(DIGEST);
    private static final Pattern SHA256 = Pattern.compile("[a-f0-9]{64}");
    private static final Pattern SHA512 = Pattern.compile("[a-f0-9]{128}");
    private static final int MAX_NAME_LENGTH = 255;

    private String registry;
    private String repository;
    private String tag;
    private String digest;

    private ImageReference(String registry, String repository, String tag, String digest) {
        this.registry = registry;
        this.repository = repository;
        this.tag = tag;
        this.digest = digest;
    }

    /** Splits an image reference; an invalid one is an {@link OverrideException} saying why. */
    static ImageReference parse(String image) {
        Matcher m = REFERENCE.matcher(image);
        if (!m.matches()) {
            String why = image.isEmpty() ? "is empty"
                    : REFERENCE.matcher(image.toLowerCase(Locale.ROOT)).matches() ? "has upper-case letters in its repository name"
                    : "is not a valid image reference ([registry/]repository[:tag][@digest])";
            throw new OverrideException("image " + image + " " + why);
        }
        String name = m.group(1);
        if (name.length() > MAX_NAME_LENGTH) {
            throw new OverrideException("image " + image + " has a repository name longer than " + MAX_NAME_LENGTH + " characters");
        }
        String digest = m.group(3);
        if (digest != null) {
            checkDigest(image, digest);
        }
        int slash = name.indexOf('/');
        String first = slash < 0 ? null : name.substring(0, slash);
        boolean hasRegistry = first != null && (first.contains(".") || first.contains(":") || first.equals("localhost"));
        String tag = m.group(2);
        return new ImageReference(hasRegistry ? first : "", hasRegistry ? name.substring(slash + 1) : name,
                tag == null ? "" : tag, tag == null && digest != null ? digest : "");
    }

    /** True when the text is a tag or a digest, as Karmada's {@code SetTagOrDigest} accepts it. */
    static boolean isTagOrDigest(String value) {
        return value != null && (ANCHORED_TAG.matcher(value).matches() || ANCHORED_DIGEST.matcher(value).matches());
    }

    /** Applies one image overrider's change to this reference. */
    void override(Overriders.Component component, Overriders.Operator operator, String value) {
        switch (component) {
            case Registry -> registry = switch (operator) {
                case add -> registry + value;
                case replace -> value;
                case remove -> "";
            };
            case Repository -> repository = switch (operator) {
                case add -> repository + value;
                case replace -> value;
                case remove -> "";
            };
            case Tag -> {
                switch (operator) {
                    case add -> setTagOrDigest(tagOrDigest() + value);
                    case replace -> setTagOrDigest(value);
                    case remove -> {
                        if (!tag.isEmpty()) {
                            tag = "";
                        } else {
                            digest = "";
                        }
                    }
                    default -> throw new IllegalStateException("unknown operator " + operator);
                }
            }
            default -> throw new IllegalStateException("unknown component " + component);
        }
    }

    private String tagOrDigest() {
        return tag.isEmpty() ? digest : tag;
    }

    private void setTagOrDigest(String value) {
        if (ANCHORED_TAG.matcher(value).matches()) {
            tag = value;
            digest = "";
        } else if (ANCHORED_DIGEST.matcher(value).matches()) {
            digest = value;
            tag = "";
        }
        // Otherwise the image keeps its tag or digest, as in Karmada (its own tests expect "v1.0.0" + "sha256:..." to
        // change nothing); a replace with such a value is refused when the policy is read.
    }

    private static void checkDigest(String image, String digest) {
        int colon = digest.indexOf(':');
        String algorithm = digest.substring(0, colon);
        String hex = digest.substring(colon + 1);
        Pattern expected = switch (algorithm) {
            case "sha256" -> SHA256;
            case "sha512" -> SHA512;
            default -> null;
        };
        if (expected == null) {
            throw new OverrideException("image " + image + " has a digest of unsupported algorithm " + algorithm + " (sha256 or sha512)");
        }
        if (!expected.matcher(hex).matches()) {
            throw new OverrideException("image " + image + " has a malformed " + algorithm + " digest");
        }
    }

    @Override
    public String toString() {
        String full = registry.isEmpty() ? repository : registry + "/" + repository;
        if (!tag.isEmpty()) {
            return full + ":" + tag;
        }
        return digest.isEmpty() ? full : full + "@" + digest;
    }
}
