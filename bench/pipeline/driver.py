"""Driver of bench/pipeline.sh (issue #10): runs Caravan against loopback stub sites and a Tavily stub, then prints
wall time against the per-host politeness bound, the shortest gaps between requests to one host, peak RSS and counts.
Run it through bench/pipeline.sh, which builds the classpath first. Python 3 standard library only."""

import argparse
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stubs  # noqa: E402

SCENARIOS = {
    "small": dict(pages=96, hosts=12, delay_ms=500),
    "large": dict(pages=1000, hosts=50, delay_ms=200),
    # the small job run twice, Caravan restarted in between, 1 page in 10 changed for the second run
    "revisit": dict(pages=96, hosts=12, delay_ms=500),
}
REVISIT_BYTES_TARGET = 0.15  # the second run receives at most 15 % of the first run's page-body bytes
RESULTS_PER_QUERY = 16  # Tavily's max_results is at most 20; 16 leaves room and gives whole queries at 96 pages
RSS_TARGET_MB = 512
RATIO_TARGET = 1.2
# Gaps are judged with this much slack: the app sleeps in whole milliseconds on a millisecond clock, so a gap a
# fraction of a millisecond short of D is rounding, not a request sent too early. The stub sites (one process each)
# stamp a request when its request line is read, and a response's end with the kernel's transmit timestamp of its
# last byte (see stubs.py), or else right after its one sendall.
GAP_TOLERANCE_S = 0.001
MAX_SLOW_HOST_DELAY_S = 10.0  # the app's cap on the slow-host part of a gap (research.fetch.max-slow-host-delay-ms)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--classpath-file", required=True, help="file with the runtime classpath (from Maven)")
    p.add_argument("--scenario", choices=("small", "large", "both", "revisit"), default="both",
                   help="both = small and large; revisit = the small job run twice with a restart in between")
    p.add_argument("--pages", type=int, help="custom scenario: number of pages (with --hosts/--delay-ms)")
    p.add_argument("--hosts", type=int, help="custom scenario: number of stub hosts, 2-254")
    p.add_argument("--delay-ms", type=int, help="custom scenario: research.fetch.host-delay-ms")
    p.add_argument("--adaptive-factor", type=float, default=0.25,
                   help="research.fetch.slow-host-delay-factor for the app, and F of the adaptive bound: each gap is"
                        " max(D, F x est), est moving halfway to each response time (default 0.25, the app's default)")
    p.add_argument("--slow-seconds", type=float, default=2.0, help="response time of the slow host's pages")
    p.add_argument("--timeout", type=float, default=900, help="seconds to wait for all reports (default 900)")
    p.add_argument("--keep", action="store_true", help="keep the temp folders (job, reports, app log)")
    return p.parse_args()


def scenarios(args):
    if args.pages or args.hosts or args.delay_ms:
        base = dict(SCENARIOS["small"])
        for key in ("pages", "hosts", "delay_ms"):
            if getattr(args, key):
                base[key] = getattr(args, key)
        return [("custom", base)]
    names = ("small", "large") if args.scenario == "both" else (args.scenario,)
    return [(n, SCENARIOS[n]) for n in names]


def design_job(pages, addresses, port):
    """Pages round-robin over hosts (page n on host n mod H); queries take consecutive runs of about 16 pages."""
    queries = math.ceil(pages / RESULTS_PER_QUERY)
    answers, texts = {}, []
    for q in range(queries):
        lo, hi = q * pages // queries, (q + 1) * pages // queries
        topic = stubs.TOPICS[q % len(stubs.TOPICS)]
        text = "%s history and engineering survey %03d" % (topic, q + 1)
        answers[text] = [("http://%s:%d/p/%d" % (addresses[n % len(addresses)], port, n),
                          "Article %d about %s" % (n, stubs.TOPICS[n % len(stubs.TOPICS)])) for n in range(lo, hi)]
        texts.append(text)
    job = {"defaults": {"max_results": 20}, "queries": texts}
    return job, answers


