package dev.caravan.model;

import java.util.List;

/**
 * A key finding: a sentence quoted from the sources, with the source numbers that say it.
 *
 * @param text the sentence, verbatim
 * @param citations source numbers, each pointing at a fetched page
 */
public record Finding(String text, List<Integer> citations) {

    public Finding {
        citations = List.copyOf(citations);
    }
}
