#!/usr/bin/env bash
# Pipeline benchmark (issue #10): how close does Caravan get to the per-host politeness bound?
#
# Starts stub web sites on loopback addresses 127.0.1.1 ... 127.0.1.H (one Python server process per address, one
# port for all; the first host answers each page after 2 s), and a Tavily stub on 127.0.0.1 that returns the pages of
# each query. Then runs the real application (lexical-only: research.report.model=none, fresh temp input/output
# folders, SSRF guard allowing 127.0.0.0/8 only), drops one JSON job into its input folder and waits for every report.
# Prints, per scenario: wall time from the drop to the last report; the politeness bound of the busiest host,
# (requests - 1) x D + the sum of its response times, and the same with the app's adaptive gap max(D, F x est), est
# moving halfway to each response time; both ratios wall/bound; the shortest gap between a response and the next
# request on any host and on the slow host;
# the JVM's peak RSS (VmHWM); pages served vs expected and reports written; PASS/FAIL against the targets
# (ratio <= 1.2, shortest gap >= D, peak RSS <= 512 MB at 1,000 pages).
# Gaps are timed by the stubs on CLOCK_MONOTONIC: a request when its request line is read, a response's end by the
# kernel's transmit timestamp of its last byte (SO_TIMESTAMPING), so a stub thread descheduled around its send does
# not shorten the gap it reports.
#
# Scenarios: small = 96 pages / 12 hosts / D = 500 ms; large = 1000 pages / 50 hosts / D = 200 ms.
# revisit (issue #23, not part of "both"): the small job run, Caravan stopped, 1 page in 10 changed on the sites (which
# send ETag, Last-Modified and Cache-Control: no-cache), Caravan started again on the same cache, the same job dropped
# again; prints page-body bytes, wall time, 200s and 304s of both runs and the ratio of the bytes (target <= 15 %):
#   bench/pipeline.sh --scenario revisit
# All traffic stays on loopback. Needs Java 17, Maven and Python 3 (standard library only). Run from anywhere:
#   bench/pipeline.sh                                   # both scenarios
#   bench/pipeline.sh --scenario small
#   bench/pipeline.sh --pages 200 --hosts 20 --delay-ms 300 --adaptive-factor 1.5 --keep
# Other options: --adaptive-factor F (the app's research.fetch.slow-host-delay-factor, default 0.25), --slow-seconds S,
# --timeout SECONDS (default 900), --keep (keep temp folders and app.log).
# JAVA_OPTS (e.g. -Xmx256m) are passed to the application's JVM.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/app-build.sh
. bench/app-build.sh
exec python3 bench/pipeline/driver.py --classpath-file "$classpath" "$@"
