package io.fedstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Where the next page of a list starts, as the opaque {@code continue} token of Kubernetes' paged lists: the partition
 * to read next ({@link #UNPARTITIONED} for a collection read whole) and the key after which to resume in it (null: from
 * its first key). The token names its resource, so that one kind's token is refused for another.
 */
record Continue(int partition, String after) {

    /** The partition of a collection that is not spread over partitions. */
    static final int UNPARTITIONED = -1;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The token of this position for {@code resource}'s lists. */
    String token(String resource) {
        ObjectNode node = JSON.createObjectNode().put("r", resource).put("p", partition);
        if (after != null) {
            node.put("k", after);
        }
        try {
            return Base64.getUrlEncoder().withoutPadding().encodeToString(JSON.writeValueAsBytes(node));
        } catch (IOException e) {
            throw new IllegalStateException("a small JSON object always serializes", e);
        }
    }

    /** The position a token names; a token of another resource, or not a token at all, is a bad request. */
    static Optional<Continue> parse(Optional<String> token, String resource) {
        if (token.isEmpty()) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(new String(Base64.getUrlDecoder().decode(token.get()), StandardCharsets.UTF_8));
            if (node != null && resource.equals(node.path("r").asText()) && node.path("p").isInt()) {
                return Optional.of(new Continue(node.get("p").asInt(), node.hasNonNull("k") ? node.get("k").asText() : null));
            }
        } catch (IllegalArgumentException | IOException e) {
            // Refused below, naming the parameter.
        }
        throw new BadRequestException("continue", token.get(), "not a continue token of a " + resource + " list");
    }
}
