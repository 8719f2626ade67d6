/**
 * The composition root: reads {@code application.properties}, checks every setting and builds and binds the beans
 * the routes use, once, when Camel starts ({@link dev.caravan.config.CaravanConfiguration}).
 *
 * <p>May use every other Caravan package and Camel; only the root package and {@code bench} use it.
 */
@NullMarked
package dev.caravan.config;

import org.jspecify.annotations.NullMarked;
