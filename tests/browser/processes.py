"""The local servers' processes (turn.py's coturn, relay.py's mosquitto): each runs in a
process group of its own, ended by its pid."""

from __future__ import annotations

import os
import signal
import subprocess

#: How long a server has to end after SIGTERM (then SIGKILL), and after SIGKILL (s).
END_TIMEOUT_S = 5


def end_group(proc: subprocess.Popen | None) -> None:
    """Ends ``proc``'s process group: SIGTERM, then SIGKILL if it is still there."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=END_TIMEOUT_S)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait(timeout=END_TIMEOUT_S)
