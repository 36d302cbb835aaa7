"""Session fixture: run tests/pyodide/engine_checks.py once in CPython and once under Pyodide.

Pyodide boots once per session (one Node process); the tests assert on parts of the two JSON
results. Without Node or node_modules/pyodide (`npm ci`) the tests are skipped, or fail when
the environment variable TAPETE_REQUIRE_PYODIDE is set (CI sets it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tools.build.pyodide import PyodideUnavailable, check_available, run_in_pyodide

ROOT = Path(__file__).resolve().parents[2]
CHECKS = Path(__file__).resolve().parent / "engine_checks.py"
GOLDEN = ROOT / "tests" / "engine" / "golden_deals.json"

# Compared between CPython and Pyodide only (the golden file's own cases are compared to it too).
EXTRA_CASES = [
    {"game": g, "seed": seed, "label": label, "items": list(range(n))}
    for g, seed, label, n in [
        ("tapete", "demo", "doc", 5),
        ("cuatrola", "tapete", "first-dealer", 4),
        ("cuatrola", "x", "hand/0", 20),
        ("cuarenta", "ñandú ♠", "hand/3", 40),
        ("cuatrola", "s" * 200, "hand/99", 20),
        ("tapete", "one", "empty", 0),
        ("tapete", "one", "single", 1),
    ]
]
EXTRA_HANDS = [{"seed": seed, "hand_no": h, "dealer": d}
               for seed in ("tapete", "x", "año-2026")
               for h, d in ((0, 0), (1, 1), (7, 2), (42, 3))]
RANDOM_PLAY = {"matches": 30, "max_hands": 40}  # default 11-hand matches: ~330 hands


def load_golden():
    if not GOLDEN.is_file():
        return None
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


def build_spec(golden) -> dict:
    cases = [{k: c[k] for k in ("game", "seed", "label", "items")}
             for c in (golden or {}).get("cases", [])]
    hands = [{k: h[k] for k in ("seed", "hand_no", "dealer")}
             for h in (golden or {}).get("cuatrola_hands", [])]
    cuarenta = [{k: h[k] for k in ("seed", "players", "hand_no")}
                for h in (golden or {}).get("cuarenta_hands", [])]
    return {"cases": cases + EXTRA_CASES, "cuatrola_hands": hands + EXTRA_HANDS,
            "random_play": RANDOM_PLAY, "doctests": True, "cuarenta_hands": cuarenta,
            "cuarenta_play": 10}


def _last_json_line(text: str, who: str, proc) -> dict:
    lines = [ln for ln in text.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        pytest.fail(f"{who} run of engine_checks.py failed (exit {proc.returncode}):\n"
                    f"{proc.stderr[-5000:]}\n{proc.stdout[-2000:]}", pytrace=False)
    return json.loads(lines[-1])


@pytest.fixture(scope="session")
def golden():
    return load_golden()


@pytest.fixture(scope="session")
def spec(golden):
    return build_spec(golden)


@pytest.fixture(scope="session")
def cpython_result(spec):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, str(CHECKS), json.dumps(spec)], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=120)
    return _last_json_line(proc.stdout, "CPython", proc)


@pytest.fixture(scope="session")
def pyodide_result(spec):
    try:
        check_available()
    except PyodideUnavailable as e:
        if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
            pytest.fail(str(e), pytrace=False)
        pytest.skip(str(e))
    proc = run_in_pyodide(str(CHECKS), json.dumps(spec), timeout=300)
    return _last_json_line(proc.stdout, "Pyodide", proc)
