/**
 * Finding the content: the block that reads most like the page's text with its kin, the main region of a page made
 * of parts (listings, shops, services), and the posts of a thread.
 *
 * <p>May use {@code model} and {@code extract.dom}.
 */
@NullMarked
package dev.caravan.extract.find;

import org.jspecify.annotations.NullMarked;
