"""Loopback stubs for bench/pipeline.sh: stub web sites (one process with one ThreadingHTTPServer per 127.0.1.x
address) and a Tavily stub (threads of the driver process). Every timestamp is time.monotonic(), Linux's system-wide
CLOCK_MONOTONIC, so the site processes' times compare with each other and with the driver's.
Python 3 standard library only; nothing here listens on or talks to anything but loopback addresses."""

import json
import multiprocessing
import os
import random
import signal
import socket
import struct
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

WORDS = (
    "river harbour canal lock barge tide current delta estuary sediment dredging bridge ferry quay pier timber "
    "grain cargo tariff ledger merchant guild charter council survey engineer mason brick mortar vault arch "
    "drainage pump windmill polder dike flood storm surge gauge rainfall catchment reservoir aqueduct spring "
    "well cistern filter gravel sand clay peat meadow orchard vineyard harvest fallow rotation manure plough "
    "railway station signal gauge carriage locomotive boiler piston coal coke furnace forge iron steel rail "
    "telegraph cable relay exchange switchboard operator census registry archive manuscript press pamphlet "
    "almanac atlas compass chart sounding beacon lighthouse lantern lens prism mirror clock pendulum spring "
    "market fair auction price wage rent tithe levy toll customs warehouse depot inventory shipment route"
).split()

TOPICS = (
    "canal locks", "tidal harbours", "river dredging", "polder drainage", "windmill pumps", "railway gauges",
    "telegraph relays", "lighthouse lenses", "grain markets", "customs tolls", "flood gauges", "brick vaults",
    "peat meadows", "crop rotation", "coal furnaces", "pendulum clocks", "harbour cranes", "ferry routes",
    "estuary sediment", "aqueduct repairs", "census registers", "atlas printing", "beacon networks",
    "warehouse ledgers", "barge cargo",
)

NAV = ("Home", "News", "Archive", "Topics", "Maps", "About", "Contact", "Subscribe")
FOOTER = ("Privacy policy", "Terms of use", "Cookie settings", "Accessibility", "Imprint", "Advertise")


def _sentence(rng):
    n = rng.randint(8, 22)
    words = [rng.choice(WORDS) for _ in range(n)]
    if rng.random() < 0.3:
        words.insert(rng.randint(0, n - 1), str(rng.randint(1700, 2025)))
    if rng.random() < 0.2:
        words.insert(rng.randint(0, n - 1), "%d.%d%%" % (rng.randint(1, 99), rng.randint(0, 9)))
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice(".....?!")


def page_html(n, host, version=0, page_bytes=0):
    """A distinct article-like page (5-20 KB, or about page_bytes when given): title, byline, several paragraphs, nav
    and footer boilerplate. Another version of the same page keeps its title and layout and changes its text."""
    rng = random.Random(n * 7919 + 17 + version * 104729)
    topic = TOPICS[n % len(TOPICS)]
    title = "%s: notes on %s, %s and %s (article %d)" % (
        topic.capitalize(), rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS), n)
    target = rng.randint(5000, 18500) if not page_bytes else page_bytes
    parts = [
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>" % title,
        "<meta name=\"description\" content=\"%s\">" % _sentence(rng),
        "<link rel=\"canonical\" href=\"http://%s/p/%d\"></head><body>" % (host, n),
        "<header><nav><ul>%s</ul></nav></header>" % "".join(
            "<li><a href=\"/%s\">%s</a></li>" % (x.lower(), x) for x in NAV),
        "<main><article><h1>%s</h1>" % title,
        "<p class=\"byline\">By %s %s, %d %s %d</p>" % (
            rng.choice(("Ada", "Jan", "Mira", "Tomas", "Lena", "Oskar")),
            rng.choice(("Visser", "Brandt", "Okafor", "Lindqvist", "Moreau", "Novak")),
            rng.randint(1, 28), rng.choice(("March", "June", "October")), rng.randint(2015, 2026)),
    ]
    size = sum(len(p) for p in parts)
    section = 0
    while size < target:
        if rng.random() < 0.25:
            section += 1
            h = "<h2>%d. %s %s</h2>" % (section, rng.choice(WORDS).capitalize(), rng.choice(WORDS))
            parts.append(h)
            size += len(h)
        para = "<p>%s</p>" % " ".join(_sentence(rng) for _ in range(rng.randint(3, 8)))
        parts.append(para)
        size += len(para)
    parts.append("</article><aside><h3>Related</h3><ul>%s</ul></aside></main>" % "".join(
        "<li><a href=\"/p/%d\">More on %s</a></li>" % (rng.randint(0, 99999), rng.choice(TOPICS)) for _ in range(5)))
    parts.append("<footer><p>&copy; 2026 Stub Gazette. All rights reserved.</p><ul>%s</ul></footer></body></html>"
                 % "".join("<li><a href=\"/legal\">%s</a></li>" % x for x in FOOTER))
    return "".join(parts).encode("utf-8")


