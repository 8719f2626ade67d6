/**
 * Plain-text utilities shared by the stages that read prose, such as sentence splitting.
 *
 * <p>Depends on no other Caravan package; {@code rank} and {@code extract} may use it.
 */
@NullMarked
package dev.caravan.text;

import org.jspecify.annotations.NullMarked;
