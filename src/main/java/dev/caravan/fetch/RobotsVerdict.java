package dev.caravan.fetch;

import dev.caravan.model.FetchOutcome;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Whether robots.txt lets us fetch a URL, and how far apart requests to its host must be.
 *
 * @param allowed true when the URL may be fetched
 * @param refusal the outcome when not allowed, else null
 * @param reason one line for the report when not allowed
 * @param crawlDelay the host's Crawl-delay, or zero when it sets none
 */
public record RobotsVerdict(
        boolean allowed,
        @Nullable FetchOutcome refusal,
        @Nullable String reason,
        @Nullable Duration crawlDelay) {

    public static RobotsVerdict allow(Duration crawlDelay) {
        return new RobotsVerdict(true, null, null, crawlDelay);
    }

    public static RobotsVerdict refuse(FetchOutcome outcome, String reason) {
        return new RobotsVerdict(false, outcome, reason, Duration.ZERO);
    }
}
