"""What a test run makes once, whichever xdist worker needs it first (the others wait on a
file lock in the run's shared temporary directory, then use it): dist/ (``build_dist``, the
session fixture ``dist`` of tests/conftest.py), the prepared browser profile
(tests/browser/conftest.py)."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from pathlib import Path


def run_dir(tmp_path_factory) -> Path | None:
    """A directory shared by every xdist worker of this run (None without xdist)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return None
    return tmp_path_factory.getbasetemp().parent


@contextlib.contextmanager
def locked(path: Path):
    with open(path, "a+") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def build_dist(tmp_path_factory) -> dict:
    """dist/ built once per run: by the first xdist worker that needs it (the others wait on
    a lock and read its build info); never two builds at once. No test writes into it: a
    test that needs another build builds into a directory of its own."""
    import build   # (the repository's build.py)
    shared = run_dir(tmp_path_factory)
    if shared is None:
        return build.build(quiet=True)
    with locked(shared / "dist.lock"):
        done = shared / "dist.json"
        if done.is_file():
            return json.loads(done.read_text())
        info = build.build(quiet=True)
        done.write_text(json.dumps(info))
        return info
