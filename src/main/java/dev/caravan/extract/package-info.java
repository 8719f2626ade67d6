/**
 * Turns fetched HTML and PDF into clean Markdown, text blocks and page metadata ({@link
 * dev.caravan.extract.PageConverter}), removing boilerplate and finding the main content.
 *
 * <p>May depend on {@code model} and {@code text} only; no Camel types.
 */
@NullMarked
package dev.caravan.extract;

import org.jspecify.annotations.NullMarked;
