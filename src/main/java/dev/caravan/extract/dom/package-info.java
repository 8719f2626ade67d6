/**
 * Measures of the parsed page shared by every step of extraction: letters and link letters of elements, and whether
 * a class or id names furniture or content; with the named word, tag and URL lists ({@code word-lists.properties}).
 *
 * <p>Uses no other package of Caravan.
 */
@NullMarked
package dev.caravan.extract.dom;

import org.jspecify.annotations.NullMarked;