ROBOTS = b"User-agent: *\nAllow: /\n"
_REASONS = {200: "OK", 304: "Not Modified", 404: "Not Found"}
LAST_MODIFIED = "Mon, 02 Nov 2026 10:00:00 GMT"


def changed(n, generation):
    """Whether page n differs from its first version in the given generation (1 in 10 pages change per generation)."""
    return generation > 0 and n % 10 == 0


def etag(body):
    return '"%08x"' % (zlib.crc32(body) & 0xFFFFFFFF)

# Linux software transmit timestamps (Documentation/networking/timestamping.rst): the kernel stamps the last byte of
# each send when it goes to the (loopback) device, which on loopback is when the peer's socket gets it. They are in
# CLOCK_REALTIME; _MONO_OFFSET converts them to CLOCK_MONOTONIC (the two differ only by clock steps, which the
# driver checks for). The stamp does not move when the sending thread is descheduled inside or after its sendall.
_SO_TIMESTAMPING = getattr(socket, "SO_TIMESTAMPING", 37)
_TS_FLAGS = (1 << 1) | (1 << 4) | (1 << 7) | (1 << 11)  # TX_SOFTWARE | SOFTWARE | OPT_ID | OPT_TSONLY
_SO_EE_ORIGIN_TIMESTAMPING = 4
_MONO_OFFSET = None


def _realtime_minus_monotonic():
    best = None
    for _ in range(9):
        m1 = time.monotonic()
        r = time.clock_gettime(time.CLOCK_REALTIME)
        m2 = time.monotonic()
        if best is None or m2 - m1 < best[0]:
            best = (m2 - m1, r - (m1 + m2) / 2)
    return best[1]


class _SiteHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "StubSite/1.0"
    disable_nagle_algorithm = True  # each response leaves at once, never held back for an ACK

    def log_message(self, *args):  # quiet
        pass

    def setup(self):
        super().setup()
        self.bytes_sent = 0
        try:
            self.connection.setsockopt(socket.SOL_SOCKET, _SO_TIMESTAMPING, _TS_FLAGS)
            self.tx_stamps = True
        except OSError:
            self.tx_stamps = False

    def parse_request(self):
        # the request line has just been read: the request has arrived (headers follow in the same packet)
        self.arrived = time.monotonic()
        return super().parse_request()

    def _wire_time(self, last_byte):
        """Monotonic time at which the kernel sent byte number last_byte of this connection, or None."""
        found = None
        while self.tx_stamps:
            try:
                _, anc, _, _ = self.connection.recvmsg(0, 512, socket.MSG_ERRQUEUE | socket.MSG_DONTWAIT)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            stamp = key = None
            for level, kind, data in anc:
                if level == socket.SOL_SOCKET and kind == _SO_TIMESTAMPING and len(data) >= 16:
                    sec, nsec = struct.unpack("qq", data[:16])
                    stamp = sec + nsec * 1e-9
                elif len(data) >= 16:  # struct sock_extended_err
                    _, origin, _, _, _, _, ee_data = struct.unpack("IBBBBII", data[:16])
                    if origin == _SO_EE_ORIGIN_TIMESTAMPING:
                        key = ee_data
            if stamp is not None and key == last_byte % (1 << 32):
                found = stamp - _MONO_OFFSET
        return found

    def do_GET(self):
        arrived = self.arrived
        srv = self.server
        path = self.path.split("?", 1)[0]
        if path == "/robots.txt":
            status, body, ctype = 200, ROBOTS, "text/plain"
        elif path.startswith("/p/") and path[3:].isdigit():
            if srv.slow_seconds:
                time.sleep(srv.slow_seconds)
            n = int(path[3:])
            version = srv.generation.value if changed(n, srv.generation.value) else 0
            body = (srv.pages.get(n) if version == 0 else None) or page_html(n, srv.host_label, version)
            status, ctype = 200, "text/html; charset=utf-8"
        else:
            status, body, ctype = 404, b"not found", "text/plain"
        caching = ""
        if status == 200 and path.startswith("/p/"):
            # validators, and "ask before every reuse": a revisit is all conditional requests
            tag = etag(body)
            caching = "ETag: %s\r\nLast-Modified: %s\r\nCache-Control: no-cache\r\n" % (tag, LAST_MODIFIED)
            if self.headers.get("If-None-Match") == tag:
                status, body = 304, b""
        length = "" if status == 304 else "Content-Length: %d\r\n" % len(body)
        head = ("HTTP/1.1 %d %s\r\nServer: %s\r\nDate: %s\r\nContent-Type: %s\r\n%s%s%s\r\n"
                % (status, _REASONS[status], self.version_string(), self.date_time_string(), ctype, length, caching,
                   "Connection: close\r\n" if self.close_connection else "")).encode("latin-1")
        data = head + body
        # one sendall of the whole response on the unbuffered socket writer; the timestamp follows at once
        sending = time.monotonic()
        self.wfile.write(data)
        done = time.monotonic()
        self.bytes_sent += len(data)
        wire = self._wire_time(self.bytes_sent - 1)
        srv.record((srv.address, path, status, arrived, done, sending, wire, len(body)))


