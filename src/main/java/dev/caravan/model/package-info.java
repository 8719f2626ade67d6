/**
 * The domain records every stage shares: queries and jobs, search hits, fetch tasks and responses, fetched pages,
 * passages, findings and reports, plus the few helpers and exceptions shared across stages ({@link
 * dev.caravan.model.AtomicFiles}, {@link dev.caravan.model.JobFormatException}, {@link dev.caravan.model.FailureReasons}).
 *
 * <p>Dependencies point inward to this package: it depends on no other Caravan package and on no framework, only the JDK
 * (and JSpecify's annotations).
 */
@NullMarked
package dev.caravan.model;

import org.jspecify.annotations.NullMarked;
