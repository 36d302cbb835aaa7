"""How the suite runs: in parallel (pytest-xdist), the slow tests first, a fast tier.

``bash tools/test.sh`` runs ``pytest -n auto --dist loadgroup``; ``-n auto`` asks
:func:`pytest_xdist_auto_num_workers` below for the worker count. The browser tests mostly
wait (for Chromium, for Pyodide in a page), so a 2-core machine runs more workers than it
has cores: ``WORKERS_PER_CORE`` was chosen by timing the whole suite with 2, 3, 4 and 5
workers on the 2-core machine (docs/testing.md). ``TAPETE_WORKERS`` (or xdist's own
``PYTEST_XDIST_AUTO_NUM_WORKERS``) sets the count by hand.

Tests that share an expensive set-up carry ``@pytest.mark.xdist_group(name)`` so that one
worker runs them all and builds the set-up once (a Pyodide boot, the wheel's venv).

``-m "not slow"`` (``tools/test.sh --quick``) leaves out the tests marked ``slow``: CI and
``tools/test.sh`` without ``--quick`` run everything.
"""

from __future__ import annotations

import json
import os

import pytest

#: xdist workers per core for ``-n auto`` (measured: docs/testing.md).
WORKERS_PER_CORE = 2
#: ``-n auto`` when only CPU-bound tests were asked for (no browser, Pyodide or package test).
CPU_BOUND_WORKERS_PER_CORE = 1

#: Directories whose tests mostly wait on other processes (a browser, Node, pip in a venv).
WAITING = ("browser", "webkit_firefox", "pyodide", "package", "build")
#: Run first (in this order), so that the long tests do not start last: each entry is a
#: part of a test's node id (the WebKit and Firefox smoke tests are the longest of all).
FIRST = ("tests/webkit_firefox/", "tests/browser/test_lessons.py::test_a_first_lesson_of_each_game",
         "tests/engine/test_api_hardening.py::test_fuzz_the_facade", "tests/browser/", "tests/pyodide/", "tests/package/", "tests/build/")


@pytest.fixture(scope="session")
def dist(tmp_path_factory):
    """dist/ built once per run, for every browser (tests/once.py)."""
    from tests.once import build_dist
    return build_dist(tmp_path_factory)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _asks_only_cpu_bound(config) -> bool:
    args = [a for a in config.args if not a.startswith("-")] or list(config.getini("testpaths"))
    return not any(w in a for a in args for w in WAITING) and not any(
        a.rstrip("/") in ("tests", ".", "") for a in args)


def pytest_xdist_auto_num_workers(config):
    for var in ("TAPETE_WORKERS", "PYTEST_XDIST_AUTO_NUM_WORKERS"):
        if os.environ.get(var, "").isdigit():
            return int(os.environ[var])
    per_core = CPU_BOUND_WORKERS_PER_CORE if _asks_only_cpu_bound(config) else WORKERS_PER_CORE
    return max(1, _cores() * per_core)


def pytest_collection_modifyitems(config, items):
    """The waiting tests first (browser, Pyodide, the wheel), then the rest in their order: a
    stable sort, the same in every xdist worker (xdist requires one collection order)."""
    def rank(item):
        path = item.nodeid
        for i, part in enumerate(FIRST):
            if path.startswith(part):
                return i
        return len(FIRST)
    items.sort(key=rank)


#: The first tries of the tests rerun in this run (pytest-rerunfailures prints only their
#: names): (test, phase, the error's last lines, the browser reports), printed at the end.
RERUN_TRIES: list[tuple[str, str, str, list[tuple[str, str]]]] = []
#: How much of a rerun test's first error the summary prints (its last characters).
RERUN_ERROR_CHARS = 3000


def pytest_runtest_logreport(report):
    """Keeps a rerun test's first error for the summary (in the xdist controller: the copy of
    a worker's report has ``.node``; without xdist, the one process), and writes the timeline
    below."""
    if report.outcome == "rerun" and (hasattr(report, "node")
                                      or os.environ.get("PYTEST_XDIST_WORKER") is None):
        RERUN_TRIES.append((report.nodeid, report.when, report.longreprtext[-RERUN_ERROR_CHARS:],
                            [s for s in report.sections if s[0].startswith("browser")]))
    _timeline(report)


@pytest.hookimpl(trylast=True)
def pytest_terminal_summary(terminalreporter):
    """A rerun is a flake to look into (docs/testing.md): its first try's error and its browser
    reports are printed, not only its name (``-rR``); the run's last line before pytest's own
    says how many tests ran again, always (``reruns: 0`` too)."""
    if RERUN_TRIES:
        _print_reruns(terminalreporter)
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        names = sorted({nodeid for nodeid, *_ in RERUN_TRIES})
        terminalreporter.write_line(f"reruns: {len(names)}" + (f" ({', '.join(names)})" if names else ""),
                                    bold=True, red=bool(names), green=not names)


def _print_reruns(terminalreporter):
    terminalreporter.section("first tries of the tests run again")
    for nodeid, when, error, sections in RERUN_TRIES:
        terminalreporter.write_line(f"--- {nodeid} ({when})")
        terminalreporter.write_line(error)
        for title, text in sections:
            terminalreporter.write_line(f"--- {title}")
            terminalreporter.write_line(text)


def _timeline(report):
    """``TAPETE_TIMELINE=FILE``: one JSON line per test phase (worker, test, phase, start and
    stop, wall clock) appended to FILE, to see where a parallel run waits
    (docs/testing.md, "Where the time goes")."""
    path = os.environ.get("TAPETE_TIMELINE")
    if path and not hasattr(report, "node"):   # (the xdist controller's copy of a worker's report has .node)
        line = {"worker": os.environ.get("PYTEST_XDIST_WORKER", "main"), "test": report.nodeid,
                "phase": report.when, "start": report.start, "stop": report.stop,
                "outcome": report.outcome}
        with open(path, "a", encoding="utf-8") as f:
            f.write(json.dumps(line) + "\n")
