"""A local STUN and TURN server for the play-together tests: coturn (Debian's package
``coturn``, installed by .ci/browser-setup.sh) on 127.0.0.1, on a free port (each xdist
worker, each run on a shared machine, starts its own), with one long-term credential.

``Coturn`` is plain Python (tools/bench/together.py uses it too); the fixtures:

- ``coturn``: a server that relays to loopback peers (``--allow-loopback-peers``): the
  relay-only tests play through it;
- ``coturn_blocked``: the same, except that it refuses to relay to any peer here (coturn's
  default for loopback): every candidate pair through it fails, as between two networks that
  block direct connections and a relay that will not help.

Without ``turnserver`` the tests that need it are skipped, unless TAPETE_REQUIRE_BROWSER=1
(CI): then they fail. docs/play-together.md ("Tests").
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import struct
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from .processes import end_group

TURNSERVER = shutil.which("turnserver") or "/usr/bin/turnserver"
HOST = "127.0.0.1"
REALM = "tapete.test"
USER = "tapete"
#: STUN (RFC 5389): a Binding request, the magic cookie, a success response.
BINDING_REQUEST, BINDING_SUCCESS, MAGIC_COOKIE = 0x0001, 0x0101, 0x2112A442


def free_port() -> int:
    """A port free on 127.0.0.1 for both UDP and TCP just now (coturn listens on both)."""
    for _ in range(50):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as u:
            u.bind((HOST, 0))
            port = u.getsockname()[1]
            with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as t:
                try:
                    t.bind((HOST, port))
                except OSError:
                    continue
            return port
    raise RuntimeError("no free port on 127.0.0.1")


def stun_binding(port: int, timeout: float = 0.5) -> tuple[str, int] | None:
    """Asks the STUN server on ``port`` for this socket's address: (ip, port), or None."""
    tid = secrets.token_bytes(12)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.settimeout(timeout)
        s.sendto(struct.pack("!HHI", BINDING_REQUEST, 0, MAGIC_COOKIE) + tid, (HOST, port))
        try:
            data, _ = s.recvfrom(2048)
        except OSError:
            return None
    kind, length, cookie = struct.unpack("!HHI", data[:8])
    if kind != BINDING_SUCCESS or cookie != MAGIC_COOKIE or data[8:20] != tid:
        return None
    at = 20
    while at + 4 <= 20 + length:
        attr, size = struct.unpack("!HH", data[at:at + 4])
        value = data[at + 4:at + 4 + size]
        if attr == 0x0020 and value[1] == 1:          # XOR-MAPPED-ADDRESS, IPv4
            xport = struct.unpack("!H", value[2:4])[0] ^ (MAGIC_COOKIE >> 16)
            xaddr = struct.unpack("!I", value[4:8])[0] ^ MAGIC_COOKIE
            return socket.inet_ntoa(struct.pack("!I", xaddr)), xport
        at += 4 + (size + 3) // 4 * 4
    return None


class Coturn:
    """``turnserver`` on 127.0.0.1:``port`` (UDP and TCP), relaying from 127.0.0.1.
    ``loopback_peers``: whether it relays to peers on loopback (every peer here)."""

    def __init__(self, loopback_peers: bool = True):
        self.loopback_peers = loopback_peers
        self.dir = Path(tempfile.mkdtemp(prefix="tapete-coturn-"))
        self.credential = secrets.token_hex(8)
        self.port = 0
        self.proc: subprocess.Popen | None = None

    @property
    def stun_url(self) -> str:
        return f"stun:{HOST}:{self.port}"

    @property
    def turn_url(self) -> str:
        return f"turn:{HOST}:{self.port}"

    def turn(self, **extra) -> dict:
        """The TURN server as the app's settings hold it (settings.ice.turn)."""
        return {"url": self.turn_url, "username": USER, "credential": self.credential, **extra}

    def ice_server(self) -> dict:
        """The TURN server as an RTCIceServer."""
        return {"urls": self.turn_url, "username": USER, "credential": self.credential}

    @property
    def log(self) -> str:
        path = self.dir / "turn.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def start(self, tries: int = 5) -> Coturn:
        if not Path(TURNSERVER).exists():
            raise FileNotFoundError(f"{TURNSERVER} is missing: apt-get install coturn (.ci/browser-setup.sh)")
        for _ in range(tries):
            self.port = free_port()
            args = [TURNSERVER, "-n", f"--listening-ip={HOST}", f"--listening-port={self.port}",
                    f"--relay-ip={HOST}", "--lt-cred-mech", f"--user={USER}:{self.credential}",
                    f"--realm={REALM}", "--fingerprint", "--no-tls", "--no-dtls", "--no-cli",
                    "--no-software-attribute", f"--userdb={self.dir / 'turndb'}",
                    f"--pidfile={self.dir / 'turn.pid'}", f"--log-file={self.dir / 'turn.log'}",
                    "--simple-log", "--no-stdout-log", "--verbose"]
            if self.loopback_peers:
                args.append("--allow-loopback-peers")
            self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                         start_new_session=True)
            end = time.monotonic() + 10
            while time.monotonic() < end and self.proc.poll() is None:
                if stun_binding(self.port):
                    return self
                time.sleep(0.1)
            self.stop()          # the port was taken meanwhile, or it did not start: another
        raise RuntimeError(f"coturn did not answer STUN on 127.0.0.1:{self.port}:\n{self.log[-2000:]}")

    def stop(self) -> None:
        """Ends the server this object started (its own process group, by pid)."""
        proc, self.proc = self.proc, None
        end_group(proc)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def allocations(self) -> int:
        """TURN allocations made so far (coturn's log)."""
        return self.log.count("ALLOCATE processed, success")


def _server(loopback_peers: bool):
    if not Path(TURNSERVER).exists():
        if os.environ.get("TAPETE_REQUIRE_BROWSER") == "1":
            raise FileNotFoundError(f"{TURNSERVER} is missing: run .ci/browser-setup.sh (apt-get install coturn)")
        pytest.skip("coturn is not installed (.ci/browser-setup.sh installs it)")
    server = Coturn(loopback_peers).start()
    yield server
    server.close()


@pytest.fixture(scope="session")
def coturn():
    """A STUN and TURN server on 127.0.0.1 that relays between the phones on this machine."""
    yield from _server(True)


@pytest.fixture(scope="session")
def coturn_blocked():
    """A STUN and TURN server on 127.0.0.1 that relays to no peer here: every path fails."""
    yield from _server(False)
