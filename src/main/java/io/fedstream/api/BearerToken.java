package io.fedstream.api;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Optional;

/** Checks the {@code Authorization: Bearer} header against the configured token in constant time; no token means open. */
final class BearerToken {

    private static final String SCHEME = "Bearer ";

    private final Optional<byte[]> expectedDigest;

    BearerToken(Optional<String> token) {
        this.expectedDigest = token.map(BearerToken::digest);
    }

    boolean required() {
        return expectedDigest.isPresent();
    }

    boolean accepts(String authorizationHeader) {
        if (expectedDigest.isEmpty()) {
            return true;
        }
        String given = authorizationHeader != null && authorizationHeader.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                ? authorizationHeader.substring(SCHEME.length())
                : "";
        // Digests have one length, so the comparison time says nothing about the token's length or prefix.
        return MessageDigest.isEqual(digest(given), expectedDigest.get());
    }

    private static byte[] digest(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
