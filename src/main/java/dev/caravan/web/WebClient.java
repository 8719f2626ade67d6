package dev.caravan.web;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.io.entity.HttpEntityWrapper;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;

/**
 * Caravan's one HTTP client: pages, robots.txt files, search calls and the answer model's calls all go through it,
 * each over the connection pool it is handed (whose name resolution is where the SSRF guard checks addresses). It
 * follows no redirects (the page fetcher checks every hop itself), retries nothing on its own (429 and Retry-After are
 * Caravan's to judge), keeps no cookies, uses no proxy (the guard would only see the proxy's address) and sends the
 * given User-Agent. A request may carry {@link Bounds}: a cap on the decoded body (checked outside content
 * decompression, so a gzip bomb stops at the cap) and a deadline for the whole exchange. Thread-safe.
 */
public final class WebClient {

    private static final String REQUEST = "caravan.request";

    /**
     * The limits of one exchange.
     *
     * @param maxBytes the most decoded body bytes read
     * @param truncate true: a longer body is cut at the cap and read as complete (robots.txt, search answers); false:
     *     it fails as too large (pages)
     * @param deadline when the whole exchange must be over, or null for none (each read then waits at most the
     *     request's timeout)
     */
    public record Bounds(
            long maxBytes, boolean truncate, @Nullable Instant deadline) {}

    /**
     * One request.
     *
     * @param method GET or POST
     * @param url where to
     * @param headers extra request headers, names as HTTP spells them, values already checked to be safe to send
     * @param json a JSON body, or null for none
     * @param connectTimeoutMs how long connecting may take
     * @param timeoutMs how long the response may take (the deadline, when sooner, shortens it)
     * @param bounds the body's cap and the deadline
     */
    public record Request(
            String method,
            URI url,
            Map<String, String> headers,
            @Nullable String json,
            long connectTimeoutMs,
            long timeoutMs,
            Bounds bounds) {

        public Request {
            headers = Map.copyOf(headers);
        }
    }

    /**
     * A response.
     *
     * @param status the HTTP status
     * @param headers response headers by lower-case name, each with its values in order
     * @param body the decoded body, never null
     */
    public record Response(int status, Map<String, List<String>> headers, byte[] body) {

        /** The first value of a header, or null. */
        public @Nullable String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.get(0);
        }

