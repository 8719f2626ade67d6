package dev.caravan.search;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.io.HttpClientConnectionManager;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.ParseException;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;
import org.apache.hc.core5.util.Timeout;

/**
 * The HTTP calls of every search provider, over the connection pool whose name resolution goes through the SSRF
 * guard (so the address checked is the address connected to). No redirects, no automatic retries (the route retries),
 * no proxies. Thread-safe.
 */
public class SearchHttp {

    /** Largest search answer read; a provider answering more is treated as answering garbage. */
    static final int MAX_BODY_CHARS = 4 * 1024 * 1024;

    /** What the provider answered. */
    public record Answer(int status, String retryAfter, String body) {}

    /** Sends one request; the seam tests replace. */
    @FunctionalInterface
    public interface Sender {
        Answer send(String method, String url, Map<String, String> headers, String body, long timeoutMs)
                throws IOException;
    }

    private final CloseableHttpClient client;

    public SearchHttp(HttpClientConnectionManager connections, String userAgent) {
        this.client = HttpClients.custom()
                .setConnectionManager(connections)
                .setConnectionManagerShared(true)
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .setUserAgent(userAgent)
                .build();
    }

    /** A sender over this client. */
    public Sender sender() {
        return this::send;
    }

    public Answer send(String method, String url, Map<String, String> headers, String body, long timeoutMs)
            throws IOException {
        HttpUriRequestBase request = new HttpUriRequestBase(method, URI.create(url));
        headers.forEach(request::setHeader);
        if (body != null && !body.isEmpty()) request.setEntity(new StringEntity(body, ContentType.APPLICATION_JSON));
        @SuppressWarnings("deprecation")
        RequestConfig config = RequestConfig.custom()
                .setConnectTimeout(Timeout.ofMilliseconds(timeoutMs))
                .setResponseTimeout(Timeout.ofMilliseconds(timeoutMs))
                .build();
        request.setConfig(config);
        return client.execute(request, response -> {
            Header retryAfter = response.getFirstHeader("Retry-After");
            HttpEntity entity = response.getEntity();
            String text;
            try {
                text = entity == null ? "" : EntityUtils.toString(entity, StandardCharsets.UTF_8, MAX_BODY_CHARS);
            } catch (ParseException e) {
                text = "";
            }
            return new Answer(response.getCode(), retryAfter == null ? null : retryAfter.getValue(), text);
        });
    }
}