def app_command(root, cp_file, tmp, tavily_url, pages, queries, delay_ms, factor, default_intake=False):
    """The java command line of the application, its folders (input, output, cache) in tmp. The input folder is
    polled every 200 ms with a 200 ms settle time, or with default_intake as application.properties says."""
    with open(cp_file) as f:
        classpath = f.read().strip()
    props = {
        "research.input.dir": os.path.join(tmp, "input"),
        "research.output.dir": os.path.join(tmp, "output"),
        "research.cache.dir": os.path.join(tmp, "cache"),
    }
    if not default_intake:
        props.update({"research.input.poll-delay-ms": 200, "research.input.settle-ms": 200})
    props.update({
        "research.search.provider": "tavily",
        "research.search.fallback": "",
        "research.tavily.base-url": tavily_url,
        "research.guard.allowed-addresses": "127.0.0.0/8",
        "research.fetch.host-delay-ms": delay_ms,
        # this benchmark's bounds count robots.txt as a request like any other, a host delay before the first page
        "research.fetch.delay-after-robots-ms": delay_ms,
        "research.fetch.slow-host-delay-factor": factor,
        # lexical-only unless RESEARCH_REPORT_MODEL names a model (bench/app-build.sh then puts its jars on the classpath)
        "research.report.model": os.environ.get("RESEARCH_REPORT_MODEL", "none"),
        "research.budget.pages-per-job": pages + 100,
        "research.budget.search-calls-per-job": max(100, queries + 10),
        "research.budget.credits-per-job": max(200, 2 * queries + 10),
        "research.budget.credits-per-day": 1000000,
        "research.exit-when-idle-seconds": 0,
        "research.jms.enabled": "false",
        "research.jms.data-dir": os.path.join(tmp, "artemis"),
        "research.metrics.enabled": "false",
    })
    cmd = ["java"] + os.environ.get("JAVA_OPTS", "").split()
    cmd += ["-D%s=%s" % (k, v) for k, v in props.items()]
    cmd += ["-cp", os.path.join(root, "target", "classes") + ":" + classpath, "dev.caravan.App"]
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}  # loopback only, never via a proxy
    env.update(TAVILY_API_KEY="bench", RESEARCH_REPORT_MODEL=props["research.report.model"])
    return cmd, env


def wait_ready(proc, log_path, timeout=180):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError("Caravan exited during startup (code %s); see %s" % (proc.returncode, log_path))
        with open(log_path, errors="replace") as f:
            text = f.read()
        if " started in " in text or "Caravan is running" in text:
            return
        time.sleep(0.1)
    raise RuntimeError("Caravan not ready after %d s; see %s" % (timeout, log_path))


def run_folders(job_dir):
    """The run folders of a job (output/<job>/<run>/), oldest first."""
    if not os.path.isdir(job_dir):
        return []
    return sorted(n for n in os.listdir(job_dir)
                  if not n.startswith(".") and os.path.isdir(os.path.join(job_dir, n)))


def reports_done(job_dir, skip=()):
    """Reports (a .md with its .json) written in the job's run folders, leaving out the runs in skip."""
    done = 0
    for run in run_folders(job_dir):
        if run in skip:
            continue
        names = set(os.listdir(os.path.join(job_dir, run)))
        done += sum(1 for n in names if n.endswith(".md") and n[:-3] + ".json" in names)
    return done


def peak_rss_mb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return float("nan")


def stop_app(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=90)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def rule_gaps(durations, delay_s, factor):
    """The least gap the app keeps after each response but the last, by its slow-host rule: the host's response time
    estimate starts at its first response's time and moves halfway to each later one's (est = (est + d) / 2), and
    after each response the next request waits max(D, min(F x est, 10 s)). Every request counts, robots.txt too.
    The app times a response from its own side (send to last byte), never shorter than the stub's arrival to last
    byte, so its estimate is at least this one."""
    gaps, est = [], None
    for d in durations[:-1]:
        est = d if est is None else (est + d) / 2
        gaps.append(max(delay_s, min(factor * est, MAX_SLOW_HOST_DELAY_S)))
    return gaps


