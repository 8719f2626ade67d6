package dev.caravan.model;

/**
 * One search result as the provider returned it.
 *
 * @param url the result URL
 * @param title the provider's title, may be empty
 * @param snippet the provider's snippet, may be empty
 * @param score relevance 0..1 as the provider scored it
 * @param publishedDate the provider's date, news only; may be null
 */
public record SearchHit(String url, String title, String snippet, double score, String publishedDate) {}
