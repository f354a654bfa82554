package io.fedstream.api;

import java.util.Locale;
import java.util.Optional;

/**
 * How the client asked to see objects: as themselves, or as a {@code meta.k8s.io Table} (kubectl's {@code Accept:
 * application/json;as=Table;v=v1;g=meta.k8s.io, ...}) whose rows carry the object whole, its metadata only, or nothing
 * ({@code includeObject=Object|Metadata|None}, Metadata by default, as kube-apiserver does).
 */
record Representation(boolean table, String tableApiVersion, IncludeObject includeObject) {

    /** What a table row carries of its object. */
    enum IncludeObject { NONE, METADATA, OBJECT }

    static final Representation OBJECTS = new Representation(false, null, IncludeObject.OBJECT);

    /** From the {@code Accept} header (the first media type this server serves wins) and {@code includeObject}. */
    static Representation of(String accept, Optional<String> includeObject) {
        IncludeObject include = includeObject.map(Representation::include).orElse(IncludeObject.METADATA);
        for (String mediaType : accept.split(",")) {
            String type = mediaType.strip().toLowerCase(Locale.ROOT);
            if (type.startsWith("application/json") && type.contains("as=table") && type.contains("g=meta.k8s.io")) {
                if (type.contains("v=v1;") || type.endsWith("v=v1")) {
                    return new Representation(true, "meta.k8s.io/v1", include);
                }
                if (type.contains("v=v1beta1")) {
                    return new Representation(true, "meta.k8s.io/v1beta1", include);
                }
            } else if (type.startsWith("application/json") || type.startsWith("*/*") || type.isEmpty()) {
                return OBJECTS;
            }
        }
        return OBJECTS;
    }

    private static IncludeObject include(String value) {
        return switch (value) {
            case "None" -> IncludeObject.NONE;
            case "Metadata" -> IncludeObject.METADATA;
            case "Object" -> IncludeObject.OBJECT;
            default -> throw new BadRequestException("includeObject", value, "expected None, Metadata or Object");
        };
    }
}
