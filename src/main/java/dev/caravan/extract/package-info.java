/**
 * Turns fetched HTML and PDF into clean Markdown, text blocks and page metadata ({@link
 * dev.caravan.extract.PageConverter}, {@link dev.caravan.extract.ContentExtractor}), removing boilerplate and finding
 * the main content. This package is the face other stages use; the work is done in its rooms: {@code parse} (bytes
 * to a parsed page), {@code meta} (metadata and page type), {@code find} (the content), {@code clean} (the cleaning
 * rules), {@code markdown} (Markdown and text blocks), on top of {@code dom} (shared measures and word lists).
 *
 * <p>May depend on {@code model}, {@code text} and its own rooms only; no Camel types.
 */
@NullMarked
package dev.caravan.extract;

import org.jspecify.annotations.NullMarked;
