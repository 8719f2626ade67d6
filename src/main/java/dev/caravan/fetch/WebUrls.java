package dev.caravan.fetch;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** The URL rules every fetch shares: which URLs may be requested, and the keys politeness and robots.txt use. */
public final class WebUrls {

    private WebUrls() {}

    /**
     * Parses an absolute http(s) URL with a host and a valid port, or throws with a one-line reason. The fragment is
     * dropped: it is never sent to a server, and an encoded {@code #} would change the request's path.
     */
    public static URI parse(String url) {
        URI uri;
        try {
            String text = url.strip();
            int hash = text.indexOf('#');
            uri = new URI(hash >= 0 ? text.substring(0, hash) : text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException("only http and https URLs are fetched, not '" + scheme + "'");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new IllegalArgumentException("the URL has no host");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535) {
            throw new IllegalArgumentException("invalid port " + uri.getPort() + " (ports are 1-65535)");
        }
        return uri;
    }

    /**
     * The politeness key of a URL: its host, lower-cased, with the port when it is not the default. Unlike the lenient
     * {@link dev.caravan.model.Urls#host}, it keeps the port, since two servers on one host are paced apart.
     */
    public static String hostKey(URI url) {
        String host = url.getHost().toLowerCase(Locale.ROOT);
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort();
        boolean defaultPort =
                port == -1 || (port == 80 && scheme.equals("http")) || (port == 443 && scheme.equals("https"));
        return defaultPort ? host : host + ":" + port;
    }

    /**
     * The robots.txt key: scheme, host and port, so http and https of one host have their own rules. Unlike the
     * lenient {@link dev.caravan.model.Urls#host}, it needs a URL that {@link #parse} accepted.
     */
    public static String origin(URI url) {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort() != -1 ? url.getPort() : ("https".equals(scheme) ? 443 : 80);
        String host = url.getHost().toLowerCase(Locale.ROOT);
        return scheme + "://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }
}
