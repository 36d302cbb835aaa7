"""``build.py serve`` on a port it cannot have: one line naming ``--port``, no traceback, no build.

The port is taken before the build (which takes seconds), so the failure is immediate and
dist/ is left as it was.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import build

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 60


def serve(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "build.py"), "serve", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=TIMEOUT)


def assert_port_message(proc, port: int, why: str) -> None:
    assert proc.returncode == build.EXIT_PORT != 0
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr  # one line, no traceback
    assert lines[0].startswith(f"build.py: cannot serve on localhost:{port}: {why}")
    assert "--port" in lines[0]
    assert proc.stdout == ""  # nothing was built: the port is checked first


def test_busy_port_is_one_line_naming_port_before_any_build():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        proc = serve("--port", str(port))
    assert_port_message(proc, port, "the port is in use")
    assert f"--port {port + 1}" in proc.stderr


def test_port_out_of_range_is_one_line_naming_port():
    port = 70000
    assert_port_message(serve("--port", str(port)), port, "a port is a number from 0 to 65535")
