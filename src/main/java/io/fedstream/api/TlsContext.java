package io.fedstream.api;

import io.fedstream.config.FedstreamConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.Collection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.kafka.common.config.ConfigException;

/**
 * The TLS of the HTTP server from PEM files, as Kubernetes keeps them in a Secret ({@code tls.crt}, {@code tls.key}):
 * the server's context (its chain and key), and the context an instance asks the others with (trusting that chain).
 * A file that cannot be read is a configuration error naming the key and the file.
 */
public final class TlsContext {

    private static final char[] NO_PASSWORD = new char[0];
    private static final String KEY_BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String KEY_END = "-----END PRIVATE KEY-----";

    private final SSLContext server;
    private final SSLContext client;

    private TlsContext(SSLContext server, SSLContext client) {
        this.server = server;
        this.client = client;
    }

    static TlsContext of(FedstreamConfig.HttpTls files) {
        Certificate[] chain = certificates(files.certFile());
        PrivateKey key = privateKey(files.keyFile());
        try {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(null, null);
            keys.setKeyEntry("fedstream", key, NO_PASSWORD, chain);
            KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keyManagers.init(keys, NO_PASSWORD);
            SSLContext server = SSLContext.getInstance("TLS");
            server.init(keyManagers.getKeyManagers(), null, null);
            return new TlsContext(server, trusting(chain));
        } catch (GeneralSecurityException | IOException e) {
            throw new ConfigException(FedstreamConfig.HTTP_TLS_CERT_FILE, files.certFile() + ", " + files.keyFile(),
                    "the certificate and the key do not make a TLS server: " + e.getMessage());
        }
    }

    SSLContext server() {
        return server;
    }

    /** What an instance asks the others with: it trusts the chain they all serve. */
    SSLContext client() {
        return client;
    }

    /** A client context that trusts exactly the certificates of a PEM file, for the command line's {@code --certificate-authority}. */
    public static SSLContext trusting(Path pemFile) {
        try {
            return trusting(certificates(pemFile));
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalArgumentException("cannot trust the certificates of " + pemFile + ": " + e.getMessage(), e);
        }
    }

    private static SSLContext trusting(Certificate[] anchors) throws GeneralSecurityException, IOException {
        KeyStore trusted = KeyStore.getInstance("PKCS12");
        trusted.load(null, null);
        for (int i = 0; i < anchors.length; i++) {
            trusted.setCertificateEntry("trusted-" + i, anchors[i]);
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext client = SSLContext.getInstance("TLS");
        client.init(null, trust.getTrustManagers(), null);
        return client;
    }

    /** Every certificate of a PEM file, in order. */
    static Certificate[] certificates(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            Collection<? extends Certificate> read = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (read.isEmpty()) {
                throw new ConfigException(FedstreamConfig.HTTP_TLS_CERT_FILE, file.toString(), "holds no PEM certificate");
            }
            return read.toArray(Certificate[]::new);
        } catch (IOException | GeneralSecurityException e) {
            throw new ConfigException(FedstreamConfig.HTTP_TLS_CERT_FILE, file.toString(), "cannot read a PEM certificate from it: " + e.getMessage());
        }
    }

    private static PrivateKey privateKey(Path file) {
        String pem;
        try {
            pem = Files.readString(file);
        } catch (IOException e) {
            throw new ConfigException(FedstreamConfig.HTTP_TLS_KEY_FILE, file.toString(), "cannot read it: " + e.getMessage());
        }
        int begin = pem.indexOf(KEY_BEGIN);
        int end = pem.indexOf(KEY_END);
        if (begin < 0 || end < begin) {
            throw new ConfigException(FedstreamConfig.HTTP_TLS_KEY_FILE, file.toString(), "expected a PKCS#8 key (" + KEY_BEGIN
                    + "); convert another with `openssl pkcs8 -topk8 -nocrypt -in KEY`");
        }
        byte[] der = Base64.getMimeDecoder().decode(pem.substring(begin + KEY_BEGIN.length(), end));
        for (String algorithm : new String[] {"RSA", "EC", "Ed25519"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (InvalidKeySpecException | NoSuchAlgorithmException notThisAlgorithm) {
                // Try the next: PKCS#8 names its algorithm inside, but KeyFactory wants it named first.
            }
        }
        throw new ConfigException(FedstreamConfig.HTTP_TLS_KEY_FILE, file.toString(), "holds no RSA, EC or Ed25519 private key");
    }
}
