package io.fedstream.cli;

import io.fedstream.api.TlsContext;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The options every {@code get} command shares: which query API to ask, its bearer token and the authority that signed
 * its certificate; each from the flag, else the environment, else the current context ({@code fedstream config}).
 */
final class QueryOptions {

    static final String DEFAULT_SERVER = "http://127.0.0.1:8080";

    @Option(names = "--server", paramLabel = "URL",
            description = "The query API of any fedstream instance (default: " + ClientSettings.SERVER_VARIABLE + ", else the"
                    + " current context's server, else " + DEFAULT_SERVER + ", the `run --embedded` address).")
    private String server;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "Bearer token of the query API (default: " + ClientSettings.TOKEN_VARIABLE + ", else the current"
                    + " context's token).")
    private String token;

    @Option(names = "--certificate-authority", paramLabel = "FILE",
            description = "PEM file of the authority that signed an https:// server's certificate (default: "
                    + ClientSettings.CERTIFICATE_AUTHORITY_VARIABLE + ", else the current context's; else the JDK's trusted ones).")
    private String certificateAuthority;

    QueryClient client() {
        return client(ClientSettings.ofProcess());
    }

    QueryClient client(ClientSettings settings) {
        ContextFile.Context context = settings.context();
        URI url = URI.create(settings.resolve(server, ClientSettings.SERVER_VARIABLE, context.server()).orElse(DEFAULT_SERVER));
        Optional<String> bearer = settings.resolve(token, ClientSettings.TOKEN_VARIABLE, context.token());
        Optional<Path> authority = settings.resolve(certificateAuthority, ClientSettings.CERTIFICATE_AUTHORITY_VARIABLE,
                context.certificateAuthority()).map(Path::of);
        return new QueryClient(url, bearer, authority.map(TlsContext::trusting));
    }

    /** One path segment or query value, percent-encoded. */
    static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
