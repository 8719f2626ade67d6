/**
 * The Camel glue: the typed steps the YAML routes call (jobs, queries, pages), the HTTP transport over
 * {@code camel-http}, bounded responses and the page claims that share a page between queries.
 *
 * <p>May use every stage package and Camel; no stage package may use it.
 */
@NullMarked
package dev.caravan.pipeline;

import org.jspecify.annotations.NullMarked;
