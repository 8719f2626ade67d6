package dev.caravan.pipeline;

import dev.caravan.model.FetchResponse;
import org.jspecify.annotations.Nullable;

/**
 * A response and the instance that asked the host for it.
 *
 * @param response the response as it came
 * @param by the instance that fetched it when fetching is shared ({@code research.fetch.shared}); else null
 */
record Fetched(FetchResponse response, @Nullable String by) {}
