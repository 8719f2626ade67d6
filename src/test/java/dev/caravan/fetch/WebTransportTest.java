package dev.caravan.fetch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.caravan.fetch.guard.BlockedAddressException;
import dev.caravan.web.ResponseLimitException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Network faults become values the report shows; the headers the fetch stage reads are kept, one value each. */
class WebTransportTest {

    static Stream<Arguments> faults() {
        return Stream.of(
                Arguments.of(
                        new IOException(new BlockedAddressException("10.0.0.1 is a private address")),
                        HttpResult.Failure.BLOCKED,
                        "10.0.0.1 is a private address"),
                Arguments.of(
                        new ResponseLimitException(ResponseLimitException.Limit.SIZE, "larger than the 10-byte cap"),
                        HttpResult.Failure.TOO_LARGE,
                        "larger than the 10-byte cap"),
                Arguments.of(
                        new ResponseLimitException(ResponseLimitException.Limit.DEADLINE, "no complete response"),
                        HttpResult.Failure.TIMEOUT,
                        "no complete response"),
                Arguments.of(new SocketTimeoutException("Read timed out"), HttpResult.Failure.TIMEOUT, "timed out: "),
                Arguments.of(
                        new UnknownHostException("nowhere.invalid"), HttpResult.Failure.NETWORK, "host not found: "),
                Arguments.of(new ConnectException("refused"), HttpResult.Failure.NETWORK, "connection refused"),
                Arguments.of(new IOException("reset"), HttpResult.Failure.NETWORK, "IOException: reset"));
    }

    @ParameterizedTest(name = "{0} is a {1} failure")
    @MethodSource("faults")
    void a_network_fault_is_a_failure_value_saying_what_happened(
            Exception fault, HttpResult.Failure failure, String detail) {
        HttpResult result = WebTransport.failure(fault);

        assertThat(result.failure()).isEqualTo(failure);
        assertThat(result.failureDetail()).startsWith(detail);
    }

    @ParameterizedTest(name = "{0} is kept as {1}")
    @MethodSource("headers")
    void only_the_headers_the_fetch_stage_reads_are_kept_and_a_repeated_one_is_joined(
            Map<String, List<String>> received, Map<String, String> kept) {
        assertThat(WebTransport.kept(received)).isEqualTo(kept);
    }

    static Stream<Arguments> headers() {
        return Stream.of(
                Arguments.of(Map.of("etag", List.of("\"v1\""), "set-cookie", List.of("a=b")), Map.of("etag", "\"v1\"")),
                Arguments.of(
                        Map.of("cache-control", List.of("max-age=60", "no-transform")),
                        Map.of("cache-control", "max-age=60, no-transform")),
                Arguments.of(Map.of("x-powered-by", List.of("php")), Map.of()));
    }
}
