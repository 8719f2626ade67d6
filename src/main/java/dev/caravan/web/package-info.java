/**
 * The web as every stage reads it: the one URL helper ({@link dev.caravan.web.Urls}: strict for requests, lenient for
 * naming and page signals) and HTTP header values ({@link dev.caravan.web.RetryAfter}).
 *
 * <p>Depends on no other Caravan package; every stage may use it.
 */
@NullMarked
package dev.caravan.web;

import org.jspecify.annotations.NullMarked;
