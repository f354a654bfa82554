package io.fedstream.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.zip.CRC32;

/**
 * An object's {@code metadata.resourceVersion}, which a watch compares to tell a change: the one its shape gives (a
 * binding's last change, in milliseconds) or, for an object whose store keeps no version, a checksum of what it shows.
 */
final class ObjectVersions {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ObjectVersions() {}

    /** The object's version, set in its metadata first when it has none. */
    static String of(ObjectNode object) {
        ObjectNode metadata = object.withObjectProperty("metadata");
        if (metadata.hasNonNull("resourceVersion")) {
            return metadata.get("resourceVersion").asText();
        }
        CRC32 checksum = new CRC32();
        try {
            checksum.update(JSON.writeValueAsBytes(object));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree always serializes", e);
        }
        String version = "c" + Long.toHexString(checksum.getValue());
        metadata.put("resourceVersion", version);
        return version;
    }
}
