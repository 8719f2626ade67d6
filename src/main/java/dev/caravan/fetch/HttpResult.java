package dev.caravan.fetch;

import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One HTTP exchange as the fetch stage sees it: a response, or the reason none came.
 *
 * @param status the HTTP status, or 0 when no response came
 * @param headers response headers with lower-case names
 * @param body the decoded body, never null
 * @param failure why no usable response came, or null
 * @param failureDetail one line for the report when {@code failure} is set
 */
public record HttpResult(
        int status,
        Map<String, String> headers,
        byte[] body,
        @Nullable Failure failure,
        @Nullable String failureDetail) {

    /** Why an exchange produced no usable response. */
    public enum Failure {
        TIMEOUT,
        TOO_LARGE,
        NETWORK,
        BLOCKED
    }

    public HttpResult {
        headers = Map.copyOf(headers);
        body = body == null ? new byte[0] : body;
    }

    public static HttpResult response(int status, Map<String, String> headers, byte[] body) {
        return new HttpResult(status, headers, body, null, null);
    }

    public static HttpResult failed(Failure failure, String detail) {
        return new HttpResult(0, Map.of(), new byte[0], failure, detail);
    }

    public boolean failed() {
        return failure != null;
    }

    public boolean isRedirect() {
        return status >= 300 && status < 400 && header("location") != null;
    }

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }

    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }
}
