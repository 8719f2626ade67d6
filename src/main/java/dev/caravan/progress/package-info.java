/**
 * What a run is doing, for people and machines: the events log ({@code events.jsonl}), per-job tallies and the
 * pipeline metrics.
 *
 * <p>May depend on {@code model} only; the stages report to it through the glue in {@code pipeline}.
 */
@NullMarked
package dev.caravan.progress;

import org.jspecify.annotations.NullMarked;
