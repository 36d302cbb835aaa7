"""A plain static host for the tests of publishing dist/ (test_deploy.py, and the Firefox
test in tests/webkit_firefox/test_deploy.py): Python's own ``http.server``
SimpleHTTPRequestHandler serving a copy of dist/ under a sub-path, ``/tapete/``, as GitHub
Pages serves a project site: no header of ours (no CSP, no Cache-Control, no ETag; the
types are Python's ``mimetypes``), not build.py's handler. The handler adds only what a test
needs and sends nothing else: ``offline`` (the connection is dropped unanswered, as
build.DistHandler does) and a log of every path asked for (``log``)."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from pathlib import Path
from typing import NamedTuple

SUB_PATH = "/tapete/"


class PlainHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):  # quiet
        pass

    def parse_request(self):
        if getattr(self.server, "offline", False):
            self.close_connection = True
            return False
        if not super().parse_request():
            return False
        self.server.log.append(self.path.split("?")[0].split("#")[0])
        return True


class PlainServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    offline = False

    def handle_error(self, request, client_address):
        pass   # a browser gone mid-answer (closed tab, cancelled fetch)


class PlainHost(NamedTuple):
    root: Path          # what the server serves: root / "tapete" is the app
    app: Path           # the copy of dist/ under the sub-path
    server: PlainServer
    url: str            # http://127.0.0.1:<port>/tapete/

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def plain_host(dist: Path, root: Path) -> PlainHost:
    """A copy of ``dist`` at ``root/tapete/``, served by SimpleHTTPRequestHandler on a free port."""
    app = root / SUB_PATH.strip("/")
    shutil.copytree(dist, app)
    srv = PlainServer(("127.0.0.1", 0), functools.partial(PlainHandler, directory=str(root)))
    srv.log = []
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return PlainHost(root, app, srv, f"http://127.0.0.1:{srv.server_address[1]}{SUB_PATH}")


def outside(host: PlainHost) -> list[str]:
    """The paths asked of the host that are not under the sub-path."""
    return [p for p in host.server.log if not p.startswith(SUB_PATH)]
