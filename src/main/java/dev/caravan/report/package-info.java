/**
 * Builds and writes the reports: the findings chosen from the pages' candidates ({@code pages}), the Markdown report
 * and its JSON sidecar, file names, run folders, and what changed since the last report.
 *
 * <p>May depend on {@code model}, {@code rank}, {@code pages}, {@code files} and {@code web}; no Camel types.
 */
@NullMarked
package dev.caravan.report;

import org.jspecify.annotations.NullMarked;
