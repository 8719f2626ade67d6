"""Loopback stubs for bench/pipeline.sh: stub web sites (one ThreadingHTTPServer per 127.0.1.x address) and a
Tavily stub. They run as threads of the driver process, so every timestamp comes from one time.monotonic() clock.
Python 3 standard library only; nothing here listens on or talks to anything but loopback addresses."""

import json
import random
import socket
import threading
import time
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


def page_html(n, host):
    """A distinct article-like page (5-20 KB): title, byline, several paragraphs, nav and footer boilerplate."""
    rng = random.Random(n * 7919 + 17)
    topic = TOPICS[n % len(TOPICS)]
    title = "%s: notes on %s, %s and %s (article %d)" % (
        topic.capitalize(), rng.choice(WORDS), rng.choice(WORDS), rng.choice(WORDS), n)
    target = rng.randint(5000, 18500)
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


class RequestLog:
    """Thread-safe list of (host, path, status, arrived, done) with monotonic seconds."""

    def __init__(self):
        self.lock = threading.Lock()
        self.entries = []

    def add(self, host, path, status, arrived, done):
        with self.lock:
            self.entries.append((host, path, status, arrived, done))

    def snapshot(self):
        with self.lock:
            return list(self.entries)


class _SiteHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "StubSite/1.0"

    def log_message(self, *args):  # quiet
        pass

    def parse_request(self):
        # the request line has just been read: the request has arrived (headers follow in the same packet)
        self.arrived = time.monotonic()
        return super().parse_request()

    def do_GET(self):
        arrived = self.arrived
        srv = self.server
        path = self.path.split("?", 1)[0]
        if path == "/robots.txt":
            status, body, ctype = 200, ROBOTS, "text/plain"
        elif path.startswith("/p/") and path[3:].isdigit():
            if srv.slow_seconds:
                time.sleep(srv.slow_seconds)
            status, body, ctype = 200, page_html(int(path[3:]), srv.host_label), "text/html; charset=utf-8"
        else:
            status, body, ctype = 404, b"not found", "text/plain"
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        srv.request_log.add(srv.address, path, status, arrived, time.monotonic())


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


def start_sites(addresses, port, slow_address, slow_seconds, request_log):
    servers = []
    for a in addresses:
        if not a.startswith("127."):
            raise ValueError("stub sites bind loopback addresses only, got " + a)
        srv = ThreadingHTTPServer((a, port), _SiteHandler)
        srv.daemon_threads = True
        srv.address = a
        srv.host_label = "%s:%d" % (a, port)
        srv.slow_seconds = slow_seconds if a == slow_address else 0.0
        srv.request_log = request_log
        servers.append(_serve(srv))
    return servers


def start_tavily(address, answers):
    srv = ThreadingHTTPServer((address, 0), _TavilyHandler)
    srv.daemon_threads = True
    srv.answers = answers
    srv.search_log = []
    return _serve(srv)


def stop(servers):
    for s in servers:
        s.shutdown()
        s.server_close()
