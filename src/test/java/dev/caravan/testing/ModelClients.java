package dev.caravan.testing;

import dev.caravan.answer.ChatClient;
import dev.caravan.fetch.guard.SingleHostGuard;
import dev.caravan.search.SearchHttp;
import dev.caravan.search.SearchProviderRegistry;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;

/** Answer model clients for tests, built the way the configuration builds them: own pool, resolver pinned to the URL. */
public final class ModelClients {

    private ModelClients() {}

    /** A client of {@code baseUrl} whose breaker opens after {@code breakerMinCalls} calls. */
    public static ChatClient client(String baseUrl, String key, long timeoutMs, int breakerMinCalls) {
        SingleHostGuard guard = SingleHostGuard.of(baseUrl);
        return new ChatClient(
                baseUrl,
                "stub-model",
                key,
                timeoutMs,
                256,
                new SearchHttp(
                                PoolingHttpClientConnectionManagerBuilder.create()
                                        .setDnsResolver(guard)
                                        .build(),
                                "CaravanTest/1.0")
                        .sender(),
                guard,
                new SearchProviderRegistry.BreakerSettings(breakerMinCalls, 60).breaker("test-model-breaker"));
    }

    /** A client of {@code stub} with no key, a 2 s timeout and a breaker that opens after 10 calls. */
    public static ChatClient client(OpenAiStub stub) {
        return client(stub.baseUrl(), "", 2000, 10);
    }
}
