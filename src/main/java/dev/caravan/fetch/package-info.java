/**
 * Fetching pages politely: robots.txt, per-host queues and delays ({@link dev.caravan.fetch.FetchScheduler}), URL
 * normalisation and the {@link dev.caravan.fetch.PageFetcher} that turns a URL into a {@link
 * dev.caravan.model.FetchResponse}, over an {@link dev.caravan.fetch.HttpTransport} the glue provides.
 *
 * <p>May depend on {@code model} and {@code fetch.guard}; no Camel types.
 */
@NullMarked
package dev.caravan.fetch;

import org.jspecify.annotations.NullMarked;