        /** The body as text: in the charset its Content-Type names, else UTF-8. */
        public String text() {
            String type = header("content-type");
            java.nio.charset.Charset charset = StandardCharsets.UTF_8;
            if (type != null) {
                try {
                    java.nio.charset.Charset named = ContentType.parse(type).getCharset();
                    if (named != null) charset = named;
                } catch (RuntimeException unreadable) {
                    // a Content-Type no parser accepts: read as UTF-8
                }
            }
            return new String(body, charset);
        }
    }

    private final CloseableHttpClient client;
    private final Clock clock;

    /**
     * @param connections the pool to send over (shared: closing this client leaves it open)
     * @param clock the wall clock deadlines are measured on
     */
    public WebClient(HttpClientConnectionManager connections, String userAgent, Clock clock) {
        this.clock = clock;
        this.client = HttpClients.custom()
                .setConnectionManager(connections)
                .setConnectionManagerShared(true)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .setUserAgent(userAgent)
                // first: outside content decompression, so the cap counts decoded bytes
                .addExecInterceptorFirst("caravan-bounds", this::bounded)
                .build();
    }

    /**
     * Sends the request and reads the whole body within its bounds. Throws {@link ResponseLimitException} when the
     * body passes its cap (unless cut) or the deadline passes, and an {@link IOException} for network faults.
     */
    public Response send(Request request) throws IOException {
        HttpUriRequestBase http = new HttpUriRequestBase(request.method(), request.url());
        request.headers().forEach(http::setHeader);
        if (request.json() != null && !request.json().isEmpty())
            http.setEntity(new StringEntity(request.json(), ContentType.APPLICATION_JSON));
        @SuppressWarnings("deprecation") // the pool's connect timeout is the fetch stage's; a search call has its own
        RequestConfig config = RequestConfig.custom()
                .setConnectTimeout(Timeout.ofMilliseconds(request.connectTimeoutMs()))
                .setResponseTimeout(Timeout.ofMilliseconds(request.timeoutMs()))
                .build();
        http.setConfig(config);
        HttpClientContext context = HttpClientContext.create();
        context.setAttribute(REQUEST, request);
        return client.execute(http, context, response -> {
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (Header h : response.getHeaders()) {
                headers.computeIfAbsent(h.getName().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                        .add(h.getValue());
            }
            HttpEntity entity = response.getEntity();
            byte[] body;
            try (InputStream in = entity == null ? null : entity.getContent()) {
                body = in == null ? new byte[0] : in.readAllBytes();
            }
            return new Response(response.getCode(), headers, body);
        });
    }

    /** The exec interceptor that enforces a request's {@link Bounds}. */
    private ClassicHttpResponse bounded(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
            throws IOException, HttpException {
        if (!(scope.clientContext.getAttribute(REQUEST) instanceof Request sent)) return chain.proceed(request, scope);
        Bounds bounds = sent.bounds();
        Instant deadline = bounds.deadline();
        if (deadline != null) {
            long remaining = deadline.toEpochMilli() - clock.millis();
            if (remaining <= 0) {
                throw new ResponseLimitException(ResponseLimitException.Limit.DEADLINE, deadlineMessage(sent));
            }
            RequestConfig config = scope.clientContext.getRequestConfigOrDefault();
            scope.clientContext.setRequestConfig(RequestConfig.copy(config)
                    .setResponseTimeout(Timeout.ofMilliseconds(remaining))
                    .build());
        }
        ClassicHttpResponse response = chain.proceed(request, scope);
        HttpEntity entity = response.getEntity();
        if (entity == null) return response;
        if (entity.getContentLength() > bounds.maxBytes() && !bounds.truncate()) {
            scope.execRuntime.discardEndpoint();
            throw new ResponseLimitException(
                    ResponseLimitException.Limit.SIZE, sizeMessage(bounds, entity.getContentLength()));
        }
        response.setEntity(new HttpEntityWrapper(entity) {
            @Override
            public InputStream getContent() throws IOException {
                return new Bounded(super.getContent(), scope, sent);
            }
        });
        return response;
    }

    private static String sizeMessage(Bounds bounds, long length) {
        return "larger than the " + bounds.maxBytes() + "-byte cap" + (length > 0 ? " (" + length + " bytes)" : "");
    }

    private static String deadlineMessage(Request request) {
        return "no complete response within the " + request.timeoutMs() + " ms deadline";
    }

    /** A body stream that stops at the cap and at the deadline. */
    private final class Bounded extends FilterInputStream {
        private final ExecChain.Scope scope;
        private final Request request;
        private final Bounds bounds;
        private long count;

        Bounded(InputStream in, ExecChain.Scope scope, Request request) {
            super(in);
            this.scope = scope;
            this.request = request;
            this.bounds = request.bounds();
        }

        @Override
        public int read() throws IOException {
            if (truncated()) return -1;
            int c = super.read();
            if (c >= 0) check(1);
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (truncated()) return -1;
            int n = super.read(b, off, bounds.truncate() ? (int) Math.min(len, bounds.maxBytes() - count) : len);
            if (n > 0) check(n);
            return n;
        }

        /** When cutting, ends the body at the cap and drops the connection rather than reading the rest. */
        private boolean truncated() {
            if (!bounds.truncate() || count < bounds.maxBytes()) return false;
            scope.execRuntime.discardEndpoint();
            return true;
        }

        private void check(int n) throws IOException {
            count += n;
            if (count > bounds.maxBytes() && !bounds.truncate())
                fail(new ResponseLimitException(ResponseLimitException.Limit.SIZE, sizeMessage(bounds, -1)));
            Instant deadline = bounds.deadline();
            if (deadline != null && clock.millis() > deadline.toEpochMilli()) {
                fail(new ResponseLimitException(ResponseLimitException.Limit.DEADLINE, deadlineMessage(request)));
            }
        }

        /** Drops the connection at once: closing the response instead would read the rest of the body first. */
        private void fail(ResponseLimitException e) throws IOException {
            scope.execRuntime.discardEndpoint();
            throw e;
        }
    }
}
