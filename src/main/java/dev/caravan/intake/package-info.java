/**
 * Reads job files (plain text, JSON, YAML) into {@link dev.caravan.model.Job}s, checks their options and explains
 * failed jobs next to the job file.
 *
 * <p>May depend on {@code model} only; the Camel routes that pick files up live in {@code pipeline}.
 */
@NullMarked
package dev.caravan.intake;

import org.jspecify.annotations.NullMarked;
