/**
 * Builds and writes the reports: key findings chosen with {@code rank}, the Markdown report and its JSON sidecar,
 * file names, and pages evicted to disk ({@link dev.caravan.report.PageStore}).
 *
 * <p>May depend on {@code model} and {@code rank}; no Camel types.
 */
@NullMarked
package dev.caravan.report;

import org.jspecify.annotations.NullMarked;
