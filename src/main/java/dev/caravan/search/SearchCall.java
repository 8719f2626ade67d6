package dev.caravan.search;

import java.util.List;

/**
 * One search request ready to send, in a provider's own wire format. It never holds an API key: the provider adds
 * that when it sends the call.
 *
 * @param provider the provider's name, e.g. {@code tavily}
 * @param method HTTP method, GET or POST
 * @param url the full request URL (query parameters included for GET)
 * @param body the request body (JSON), empty for GET
 * @param cacheKey identifies the whole request: provider, endpoint and every option
 * @param credits what the call costs in the provider's credits (Tavily's advanced depth costs 2)
 * @param notHonoured the asked-for options this provider could not honour, one sentence each
 */
public record SearchCall(
        String provider,
        String method,
        String url,
        String body,
        String cacheKey,
        int credits,
        List<String> notHonoured) {

    public SearchCall {
        notHonoured = notHonoured == null ? List.of() : List.copyOf(notHonoured);
    }

    /** The request body; kept for readers who think of Tavily's JSON. */
    public String json() {
        return body;
    }
}