def analyse(entries, delay_s, factor, slow_address):
    by_host = {}
    for host, path, status, arrived, done, sending, wire in (e[:7] for e in sorted(entries, key=lambda e: e[3])):
        # a response ends when the kernel sent its last byte (loopback: when the app's socket got it); without that
        # stamp, when the stub's sendall returned (never earlier, so a gap can only look shorter)
        end = wire if wire is not None else done
        by_host.setdefault(host, []).append((path, status, arrived, end, done - sending, wire is not None))
    plain, adaptive, gaps, slack = {}, {}, {}, {}
    for host, reqs in by_host.items():
        durations = [r[3] - r[2] for r in reqs]
        least = rule_gaps(durations, delay_s, factor)
        # how much longer than the adaptive rule asks each gap was (negative: the rule was not applied)
        slack[host] = min((reqs[i][2] - reqs[i - 1][3] - least[i - 1] for i in range(1, len(reqs))),
                          default=float("inf"))
        plain[host] = (len(reqs) - 1) * delay_s + sum(durations)
        adaptive[host] = sum(durations) + sum(least)
        gaps[host] = min((reqs[i][2] - reqs[i - 1][3] for i in range(1, len(reqs))), default=float("inf"))
    return by_host, plain, adaptive, gaps, slack


def shortest_gap_pair(reqs):
    """(previous path, its response time in ms, how long its sendall took in ms, how its end was stamped, next path)
    around the shortest gap of one host's requests."""
    i = min(range(1, len(reqs)), key=lambda i: reqs[i][2] - reqs[i - 1][3])
    prev = reqs[i - 1]
    return (prev[0], (prev[3] - prev[2]) * 1000, prev[4] * 1000, "kernel" if prev[5] else "after sendall",
            reqs[i][0])


