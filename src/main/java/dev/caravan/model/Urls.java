package dev.caravan.model;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * The lenient host of a URL string, for naming, grouping and counting: it never throws and accepts any text. The fetch
 * stage's {@code WebUrls} keeps the strict keys that politeness and robots.txt need, which include the port.
 */
public final class Urls {

    private Urls() {}

    /**
     * The host of {@code url}, lower-cased, without user info or port; empty when the text has no host. A host that
     * {@link URI} does not accept as a server name (an underscore, say) is still read from the authority.
     */
    public static Optional<String> host(String url) {
        URI uri;
        try {
            uri = new URI(url.strip());
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        String host = uri.getHost();
        if (host == null && uri.getRawAuthority() != null) {
            host = uri.getRawAuthority().replaceFirst("^.*@", "").replaceFirst(":\\d*$", "");
        }
        return host == null || host.isEmpty() ? Optional.empty() : Optional.of(host.toLowerCase(Locale.ROOT));
    }
}
