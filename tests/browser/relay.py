"""A local relay for the tables online (issue 40): Debian's mosquitto (``mosquitto``, installed
by .ci/browser-setup.sh) on 127.0.0.1, on free ports, each xdist worker its own: a WebSockets
listener over TLS (``wss://127.0.0.1:<port>/mqtt``, what the app's CSP allows, ``wss:``) with a
self-signed certificate made here (the phones get ``IGNORE_CERTS``), and a plain MQTT listener
for the test itself: ``capture()`` subscribes to ``#`` (mosquitto_sub) and records every message
the broker carries, ``stop()`` ends it mid-test (SIGTERM, by pid), ``start()`` again.

``Mosquitto`` is plain Python (tools/bench/together.py uses it too). Without ``mosquitto`` the
tests that need it are skipped, unless TAPETE_REQUIRE_BROWSER=1 (CI): then they fail.
docs/play-together.md ("Tests").
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from .processes import end_group
from .turn import HOST

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
MOSQUITTO_SUB = shutil.which("mosquitto_sub") or "/usr/bin/mosquitto_sub"
MOSQUITTO_PUB = shutil.which("mosquitto_pub") or "/usr/bin/mosquitto_pub"
PROBE = "tapete-test/probe"
#: Chromium's flag for the broker's self-signed certificate (only the test phones get it; the
#: app's CSP is the production one).
IGNORE_CERTS = "--ignore-certificate-errors"
START_S = 10


def free_tcp_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def _answers(port: int) -> bool:
    try:
        with socket.create_connection((HOST, port), timeout=0.3):
            return True
    except OSError:
        return False


class Mosquitto:
    """mosquitto on 127.0.0.1: ``url`` (wss, for the phones) and ``mqtt_port`` (plain, tests)."""

    def __init__(self):
        self.dir = Path(tempfile.mkdtemp(prefix="tapete-mosquitto-"))
        self.wss_port = 0
        self.mqtt_port = 0
        self.proc: subprocess.Popen | None = None
        self.sub: subprocess.Popen | None = None
        cert, key = self.dir / "cert.pem", self.dir / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", f"/CN={HOST}",
                        "-addext", f"subjectAltName=IP:{HOST}", "-keyout", str(key), "-out", str(cert)],
                       check=True, capture_output=True)

    @property
    def url(self) -> str:
        return f"wss://{HOST}:{self.wss_port}/mqtt"

    @property
    def log(self) -> str:
        path = self.dir / "mosquitto.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def start(self, tries: int = 5) -> Mosquitto:
        if not Path(MOSQUITTO).exists():
            raise FileNotFoundError(f"{MOSQUITTO} is missing: apt-get install mosquitto (.ci/browser-setup.sh)")
        for _ in range(tries):
            if not self.wss_port:
                self.wss_port, self.mqtt_port = free_tcp_port(), free_tcp_port()
            conf = self.dir / "mosquitto.conf"
            conf.write_text(
                f"per_listener_settings false\nallow_anonymous true\npersistence false\n"
                # (as root it would change to the user "mosquitto", who cannot read this folder)
                + ("user root\n" if os.geteuid() == 0 else "") +
                f"log_dest file {self.dir / 'mosquitto.log'}\nlog_type all\nconnection_messages true\n"
                f"listener {self.mqtt_port} {HOST}\nprotocol mqtt\n"
                f"listener {self.wss_port} {HOST}\nprotocol websockets\n"
                f"certfile {self.dir / 'cert.pem'}\nkeyfile {self.dir / 'key.pem'}\n")
            self.proc = subprocess.Popen([MOSQUITTO, "-c", str(conf)], stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, start_new_session=True)
            end = time.monotonic() + START_S
            while time.monotonic() < end and self.proc.poll() is None:
                if _answers(self.mqtt_port) and _answers(self.wss_port):
                    return self
                time.sleep(0.05)
            self.stop()
            self.wss_port = 0         # a port taken meanwhile: others
        raise RuntimeError(f"mosquitto did not start:\n{self.log[-2000:]}")

    def capture(self) -> None:
        """Records every message from now on (topic, length, payload in hex): ``captured()``."""
        out = open(self.dir / "captured.txt", "w")   # noqa: SIM115 - closed with the process
        self.sub = subprocess.Popen([MOSQUITTO_SUB, "-h", HOST, "-p", str(self.mqtt_port), "-t", "#", "-F", "%t %l %x"],
                                    stdout=out, stderr=subprocess.DEVNULL, start_new_session=True)
        end = time.monotonic() + START_S
        while time.monotonic() < end:          # subscribed once a probe comes back
            subprocess.run([MOSQUITTO_PUB, "-h", HOST, "-p", str(self.mqtt_port), "-t", PROBE, "-m", "x"], check=False)
            if any(topic == PROBE for topic, _, _ in self.captured()):
                return
            time.sleep(0.1)
        raise RuntimeError("mosquitto_sub did not subscribe")

    def captured(self) -> list[tuple[str, int, bytes]]:
        path = self.dir / "captured.txt"
        rows = []
        for line in (path.read_text().splitlines() if path.exists() else []):
            parts = line.split(" ")
            if len(parts) == 3:
                rows.append((parts[0], int(parts[1]), bytes.fromhex(parts[2])))
        return rows

    def publish(self, rows) -> None:
        """Publishes ``rows`` (``captured()``'s) again, as they were: a replay."""
        for i, (topic, _, payload) in enumerate(rows):
            path = self.dir / f"replay-{i}.bin"
            path.write_bytes(payload)
            subprocess.run([MOSQUITTO_PUB, "-h", HOST, "-p", str(self.mqtt_port), "-t", topic, "-f", str(path)], check=True)

    def flood(self, topic: str, n: int, big: int = 0) -> None:
        """``n`` messages of junk on ``topic`` as fast as mosquitto_pub sends them (one line
        each), and one of ``big`` bytes."""
        lines = "".join(f"junk {i} {'x' * (i % 200)}\n" for i in range(n))
        subprocess.run([MOSQUITTO_PUB, "-h", HOST, "-p", str(self.mqtt_port), "-t", topic, "-l"], input=lines.encode(), check=True)
        if big:
            path = self.dir / "big.bin"
            path.write_bytes(b"\x01" * big)
            subprocess.run([MOSQUITTO_PUB, "-h", HOST, "-p", str(self.mqtt_port), "-t", topic, "-f", str(path)], check=True)

    def stop(self) -> None:
        """Ends the broker this object started (its own process group, by pid)."""
        proc, self.proc = self.proc, None
        end_group(proc)

    def close(self) -> None:
        sub, self.sub = self.sub, None
        end_group(sub)
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture
def mosquitto():
    """A relay (mosquitto, wss over TLS) on 127.0.0.1 for one test: it may be stopped."""
    if not Path(MOSQUITTO).exists():
        if os.environ.get("TAPETE_REQUIRE_BROWSER") == "1":
            raise FileNotFoundError(f"{MOSQUITTO} is missing: run .ci/browser-setup.sh (apt-get install mosquitto)")
        pytest.skip("mosquitto is not installed (.ci/browser-setup.sh installs it)")
    server = Mosquitto().start()
    yield server
    server.close()
