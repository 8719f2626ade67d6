/**
 * Files every stage writes the same way: atomically ({@link dev.caravan.files.AtomicFiles}), a day's counts kept
 * across restarts ({@link dev.caravan.files.DailyCounts}), and short stable names ({@link dev.caravan.files.ShortHash}).
 *
 * <p>Depends on no other Caravan package; every stage may use it.
 */
@NullMarked
package dev.caravan.files;

import org.jspecify.annotations.NullMarked;