def run_scenario(name, spec, args, root):
    pages, hosts, delay_ms = spec["pages"], spec["hosts"], spec["delay_ms"]
    if not 2 <= hosts <= 254:
        raise SystemExit("--hosts must be 2-254")
    delay_s = delay_ms / 1000.0
    tmp = tempfile.mkdtemp(prefix="caravan-bench-%s-" % name)
    os.makedirs(os.path.join(tmp, "input"))
    os.makedirs(os.path.join(tmp, "output"))
    addresses = ["127.0.1.%d" % i for i in range(1, hosts + 1)]
    slow = addresses[0]
    port = stubs.free_port(addresses)
    job, answers = design_job(pages, addresses, port)
    pages_of = {a: range(i, pages, hosts) for i, a in enumerate(addresses)}  # page n is on host n mod H
    # one process per site (started before any thread of ours, as fork wants); the Tavily stub is a thread here
    sites = stubs.start_sites(addresses, port, slow, args.slow_seconds, tmp, pages_of)
    tavily = stubs.start_tavily("127.0.0.1", answers)
    tavily_url = "http://127.0.0.1:%d" % tavily.server_address[1]
    queries = len(job["queries"])
    print("== scenario %s: %d pages, %d hosts (%s..%s, port %d), host delay %d ms, slow host %s (%.1f s/page), "
          "%d queries of ~%d results; Tavily stub %s; temp %s"
          % (name, pages, hosts, addresses[0], addresses[-1], port, delay_ms, slow, args.slow_seconds, queries,
             RESULTS_PER_QUERY, tavily_url, tmp), flush=True)
    cmd, env = app_command(root, args.classpath_file, tmp, tavily_url, pages, queries, delay_ms, args.adaptive_factor)
    log_path = os.path.join(tmp, "app.log")
    job_name = "bench-%s" % name
    job_dir = os.path.join(tmp, "output", job_name)
    proc = None
    result = {}
    try:
        with open(log_path, "w") as app_log:
            proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=app_log, stderr=subprocess.STDOUT)
        t_start = time.monotonic()
        wait_ready(proc, log_path)
        print("   app ready in %.1f s (pid %d)" % (time.monotonic() - t_start, proc.pid), flush=True)
        staging = os.path.join(tmp, job_name + ".json")
        with open(staging, "w") as f:
            json.dump(job, f, indent=1)
        t_drop = time.monotonic()
        wall_offset = time.time() - t_drop
        os.rename(staging, os.path.join(tmp, "input", job_name + ".json"))
        deadline = t_drop + args.timeout
        done, t_last, last_print = 0, None, t_drop
        failed_dir = os.path.join(tmp, "input", "failed")
        while time.monotonic() < deadline:
            n = reports_done(job_dir)
            now = time.monotonic()
            if n > done:
                done, t_last = n, now
            if done >= queries:
                break
            if os.path.isdir(failed_dir) and os.listdir(failed_dir):
                print("   job FAILED: %s" % sorted(os.listdir(failed_dir)), flush=True)
                break
            if proc.poll() is not None:
                print("   Caravan exited early (code %s)" % proc.returncode, flush=True)
                break
            if now - last_print >= 30:
                print("   ... %.0f s: %d/%d reports, %d stub requests" % (now - t_drop, done, queries,
                                                                           sites.count()), flush=True)
                last_print = now
            time.sleep(0.1)
        timed_out = done < queries
        time.sleep(0.3)
        rss = peak_rss_mb(proc.pid)
        stop_app(proc)
        entries = sites.collect()
        result = report(name, entries, delay_s, args.adaptive_factor, slow, pages, queries, done, timed_out,
                        t_drop, t_last, rss, tavily.search_log)
        # the stubs time on CLOCK_MONOTONIC, the app on the wall clock (Clock.systemUTC): a step between them shows here
        print("   wall clock moved against the monotonic clock during the run by %.3f ms"
              % ((time.time() - time.monotonic() - wall_offset) * 1000), flush=True)
        return result
    finally:
        if proc is not None:
            stop_app(proc)
        sites.stop()
        if tavily is not None:
            stubs.stop(tavily)
        if args.keep:
            print("   kept %s (app.log, input/, output/)" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def one_run(label, cmd, env, root, tmp, job_name, job, queries, timeout, sites):
    """Starts Caravan, drops the job, waits for all its reports in a new run folder, stops Caravan (SIGTERM).
    Returns (monotonic drop time, wall seconds drop -> last report, reports, run folder)."""
    log_path = os.path.join(tmp, "app-%s.log" % label)
    job_dir = os.path.join(tmp, "output", job_name)
    before = set(run_folders(job_dir))
    with open(log_path, "w") as app_log:
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=app_log, stderr=subprocess.STDOUT)
    try:
        t_start = time.monotonic()
        wait_ready(proc, log_path)
        print("   %s: app ready in %.1f s (pid %d)" % (label, time.monotonic() - t_start, proc.pid), flush=True)
        staging = os.path.join(tmp, job_name + ".json")
        with open(staging, "w") as f:
            json.dump(job, f, indent=1)
        t_drop = time.monotonic()
        os.rename(staging, os.path.join(tmp, "input", job_name + ".json"))
        done, t_last = 0, None
        while time.monotonic() < t_drop + timeout:
            n = reports_done(job_dir, before)
            if n > done:
                done, t_last = n, time.monotonic()
            if done >= queries or proc.poll() is not None:
                break
            time.sleep(0.1)
        # the job is done when its file has moved on: then the run is closed
        while os.path.exists(os.path.join(tmp, "input", job_name + ".json")) and time.monotonic() < t_drop + timeout:
            time.sleep(0.1)
    finally:
        stop_app(proc)
    new = [r for r in run_folders(job_dir) if r not in before]
    wall = (t_last - t_drop) if t_last else float("nan")
    return t_drop, wall, done, (new[0] if new else None)


def run_summary(entries):
    """Page requests of one run: (requests, 200s, 304s, page-body bytes sent, robots.txt requests)."""
    pages = [e for e in entries if e[1].startswith("/p/")]
    return (len(pages), sum(1 for e in pages if e[2] == 200), sum(1 for e in pages if e[2] == 304),
            sum(e[7] for e in pages), sum(1 for e in entries if e[1] == "/robots.txt"))


def sidecar_counts(run_dir):
    """From a run's sidecars: sources by delivery, and the changed pages, new and gone sources the reports list."""
    deliveries, changed, new, gone = {}, 0, 0, 0
    for name in sorted(os.listdir(run_dir)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(run_dir, name)) as f:
            report = json.load(f)
        for source in report.get("sources", []):
            d = source.get("delivery", "?")
            deliveries[d] = deliveries.get(d, 0) + 1
        changes = report.get("changes") or {}
        changed += len(changes.get("changed_pages", []))
        new += len(changes.get("new_sources", []))
        gone += len(changes.get("gone_sources", []))
    return deliveries, changed, new, gone