class _SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def record(self, entry):
        with self.log_lock:
            self.entries.append(entry)
            self.counter[self.slot] += 1


def _site_main(address, port, slow_seconds, page_numbers, log_path, counter, slot, ready, stop_event, parent,
               generation, page_bytes=0):
    """Body of one stub site process: one ThreadingHTTPServer on address:port until stop_event is set (or the
    driver goes away), then the request log is written to log_path as JSON."""
    global _MONO_OFFSET
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the driver, which stops us through stop_event
    _MONO_OFFSET = _realtime_minus_monotonic()
    try:
        srv = _SiteServer((address, port), _SiteHandler)
    except OSError as e:
        ready.send(("error", repr(e)))
        return
    srv.address = address
    srv.host_label = "%s:%d" % (address, port)
    srv.slow_seconds = slow_seconds
    srv.generation = generation
    srv.pages = {n: page_html(n, srv.host_label, 0, page_bytes) for n in page_numbers}  # precomputed: a static site
    srv.log_lock = threading.Lock()
    srv.entries = []
    srv.counter, srv.slot = counter, slot
    t = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    t.start()
    ready.send(("ready", time.monotonic()))
    ready.close()
    while not stop_event.wait(1.0):
        if os.getppid() != parent:  # the driver died without stopping us
            break
    srv.shutdown()
    srv.server_close()
    with srv.log_lock:
        entries = list(srv.entries)
    tmp_path = log_path + ".tmp"
    with open(tmp_path, "w") as f:
        json.dump(entries, f)
    os.replace(tmp_path, log_path)


