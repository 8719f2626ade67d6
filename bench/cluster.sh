#!/usr/bin/env bash
# Cluster benchmark (issue #24): several Caravan instances on one broker with research.fetch.shared=true keep one
# politeness per host. Runs 1, 2 and 3 instances (separate JVMs: the first one's embedded Artemis broker, the others
# reach it by URL), each given its share of one job's queries as a job file, next to the peer of today (one instance
# fetching its own pages, shared=false), against stub web sites on 127.0.1.x and a Tavily stub on 127.0.0.1.
# Settings: hosts12 = 480 pages over 12 hosts at 500 ms; hosts200 = 2,000 pages over 200 hosts at 100 ms; jail = two
# instances, a job of 48 pages each over the same 12 hosts at 500 ms (wall <= 1.5 x the bound, no gap short); large =
# 48 pages of about 1 MB (results by value, as Artemis large messages).
# Prints per run: per-host violations (gaps shorter than the delay, timed by the stubs' kernel transmit timestamps,
# 1 ms slack; the gap after robots.txt is judged by --delay-after-robots-ms, 0 as in application.properties), wall
# time from the drop to the last report against the politeness bound of the busiest host (its required gaps plus its
# response times), pages per second, each instance's CPU seconds and the CPU per page,
# and the size of the results sent back through the broker.
# On a 2-core machine more instances do not run faster when CPU is the limit (hosts200): they share the same 2 cores.
# All traffic stays on loopback. Needs Java 17, Maven and Python 3. Run from anywhere:
#   bench/cluster.sh                      # every setting (about 10 minutes)
#   bench/cluster.sh --setting jail       # one of hosts12, hosts200, jail, large
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/app-build.sh
. bench/app-build.sh
exec python3 bench/cluster/driver.py --classpath-file "$classpath" "$@"
