/**
 * Caravan: batch web research on Apache Camel. Query files in, cited Markdown reports out.
 *
 * <p>This root package holds only the entry point: {@link dev.caravan.App} starts Camel Main, and
 * {@code StartupFailure} turns a failed start into one line. It may use {@code config}, {@code progress} and
 * {@code model}; the stages live in the sub-packages, and {@code dev.caravan.ArchitectureTest} checks which may use which.
 */
@NullMarked
package dev.caravan;

import org.jspecify.annotations.NullMarked;
