package io.fedstream.interpret;

/** An apiVersion and kind pair, e.g. apps/v1 Deployment. */
public record KindRef(String apiVersion, String kind) {

    /** A pair. */
    public static KindRef of(String apiVersion, String kind) {
        return new KindRef(apiVersion, kind);
    }

    /** "apiVersion/kind", e.g. "apps/v1/Deployment" or "v1/Pod". */
    public String id() {
        return apiVersion + "/" + kind;
    }
}
