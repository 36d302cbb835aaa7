"""The dev server of dist/ (``python3 build.py serve``; the tests serve dist/ with it too):
static files with their types, a Content-Security-Policy and no-cache revalidation (ETag,
304), and two test hooks: ``server.offline = True`` drops every connection unanswered (the
proof of offline use), ``server.log`` (a list) records (path, status, bytes) of each answer.

build.py gives the types and the policy (its ``MIME`` and ``CSP``): its ``DistHandler`` is
this one with them (``StaticHandler.csp``, ``extensions_map``)."""

from __future__ import annotations

import errno
import functools
import http.server
import os
import socketserver
import sys
import threading
from pathlib import Path


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from a directory with the right types, ``csp`` and no-cache revalidation.

    ``server.offline = True`` makes it drop every connection unanswered (the tests'
    way to prove offline use); ``server.log`` (a list) records (path, status, bytes).
    """

    #: The Content-Security-Policy header of every answer (build.py's ``CSP``).
    csp = ""
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # quiet unless asked
        if getattr(self.server, "verbose", False):
            super().log_message(fmt, *args)

    def parse_request(self):
        # checked once the request line has arrived, so an idle keep-alive connection
        # opened before going offline gets no answer either
        if getattr(self.server, "offline", False):
            self.close_connection = True
            return False
        return super().parse_request()

    def end_headers(self):
        if self.csp:
            self.send_header("Content-Security-Policy", self.csp)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", getattr(self.server, "cache_control", "no-cache"))
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            try:
                st = os.stat(path)
                etag = f'"{st.st_size:x}-{st.st_mtime_ns:x}"'
                if self.not_modified(etag):
                    return None
                self._etag = etag
            except OSError:
                pass
        return super().send_head()

    def not_modified(self, etag: str) -> bool:
        """Answers 304 (and returns True) when the browser's copy carries ``etag``."""
        if self.headers.get("If-None-Match") != etag:
            return False
        self.send_response(304)
        self.send_header("ETag", etag)
        self.send_header("Content-Length", "0")
        self.end_headers()
        self._record(304, 0)
        return True

    def send_header(self, keyword, value):
        if keyword == "Last-Modified" and getattr(self, "_etag", None):
            super().send_header("ETag", self._etag)
            self._etag = None
        super().send_header(keyword, value)

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self._record(200, len(data))

    def _record(self, status, nbytes):
        log = getattr(self.server, "log", None)
        if log is not None:
            log.append((self.path.split("?")[0].split("#")[0], status, nbytes))


class DistServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    offline = False
    verbose = False
    log = None

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # the browser went away mid-answer (closed tab, cancelled fetch)
        super().handle_error(request, client_address)


def make_server(directory: Path, handler: type[StaticHandler], host: str = "127.0.0.1", port: int = 0,
                **attrs) -> DistServer:
    """A server of ``directory`` with ``handler`` (not started); ``attrs`` set on it."""
    server = DistServer((host, port), functools.partial(handler, directory=str(directory)))
    for k, v in attrs.items():
        setattr(server, k, v)
    return server


def serve_in_thread(server: DistServer) -> DistServer:
    """``server`` answering in a thread of its own (a daemon: it ends with the process)."""
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def port_error(host: str, port: int, error: Exception) -> str:
    """One line for a port that cannot be served on, naming the option that picks another."""
    if isinstance(error, OverflowError):
        why = "a port is a number from 0 to 65535"
    elif getattr(error, "errno", None) == errno.EADDRINUSE:
        why = "the port is in use (is the app already being served?)"
    else:
        why = error.strerror or str(error)
    return (f"build.py: cannot serve on {host}:{port}: {why}; choose another port with "
            f"--port, e.g. python3 build.py serve --port {port + 1 if 0 < port < 65535 else 8001}")
