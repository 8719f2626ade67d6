/**
 * Web search: the providers (Tavily, Serper, Brave, SearXNG) behind one {@link
 * dev.caravan.search.SearchProvider} interface, their registry with fallback and circuit breakers, the search cache
 * front ({@link dev.caravan.search.Searcher}) and the per-job and daily search budget.
 *
 * <p>May depend on {@code model} only. HTTP goes through Apache HttpClient with the SSRF-guarded connection pool that
 * {@code config} hands in; no Camel types.
 */
@NullMarked
package dev.caravan.search;

import org.jspecify.annotations.NullMarked;
