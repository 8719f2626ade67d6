/**
 * Server-side request forgery (SSRF) guard for outbound fetches.
 *
 * <p>The package decides whether Caravan may connect to a URL chosen by someone else (a search engine, a job author,
 * a redirect). It has two layers:
 * <ul>
 *   <li>{@link dev.caravan.fetch.guard.UrlGuard} checks a URI before any connection: scheme, userinfo, host-name rules,
 *       domain allow/deny lists and IP-literal hosts. Refusals are {@link dev.caravan.fetch.guard.Verdict} values.</li>
 *   <li>{@link dev.caravan.fetch.guard.GuardedDnsResolver} is an HttpClient 5 {@code DnsResolver} that resolves the name,
 *       refuses it if <em>any</em> address is not public, and returns only checked addresses, so the client connects to
 *       exactly what was checked (no time-of-check/time-of-use gap, which defeats DNS rebinding).</li>
 * </ul>
 * The address rules live in {@link dev.caravan.fetch.guard.AddressClassifier}; configuration is
 * {@link dev.caravan.fetch.guard.GuardSettings}.
 *
 * <p>Dependencies: the JDK and Apache HttpClient 5 ({@code org.apache.hc.client5.http.DnsResolver}) only. Nothing here
 * depends on Camel, and nothing here opens a socket. Of Caravan's packages it may use {@code model} only.
 */
@NullMarked
package dev.caravan.fetch.guard;

import org.jspecify.annotations.NullMarked;