def run_revisit(name, spec, args, root):
    """The job run, Caravan stopped, 1 page in 10 changed, Caravan started again on the same cache, the job run again:
    page-body bytes, wall time and 304s of both runs."""
    pages, hosts, delay_ms = spec["pages"], spec["hosts"], spec["delay_ms"]
    tmp = tempfile.mkdtemp(prefix="caravan-bench-%s-" % name)
    os.makedirs(os.path.join(tmp, "input"))
    os.makedirs(os.path.join(tmp, "output"))
    addresses = ["127.0.1.%d" % i for i in range(1, hosts + 1)]
    slow = addresses[0]
    port = stubs.free_port(addresses)
    job, answers = design_job(pages, addresses, port)
    pages_of = {a: range(i, pages, hosts) for i, a in enumerate(addresses)}
    sites = stubs.start_sites(addresses, port, slow, args.slow_seconds, tmp, pages_of)
    tavily = stubs.start_tavily("127.0.0.1", answers)
    tavily_url = "http://127.0.0.1:%d" % tavily.server_address[1]
    queries = len(job["queries"])
    will_change = sum(1 for n in range(pages) if stubs.changed(n, 1))
    print("== scenario %s: %d pages, %d hosts, host delay %d ms, slow host %s (%.1f s/page), %d queries; run, restart,"
          " %d pages changed (1 in 10), run again; temp %s"
          % (name, pages, hosts, delay_ms, slow, args.slow_seconds, queries, will_change, tmp), flush=True)
    cmd, env = app_command(root, args.classpath_file, tmp, tavily_url, pages, queries, delay_ms, args.adaptive_factor)
    job_name = "bench-%s" % name
    try:
        t1, wall1, reports1, run1 = one_run("run 1", cmd, env, root, tmp, job_name, job, queries, args.timeout, sites)
        searches1 = len(tavily.search_log)
        sites.next_generation()
        t2, wall2, reports2, run2 = one_run("run 2", cmd, env, root, tmp, job_name, job, queries, args.timeout, sites)
        searches2 = len(tavily.search_log) - searches1
        entries = sites.collect()
        first = run_summary([e for e in entries if e[3] < t2])
        second = run_summary([e for e in entries if e[3] >= t2])
        job_dir = os.path.join(tmp, "output", job_name)
        deliveries, changed_listed, new, gone = sidecar_counts(os.path.join(job_dir, run2)) if run2 else ({}, 0, 0, 0)
        ratio = second[3] / first[3] if first[3] else float("nan")
        print("-- results: %s" % name)
        print("   %-6s  %9s  %13s  %13s  %6s  %6s  %8s  %s"
              % ("run", "wall (s)", "page requests", "page bytes", "200", "304", "searches", "reports"))
        for label, wall, s, searches, reports in (("run 1", wall1, first, searches1, reports1),
                                                  ("run 2", wall2, second, searches2, reports2)):
            print("   %-6s  %9.2f  %13d  %13d  %6d  %6d  %8d  %d of %d"
                  % (label, wall, s[0], s[3], s[1], s[2], searches, reports, queries))
        print("   second run's page-body bytes / first run's:  %.1f %%   target <= %.0f %%  %s"
              % (100 * ratio, 100 * REVISIT_BYTES_TARGET, verdict(ratio <= REVISIT_BYTES_TARGET)))
        print("   pages changed on the sites: %d; fetched again (200) in run 2: %d; revalidated (304): %d  %s"
              % (will_change, second[1], second[2],
                 verdict(second[1] == will_change and second[2] == pages - will_change)))
        print("   run 2 sidecars: sources by delivery %s; 'changed pages' listed: %d, new sources %d, gone %d  %s"
              % (json.dumps(deliveries, sort_keys=True), changed_listed, new, gone,
                 verdict(changed_listed == will_change and new == 0 and gone == 0)), flush=True)
        return dict(ratio=ratio, wall1=wall1, wall2=wall2)
    finally:
        sites.stop()
        stubs.stop(tavily)
        if args.keep:
            print("   kept %s (app-run *.log, input/, output/, cache/)" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def verdict(ok):
    return "PASS" if ok else "FAIL"


def report(name, entries, delay_s, factor, slow, pages, queries, reports, timed_out, t_drop, t_last, rss,
           search_log):
    by_host, plain, adaptive, gaps, slack = analyse(entries, delay_s, factor, slow)
    wall = (t_last - t_drop) if t_last else float("nan")
    busiest = max(plain, key=plain.get)
    busiest_a = max(adaptive, key=adaptive.get)
    ratio, ratio_a = wall / plain[busiest], wall / adaptive[busiest_a]
    min_host = min(gaps, key=gaps.get)
    served = {e[1] for e in entries if e[1].startswith("/p/") and e[2] == 200}
    page_requests = sum(1 for e in entries if e[1].startswith("/p/"))
    first_req = min(e[3] for e in entries) if entries else float("nan")
    last_resp = max(e[4] for e in entries) if entries else float("nan")
    unstamped = sum(1 for e in entries if e[6] is None)
    print("-- results: %s (D = %d ms, F = %.2f)" % (name, delay_s * 1000, factor))
    print("   wall time, job dropped -> last report:   %8.2f s%s" % (wall, "  (TIMED OUT)" if timed_out else ""))
    print("     drop -> first search call:             %8.2f s" % ((search_log[0][1] - t_drop) if search_log else float("nan")))
    print("     first -> last stub page request/resp:  %8.2f s" % (last_resp - first_req))
    print("   politeness bound, busiest host %-11s %8.2f s  (%d requests, %.2f s responding)"
          % (busiest, plain[busiest], len(by_host[busiest]), sum(r[3] - r[2] for r in by_host[busiest])))
    print("   adaptive bound,   busiest host %-11s %8.2f s  (gap = max(D, %.2f x est), est = (est + response) / 2)"
          % (busiest_a, adaptive[busiest_a], factor))
    print("   ratio wall / politeness bound:           %8.2f    target <= %.1f  %s"
          % (ratio, RATIO_TARGET, verdict(ratio <= RATIO_TARGET)))
    print("   ratio wall / adaptive bound:             %8.2f    target <= %.1f  %s"
          % (ratio_a, RATIO_TARGET, verdict(ratio_a <= RATIO_TARGET)))
    gap_ok = lambda g: g >= delay_s - GAP_TOLERANCE_S  # noqa: E731
    slow_gap = gaps.get(slow, float("inf"))
    print("   shortest gap, any host:                  %8.1f ms on %-11s target >= %d ms (1 ms slack)  %s"
          % (gaps[min_host] * 1000, min_host, delay_s * 1000, verdict(gap_ok(gaps[min_host]))))
    if len(by_host[min_host]) > 1:
        print("     after %s (responded in %.2f ms, its sendall took %.2f ms, end stamped by %s), before %s"
              % shortest_gap_pair(by_host[min_host]))
    print("   shortest gap, slow host %-11s      %8.1f ms                target >= %d ms (1 ms slack)  %s"
          % (slow, slow_gap * 1000, delay_s * 1000, verdict(gap_ok(slow_gap))))
    print("   slow host, shortest gap minus max(D, F x est) (app's rule):  %.1f ms%s"
          % (slack.get(slow, float("inf")) * 1000,
             "  (negative: the adaptive rule is not applied)" if slack.get(slow, 0) < -GAP_TOLERANCE_S else ""))
    rss_note = "" if pages >= 1000 else "  (target is set at 1,000 pages)"
    print("   app JVM peak RSS (VmHWM):                %8.1f MB   target <= %d MB  %s%s"
          % (rss, RSS_TARGET_MB, verdict(rss <= RSS_TARGET_MB), rss_note))
    print("   pages served OK: %d of %d expected (%d page requests, %d requests in all, %d search calls); "
          "reports: %d of %d  %s"
          % (len(served), pages, page_requests, len(entries), len(search_log), reports, queries,
             verdict(len(served) == pages and reports == queries)), flush=True)
    print("   responses without a kernel transmit timestamp (end taken after sendall instead): %d of %d"
          % (unstamped, len(entries)), flush=True)
    return dict(wall=wall, ratio=ratio, ratio_adaptive=ratio_a, min_gap=gaps[min_host], rss=rss)


def main():
    args = parse_args()
    root = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
    print("caravan pipeline benchmark, %d CPU(s), load average %s" % (
        os.cpu_count(), " ".join("%.2f" % x for x in os.getloadavg())), flush=True)
    for name, spec in scenarios(args):
        if name == "revisit":
            run_revisit(name, spec, args, root)
        else:
            run_scenario(name, spec, args, root)


if __name__ == "__main__":
    main()
