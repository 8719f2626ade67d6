/**
 * The chosen content as Markdown (flexmark, fenced code, GFM tables, absolute links) and as text blocks for quoting.
 *
 * <p>May use {@code extract.dom}.
 */
@NullMarked
package dev.caravan.extract.markdown;

import org.jspecify.annotations.NullMarked;
