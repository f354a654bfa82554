package io.fedstream.cli;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for 127.0.0.1 made with the JDK's keytool, written as the PEM files a Kubernetes TLS Secret
 * holds: {@code tls.crt} (which also serves as the authority clients trust) and {@code tls.key} (PKCS#8).
 */
record TestCertificate(Path cert, Path key) {

    private static final String PASSWORD = "changeit";

    static TestCertificate in(Path dir) throws Exception {
        Path store = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                "-alias", "fedstream", "-keyalg", "RSA", "-keysize", "2048", "-dname", "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD)
                .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + output);
        }
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, PASSWORD.toCharArray());
        }
        Key key = keys.getKey("fedstream", PASSWORD.toCharArray());
        Path cert = Files.writeString(dir.resolve("tls.crt"), pem("CERTIFICATE", keys.getCertificate("fedstream").getEncoded()));
        Path keyFile = Files.writeString(dir.resolve("tls.key"), pem("PRIVATE KEY", key.getEncoded()));
        return new TestCertificate(cert, keyFile);
    }

    /** The settings that make {@code run} serve HTTPS with this certificate. */
    List<String> runSettings() {
        return List.of("--set", "http.tls.cert.file=" + cert, "--set", "http.tls.key.file=" + key);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der) + "\n-----END " + type + "-----\n";
    }
}
