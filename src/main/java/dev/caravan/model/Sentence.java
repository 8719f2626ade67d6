package dev.caravan.model;

/**
 * A sentence taken verbatim from a page, with its relevance to the query.
 *
 * @param text the sentence as it reads on the page
 * @param score relevance, higher is better
 */
public record Sentence(String text, double score) {}
