package dev.caravan.web;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The one URL helper every stage uses. Two kinds of reading:
 *
 * <ul>
 *   <li>strict, for requests: {@link #parse} takes only absolute http(s) URLs with a host and a valid port, and
 *       {@link #hostKey} and {@link #origin} give the keys politeness and robots.txt need (they keep the port);
 *   <li>lenient, for naming, grouping and page signals: {@link #host}, {@link #split}, {@link #isSiteRoot},
 *       {@link #isAbsoluteLink} and {@link #resolve} never throw and accept any text.
 * </ul>
 *
 * Stateless.
 */
public final class Urls {

    private Urls() {}

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
     * {@link #host}, it keeps the port, since two servers on one host are paced apart.
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
     * lenient {@link #host}, it needs a URL that {@link #parse} accepted.
     */
    public static String origin(URI url) {
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        int port = url.getPort() != -1 ? url.getPort() : ("https".equals(scheme) ? 443 : 80);
        String host = url.getHost().toLowerCase(Locale.ROOT);
        return scheme + "://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

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

    /**
     * A URL as written, cut at its first {@code ://} and at the first {@code /} after it, without parsing: it never
     * throws, and text no parser accepts (spaces, unencoded characters) is split all the same.
     *
     * @param scheme what stands before {@code ://}, or "" when there is none
     * @param authority what stands between {@code ://} and the path (user info and port included); without
     *     {@code ://}, what stands before the first {@code /}
     * @param rest the path with its query and fragment, from its first {@code /}; "" when there is none
     */
    public record Parts(String scheme, String authority, String rest) {

        /** The path without its query: "/" when there is none (a fragment stays with the path or the query). */
        public String path() {
            String path = rest.isEmpty() ? "/" : rest;
            int q = path.indexOf('?');
            return q >= 0 ? path.substring(0, q) : path;
        }

        /** The query without its {@code ?}; "" when there is none. */
        public String query() {
            int q = rest.indexOf('?');
            return q >= 0 ? rest.substring(q + 1) : "";
        }
    }

    /** The parts of {@code url} as written; see {@link Parts}. */
    public static Parts split(String url) {
        int scheme = url.indexOf("://");
        int start = scheme < 0 ? 0 : scheme + 3;
        int slash = url.indexOf('/', start);
        return new Parts(
                scheme < 0 ? "" : url.substring(0, scheme),
                slash < 0 ? url.substring(start) : url.substring(start, slash),
                slash < 0 ? "" : url.substring(slash));
    }

    /**
     * True when {@code url} is the front page of its site: it has a scheme and no path beyond "/", whatever its query
     * or fragment.
     */
    public static boolean isSiteRoot(@Nullable String url) {
        if (url == null || !url.contains("://")) return false;
        String rest = split(url).rest();
        return rest.isEmpty() || rest.equals("/") || rest.startsWith("/#") || rest.startsWith("/?");
    }

    /** True when a link's {@code href} is absolute (http or https, any case) or protocol-relative ({@code //host}). */
    public static boolean isAbsoluteLink(String href) {
        return href.startsWith("//")
                || href.regionMatches(true, 0, "http://", 0, 7)
                || href.regionMatches(true, 0, "https://", 0, 8);
    }

    /**
     * {@code url} as an absolute address: as it is when it starts with {@code http://} or {@code https://}, else
     * resolved against {@code base}; null when there is no base or either cannot be read.
     */
    public static @Nullable String resolve(String base, @Nullable String url) {
        if (url == null) return null;
        if (url.startsWith("http://") || url.startsWith("https://")) return url;
        try {
            return base.isEmpty() ? null : URI.create(base).resolve(url).toString();
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
