/**
 * Cleaning: ordered lists of small rules ({@link dev.caravan.extract.clean.CleaningRule}) that remove what is not
 * content, from the whole page before the content is found, around it, and inside it. The lists are in {@link
 * dev.caravan.extract.clean.CleaningRules}; a new rule is one class there plus one line in a list.
 *
 * <p>May use {@code model}, {@code extract.dom} and {@code extract.find}.
 */
@NullMarked
package dev.caravan.extract.clean;

import org.jspecify.annotations.NullMarked;
