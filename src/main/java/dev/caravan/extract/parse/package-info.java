/**
 * From bytes to a parsed page: the media type of a response, its character set, and HTML parsed as a browser would.
 *
 * <p>Uses no other package of Caravan.
 */
@NullMarked
package dev.caravan.extract.parse;

import org.jspecify.annotations.NullMarked;
