package io.fedstream.cli;

/** Tells Avro 1.12 that fedstream's generated classes may be instantiated when records are read. */
final class AvroTrust {

    private static final String PROPERTY = "org.apache.avro.SERIALIZABLE_PACKAGES";
    private static final String GENERATED_PACKAGE = "io.fedstream.avro";

    private AvroTrust() {}

    static void configure() {
        String trusted = System.getProperty(PROPERTY);
        if (trusted == null || trusted.isBlank()) {
            System.setProperty(PROPERTY, GENERATED_PACKAGE);
        } else if (!trusted.contains(GENERATED_PACKAGE)) {
            System.setProperty(PROPERTY, trusted + "," + GENERATED_PACKAGE);
        }
    }
}
