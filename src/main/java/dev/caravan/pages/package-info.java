/**
 * The page stage's own work once a page is had (the {@code fetch-page} route's {@code convert} and {@code select}
 * steps): a large page's Markdown written to its job's {@code pages/} and handed to later jobs ({@link
 * dev.caravan.pages.PageStore}), made safe to view first ({@link dev.caravan.pages.PageMarkdown}); the page's
 * candidate passages for its query, and later the query's findings from them ({@link
 * dev.caravan.pages.FindingSelector}); and the result of a page that failed inside Caravan ({@link
 * dev.caravan.pages.PageResults}).
 *
 * <p>May depend on {@code model}, {@code rank} and {@code files}; {@code report} builds on it. No Camel types.
 */
@NullMarked
package dev.caravan.pages;

import org.jspecify.annotations.NullMarked;
