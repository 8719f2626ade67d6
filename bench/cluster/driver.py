"""Driver of bench/cluster.sh (issue #24): Caravan instances sharing one politeness per host through the broker.
Runs 1, 2 and 3 instances (separate JVMs; the first one's embedded Artemis broker, the others reach it by URL) on one
job's pages split between them, against loopback stub sites and a Tavily stub, next to the peer of today: one instance
fetching its own pages (research.fetch.shared=false). Prints per setting and run: per-host violations (a gap shorter
than the delay between a response and the host's next request; after robots.txt, shorter than
research.fetch.delay-after-robots-ms), the shortest gap between pages, wall time against the politeness bound, pages per
second, CPU seconds of each instance and per page, and the bytes each result carried back. Python 3 standard library
only; the stubs are bench/pipeline/stubs.py. Run it through bench/cluster.sh, which builds the classpath first."""

import argparse
import json
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "pipeline"))
import driver as pipeline  # noqa: E402
import stubs  # noqa: E402

SETTINGS = {
    "hosts12": dict(pages=480, hosts=12, delay_ms=500, runs=("local", 1, 2, 3)),
    "hosts200": dict(pages=2000, hosts=200, delay_ms=100, runs=("local", 1, 2, 3)),
    # the measurement: two instances, each a job of 48 pages over the same 12 hosts at 500 ms
    "jail": dict(pages=96, hosts=12, delay_ms=500, runs=("local-2", 2)),
    # large results: pages of about 1 MB, by value through the broker (Artemis large messages past 100 KiB)
    "large": dict(pages=48, hosts=12, delay_ms=100, runs=("local", 1), page_bytes=1_000_000),
}
GAP_TOLERANCE_S = 0.001
JAIL_TARGET = 1.5


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--classpath-file", required=True)
    p.add_argument("--setting", choices=tuple(SETTINGS) + ("all",), default="all",
                   help="all = hosts12, hosts200, jail and large")
    p.add_argument("--runs", help="comma-separated runs instead of the setting's own, e.g. local,1 (local-2: two"
                   " instances fetching their own pages)")
    p.add_argument("--delay-after-robots-ms", type=int, default=0,
                   help="research.fetch.delay-after-robots-ms of every instance (default 0, as application.properties)")
    p.add_argument("--timeout", type=float, default=900)
    p.add_argument("--keep", action="store_true", help="keep the temp folders (logs, reports, and the"
                   " stubs' requests with the drop and last report times, monotonic seconds, in requests.json)")
    return p.parse_args()


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def cpu_seconds(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return float("nan")


def instance_command(root, cp_file, tmp, tavily_url, pages, queries, delay_ms, shared, name, broker_port, first,
                     delay_after_robots_ms):
    # the input folder as application.properties has it: the wall counts from the drop, as users see it
    cmd, env = pipeline.app_command(root, cp_file, tmp, tavily_url, pages, queries, delay_ms, 0.25,
                                    default_intake=True)
    extra = {
        "camel.main.name": "caravan-" + name,
        "research.fetch.delay-after-robots-ms": delay_after_robots_ms,
        "research.jobs.parallel-queries": 8,
    }
    if shared:
        extra.update({
            "research.jms.enabled": "true",
            "research.fetch.shared": "true",
            "research.fetch.shared.instance": name,
            "research.jms.queue": "caravan.jobs." + name,  # jobs come as files; no instance takes another's
        })
        if first:
            extra["research.jms.port"] = broker_port
            extra["research.jms.protocols"] = "CORE"
        else:
            extra["research.jms.broker-url"] = "tcp://127.0.0.1:%d" % broker_port
    at = cmd.index("-cp")
    cmd[at:at] = ["-D%s=%s" % (k, v) for k, v in extra.items()]
    return cmd, env


def split_job(job, n):
    """The job's queries dealt round-robin to n jobs, one per instance."""
    return [dict(job, queries=job["queries"][i::n]) for i in range(n)]


def violations(entries, delay_s, after_robots_s):
    """Per-host gaps (from the end of a response to the host's next request) shorter than what Caravan promises: the
    host delay, or after a robots.txt response research.fetch.delay-after-robots-ms. Returns their count, the shortest
    gap that must be a host delay, and the politeness bound of the busiest host: its required gaps plus its response
    times."""
    by_host = {}
    for host, path, status, arrived, done, sending, wire in (e[:7] for e in sorted(entries, key=lambda e: e[3])):
        by_host.setdefault(host, []).append((arrived, wire if wire is not None else done, path == "/robots.txt"))
    bad, least, bound = 0, float("inf"), 0.0
    for reqs in by_host.values():
        required = [after_robots_s if reqs[i - 1][2] else delay_s for i in range(1, len(reqs))]
        for i in range(1, len(reqs)):
            gap = reqs[i][0] - reqs[i - 1][1]
            if not reqs[i - 1][2]:
                least = min(least, gap)
            if gap < required[i - 1] - GAP_TOLERANCE_S:
                bad += 1
        bound = max(bound, sum(required) + sum(e - a for a, e, _ in reqs))
    return bad, least, bound


def run(setting, spec, mode, args, root):
    pages, hosts, delay_ms = spec["pages"], spec["hosts"], spec["delay_ms"]
    shared = isinstance(mode, int)
    n = mode if shared else (2 if mode == "local-2" else 1)
    delay_s = delay_ms / 1000.0
    tmp = tempfile.mkdtemp(prefix="caravan-cluster-%s-" % setting)
    addresses = ["127.0.1.%d" % i for i in range(1, hosts + 1)]
    port = stubs.free_port(addresses)
    job, answers = pipeline.design_job(pages, addresses, port)
    pages_of = {a: range(i, pages, hosts) for i, a in enumerate(addresses)}
    sites = stubs.start_sites(addresses, port, None, 0.0, tmp, pages_of, spec.get("page_bytes", 0))
    tavily = stubs.start_tavily("127.0.0.1", answers)
    tavily_url = "http://127.0.0.1:%d" % tavily.server_address[1]
    jobs = split_job(job, n)
    broker_port = free_port()
    names = ["i%d" % (i + 1) for i in range(n)]
    procs, logs = [], []
    try:
        for i, name in enumerate(names):
            itmp = os.path.join(tmp, name)
            for d in ("input", "output"):
                os.makedirs(os.path.join(itmp, d))
            cmd, env = instance_command(root, args.classpath_file, itmp, tavily_url, pages,
                                        len(jobs[i]["queries"]), delay_ms, shared, name, broker_port, i == 0,
                                        args.delay_after_robots_ms)
            log = os.path.join(itmp, "app.log")
            with open(log, "w") as f:
                procs.append(subprocess.Popen(cmd, cwd=root, env=env, stdout=f, stderr=subprocess.STDOUT))
            logs.append(log)
            if i == 0:
                pipeline.wait_ready(procs[0], log)  # its broker first
        for p, log in zip(procs, logs):
            pipeline.wait_ready(p, log)
        cpu0 = [cpu_seconds(p.pid) for p in procs]
        t_drop = time.monotonic()
        for name, j in zip(names, jobs):
            staging = os.path.join(tmp, name, "job.tmp")
            with open(staging, "w") as f:
                json.dump(j, f)
            os.rename(staging, os.path.join(tmp, name, "input", "bench-%s.json" % name))
        want = [len(j["queries"]) for j in jobs]
        t_last, done = None, [0] * n
        while time.monotonic() < t_drop + args.timeout:
            now_done = [pipeline.reports_done(os.path.join(tmp, nm, "output", "bench-" + nm)) for nm in names]
            if now_done != done:
                done, t_last = now_done, time.monotonic()
            if all(d >= w for d, w in zip(done, want)) or any(p.poll() is not None for p in procs):
                break
            time.sleep(0.1)
        cpu = [cpu_seconds(p.pid) - c for p, c in zip(procs, cpu0)]
        for p in procs:
            pipeline.stop_app(p)
        entries = sites.collect()
        wall = (t_last - t_drop) if t_last else float("nan")
        bad, least, bound = violations(entries, delay_s, args.delay_after_robots_ms / 1000.0)
        served = {(e[0], e[1]) for e in entries if e[1].startswith("/p/") and e[2] == 200}
        back = []
        for log in logs:
            with open(log, errors="replace") as f:
                back += [int(m) for m in re.findall(r"\((\d+) bytes back, \d+ ms\)", f.read())]
        if args.keep:
            with open(os.path.join(tmp, "requests.json"), "w") as f:
                # wall_minus_monotonic: add it to a monotonic time for the wall clock of the apps' logs and events
                json.dump(dict(drop=t_drop, last_report=t_last, entries=entries,
                               wall_minus_monotonic=time.time() - time.monotonic()), f)
        label = ("%d shared" % n) if shared else ("%d local" % n)
        row = dict(label=label, wall=wall, bound=bound, bad=bad, least=least, pages=len(served), want=pages,
                   reports=sum(done), queries=sum(want), cpu=cpu, back=back)
        print_row(row)
        return row
    finally:
        for p in procs:
            pipeline.stop_app(p)
        sites.stop()
        stubs.stop(tavily)
        if args.keep:
            print("     kept %s" % tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


def print_row(r):
    cpu = " + ".join("%.1f" % c for c in r["cpu"])
    total = sum(r["cpu"])
    back = ("%.0f KB mean, %.0f KB max" % (sum(r["back"]) / len(r["back"]) / 1024, max(r["back"]) / 1024)
            if r["back"] else "-")
    print("   %-9s  %8.2f  %8.2f  %6.2f  %10d  %8.1f  %7.1f  %-22s %7.1f  %s  %s"
          % (r["label"], r["wall"], r["bound"], r["wall"] / r["bound"], r["bad"], r["least"] * 1000,
             r["pages"] / r["wall"], cpu, 1000 * total / max(1, r["pages"]), back,
             "" if r["pages"] == r["want"] and r["reports"] == r["queries"]
             else "(%d of %d pages, %d of %d reports)" % (r["pages"], r["want"], r["reports"], r["queries"])),
          flush=True)


def main():
    args = parse_args()
    root = os.path.abspath(os.path.join(HERE, "..", ".."))
    print("caravan cluster benchmark, %d CPU(s), load average %s" % (
        os.cpu_count(), " ".join("%.2f" % x for x in os.getloadavg())), flush=True)
    names = tuple(SETTINGS) if args.setting == "all" else (args.setting,)
    for name in names:
        spec = SETTINGS[name]
        print("== %s: %d pages over %d hosts, host delay %d ms%s" % (
            name, spec["pages"], spec["hosts"], spec["delay_ms"],
            ", pages of about %d KB" % (spec["page_bytes"] // 1000) if spec.get("page_bytes") else ""), flush=True)
        print("   %-9s  %8s  %8s  %6s  %10s  %8s  %7s  %-22s %7s  %s"
              % ("instances", "wall s", "bound s", "ratio", "violations", "min gap", "pages/s", "CPU s per instance",
                 "CPU ms/page", "result bytes back"), flush=True)
        rows = []
        modes = spec["runs"]
        if args.runs:
            modes = [int(m) if m.isdigit() else m for m in args.runs.split(",")]
        for mode in modes:
            try:
                rows.append(run(name, spec, mode, args, root))
            except RuntimeError as e:
                print("   %s: run failed: %s" % (mode, e), flush=True)
        if not rows:
            continue
        if name == "jail":
            shared = rows[-1]
            ok = "shared" in shared["label"] and shared["bad"] == 0 and shared["wall"] <= JAIL_TARGET * shared["bound"]
            print("   shared: every gap >= delay and wall <= %.1f x the bound of both jobs together: %s"
                  % (JAIL_TARGET, "PASS" if ok else "FAIL"), flush=True)
        elif any(r["bad"] for r in rows if "shared" in r["label"]):
            print("   FAIL: a shared run asked a host sooner than its delay", flush=True)


if __name__ == "__main__":
    main()