class Sites:
    """The stub web sites: one child process per address, each with its own ThreadingHTTPServer and its own GIL,
    so a busy host never delays another host's timestamps. Timestamps are time.monotonic(), i.e. Linux
    CLOCK_MONOTONIC, one system-wide clock, so the children's times compare with each other and the driver's;
    start() checks that each child's clock reading lies between the driver's readings before and after."""

    def __init__(self, addresses, port, slow_address, slow_seconds, log_dir, pages_of=None, page_bytes=0):
        for a in addresses:
            if not a.startswith("127."):
                raise ValueError("stub sites bind loopback addresses only, got " + a)
        self.addresses, self.port, self.log_dir = list(addresses), port, log_dir
        self.slow_address, self.slow_seconds = slow_address, slow_seconds
        self.pages_of = pages_of or {}
        self.page_bytes = page_bytes
        ctx = multiprocessing.get_context("fork")
        self.ctx = ctx
        self.counter = ctx.RawArray("l", len(self.addresses))
        self.generation = ctx.RawValue("i", 0)  # which version of the pages the sites serve (see changed())
        self.stop_event = ctx.Event()
        self.procs = []
        self.entries = None

    def start(self):
        parent = os.getpid()
        pending = []
        for i, a in enumerate(self.addresses):
            recv, send = self.ctx.Pipe(duplex=False)
            before = time.monotonic()
            p = self.ctx.Process(
                target=_site_main, name="stub-site-" + a, daemon=True,
                args=(a, self.port, self.slow_seconds if a == self.slow_address else 0.0, self.pages_of.get(a, ()),
                      self._log_path(a), self.counter, i, send, self.stop_event, parent, self.generation,
                      self.page_bytes))
            p.start()
            send.close()
            self.procs.append(p)
            pending.append((a, recv, before))
        for a, recv, before in pending:
            if not recv.poll(60):
                raise RuntimeError("stub site %s did not start" % a)
            kind, value = recv.recv()
            after = time.monotonic()
            recv.close()
            if kind != "ready":
                raise RuntimeError("stub site %s failed: %s" % (a, value))
            if not before <= value <= after:
                raise RuntimeError("stub site %s: its monotonic clock (%.6f) is not the driver's (%.6f..%.6f)"
                                   % (a, value, before, after))
        return self

    def _log_path(self, address):
        return os.path.join(self.log_dir, "requests-%s.json" % address)

    def next_generation(self):
        """From now on, 1 in 10 pages has changed (a new text, so a new ETag)."""
        self.generation.value += 1

    def count(self):
        """Requests answered so far, all hosts (live, from shared memory)."""
        return sum(self.counter[:])

    def collect(self):
        """Stops every site and returns all (host, path, status, arrived, done, sending, wire, body bytes) entries,
        monotonic seconds: the request line was read at arrived, the response's one sendall ran from sending to done,
        and the kernel sent its last byte at wire (None when the kernel gave no transmit timestamp)."""
        if self.entries is not None:
            return self.entries
        self.stop_event.set()
        entries = []
        for a, p in zip(self.addresses, self.procs):
            p.join(30)
            if p.is_alive():
                p.terminate()
                p.join(5)
                raise RuntimeError("stub site %s did not stop; its request log is lost" % a)
            with open(self._log_path(a)) as f:
                entries.extend(tuple(e) for e in json.load(f))
        self.entries = entries
        return entries

    def stop(self):
        self.stop_event.set()
        for p in self.procs:
            p.join(30)
            if p.is_alive():
                p.terminate()
                p.join(5)


class _TavilyHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _json(self, status, obj):
        body = json.dumps(obj).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        arrived = time.monotonic()
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if self.path.split("?", 1)[0] != "/search":
            return self._json(404, {"detail": {"error": "Not found"}})
        try:
            req = json.loads(raw or b"{}")
        except ValueError:
            return self._json(400, {"detail": {"error": "Malformed JSON body."}})
        auth = self.headers.get("Authorization", "")
        if not auth.startswith("Bearer ") and not req.get("api_key"):
            return self._json(401, {"detail": {"error": "Unauthorized: missing or invalid API key."}})
        query = req.get("query", "")
        urls = self.server.answers.get(query, [])
        limit = req.get("max_results", 5)
        results = []
        for i, (url, title) in enumerate(urls[:limit]):
            results.append({"url": url, "title": title, "content": "Snippet for %s." % title,
                            "score": round(0.99 - i * 0.01, 4), "raw_content": None})
        self._json(200, {"query": query, "answer": None, "images": [], "results": results,
                         "follow_up_questions": None, "response_time": 0.01,
                         "request_id": "stub-%d" % len(self.server.search_log)})
        self.server.search_log.append((query, arrived, time.monotonic()))


def free_port(addresses):
    """A TCP port that is free on every given address (tries a few random ones)."""
    for _ in range(50):
        probe = socket.socket()
        probe.bind((addresses[0], 0))
        port = probe.getsockname()[1]
        probe.close()
        if all(_bindable(a, port) for a in addresses):
            return port
    raise RuntimeError("no common free port on " + ", ".join(addresses))


def _bindable(address, port):
    s = socket.socket()
    try:
        s.bind((address, port))
        return True
    except OSError:
        return False
    finally:
        s.close()


def _serve(server):
    t = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    t.start()
    return server


def start_sites(addresses, port, slow_address, slow_seconds, log_dir, pages_of=None, page_bytes=0):
    """Starts one stub site process per address; pages_of maps an address to the page numbers it will serve;
    page_bytes > 0 makes every page about that large."""
    return Sites(addresses, port, slow_address, slow_seconds, log_dir, pages_of, page_bytes).start()


def start_tavily(address, answers):
    srv = ThreadingHTTPServer((address, 0), _TavilyHandler)
    srv.daemon_threads = True
    srv.answers = answers
    srv.search_log = []
    return _serve(srv)


def stop(server):
    server.shutdown()
    server.server_close()
