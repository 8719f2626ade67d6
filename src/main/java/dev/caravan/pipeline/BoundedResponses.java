package dev.caravan.pipeline;

import dev.caravan.fetch.ResponseLimitException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import org.apache.camel.component.http.HttpClientConfigurer;
import org.apache.hc.client5.http.classic.ExecChain;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.core5.http.ClassicHttpRequest;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.HttpEntityWrapper;
import org.apache.hc.core5.util.Timeout;

/**
 * Bounds every response of an HTTP endpoint: a cap on decoded body bytes (it sits outside content decompression, so a
 * gzip bomb stops at the cap) and a deadline for the whole exchange. The deadline comes from the request header
 * {@value #DEADLINE_HEADER} (epoch milliseconds), which is removed before the request leaves; without it the
 * configured timeout applies from the moment the request starts. Thread-safe.
 */
public class BoundedResponses implements HttpClientConfigurer {

    public static final String DEADLINE_HEADER = "X-Caravan-Deadline";

    private final long maxBytes;
    private final long timeoutMs;
    private final boolean truncate;
    private final Clock clock;

    /**
     * Bounds where a body over {@code maxBytes} fails as too large (pages).
     *
     * @param clock the wall clock the deadline (epoch milliseconds) is read on
     */
    public static BoundedResponses failingOver(long maxBytes, long timeoutMs, Clock clock) {
        return new BoundedResponses(maxBytes, timeoutMs, false, clock);
    }

    /**
     * Bounds where a body over {@code maxBytes} is cut at the cap and read as complete (robots.txt, where RFC 9309 asks
     * to parse the first 500 KiB).
     *
     * @param clock the wall clock the deadline (epoch milliseconds) is read on
     */
    public static BoundedResponses truncatingAt(long maxBytes, long timeoutMs, Clock clock) {
        return new BoundedResponses(maxBytes, timeoutMs, true, clock);
    }

    private BoundedResponses(long maxBytes, long timeoutMs, boolean truncate, Clock clock) {
        this.maxBytes = maxBytes;
        this.timeoutMs = timeoutMs;
        this.truncate = truncate;
        this.clock = clock;
    }

    @Override
    public void configureHttpClient(org.apache.hc.client5.http.impl.classic.HttpClientBuilder builder) {
        builder.addExecInterceptorFirst("caravan-bounds", this::execute);
    }

    private ClassicHttpResponse execute(ClassicHttpRequest request, ExecChain.Scope scope, ExecChain chain)
            throws IOException, org.apache.hc.core5.http.HttpException {
        long deadline = deadline(request);
        long remaining = deadline - clock.millis();
        if (remaining <= 0) throw new ResponseLimitException(ResponseLimitException.Limit.DEADLINE, deadlineMessage());
        RequestConfig config = scope.clientContext.getRequestConfigOrDefault();
        scope.clientContext.setRequestConfig(RequestConfig.copy(config)
                .setResponseTimeout(Timeout.ofMilliseconds(remaining))
                .build());
        ClassicHttpResponse response = chain.proceed(request, scope);
        HttpEntity entity = response.getEntity();
        if (entity == null) return response;
        if (entity.getContentLength() > maxBytes && !truncate) {
            scope.execRuntime.discardEndpoint();
            throw new ResponseLimitException(ResponseLimitException.Limit.SIZE, sizeMessage(entity.getContentLength()));
        }
        response.setEntity(new HttpEntityWrapper(entity) {
            @Override
            public InputStream getContent() throws IOException {
                return new Bounded(super.getContent(), scope, deadline);
            }
        });
        return response;
    }

    private long deadline(ClassicHttpRequest request) {
        Header header = request.getFirstHeader(DEADLINE_HEADER);
        request.removeHeaders(DEADLINE_HEADER);
        if (header != null) {
            try {
                return Long.parseLong(header.getValue().strip());
            } catch (NumberFormatException ignored) {
                // fall through to the configured timeout
            }
        }
        return clock.millis() + timeoutMs;
    }

    private String sizeMessage(long length) {
        return "larger than the " + maxBytes + "-byte cap" + (length > 0 ? " (" + length + " bytes)" : "");
    }

    private String deadlineMessage() {
        return "no complete response within the " + timeoutMs + " ms deadline";
    }

    private final class Bounded extends FilterInputStream {
        private final ExecChain.Scope scope;
        private final long deadline;
        private long count;

        Bounded(InputStream in, ExecChain.Scope scope, long deadline) {
            super(in);
            this.scope = scope;
            this.deadline = deadline;
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
            int n = super.read(b, off, truncate ? (int) Math.min(len, maxBytes - count) : len);
            if (n > 0) check(n);
            return n;
        }

        /** In truncate mode, ends the body at the cap and drops the connection rather than reading the rest. */
        private boolean truncated() {
            if (!truncate || count < maxBytes) return false;
            scope.execRuntime.discardEndpoint();
            return true;
        }

        private void check(int n) throws IOException {
            count += n;
            if (count > maxBytes && !truncate)
                fail(new ResponseLimitException(ResponseLimitException.Limit.SIZE, sizeMessage(-1)));
            if (clock.millis() > deadline) {
                fail(new ResponseLimitException(ResponseLimitException.Limit.DEADLINE, deadlineMessage()));
            }
        }

        /** Drops the connection at once: closing the response instead would read the rest of the body first. */
        private void fail(ResponseLimitException e) throws IOException {
            scope.execRuntime.discardEndpoint();
            throw e;
        }
    }
}
