package dev.caravan.search;

/**
 * A Tavily search request ready to send.
 *
 * @param json the request body, without the API key
 * @param cacheKey identifies the whole request: endpoint and every option
 */
public record TavilyRequest(String json, String cacheKey) {}
