/**
 * What a page says about itself (title, author, dates from meta tags, OpenGraph and JSON-LD), what kind of page it
 * is, and a shop's own description of its product.
 *
 * <p>May use {@code model} and {@code extract.dom}.
 */
@NullMarked
package dev.caravan.extract.meta;

import org.jspecify.annotations.NullMarked;
