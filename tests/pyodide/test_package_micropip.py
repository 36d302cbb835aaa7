"""The engine's wheel installed with micropip in Pyodide, as in a JupyterLite or Pyodide notebook.

tests/pyodide/micropip_run.mjs boots the pinned Pyodide in Node with nothing of the repository
in it, loads micropip (PyPI's wheel, cached in .cache/wheels/ by tools/test.sh, with Pyodide's
lock entry rewritten for that file), runs ``await micropip.install("file://.../tapete-*.whl")``
and then tests/pyodide/package_hand.py, which plays the first hand of seeded Cuatrola matches
with fixed moves. The same script run by CPython on the source tree must give the same hands.
Skipped without Node or node_modules/pyodide, or when micropip cannot be downloaded, unless
TAPETE_REQUIRE_PYODIDE is set (tools/test.sh, CI): then it fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tools.build import wheels
from tools.build.pyodide import PyodideUnavailable, check_available

# the module's one Pyodide run and its wheel, on one xdist worker
pytestmark = pytest.mark.xdist_group("pyodide-micropip")

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
RUNNER = HERE / "micropip_run.mjs"
SCRIPT = HERE / "package_hand.py"
SEEDS = ["friday", "tapete", "ñandú ♠"]
TIMEOUT = 300


def unavailable(reason: str):
    if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
        pytest.fail(reason, pytrace=False)
    pytest.skip(reason)


def last_json_line(proc, who: str) -> dict:
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        pytest.fail(f"{who} run of {SCRIPT.name} failed (exit {proc.returncode}):\n"
                    f"{proc.stderr[-5000:]}\n{proc.stdout[-2000:]}", pytrace=False)
    return json.loads(lines[-1])


@pytest.fixture(scope="module")
def pyodide_run(tmp_path_factory) -> dict:
    try:
        node = check_available()
    except PyodideUnavailable as e:
        unavailable(str(e))
    tmp = tmp_path_factory.mktemp("micropip")
    try:
        packages = wheels.micropip_packages(tmp / "packages").parent
    except wheels.WheelError as e:
        unavailable(str(e))
    wheel = wheels.build_wheel(tmp / "wheel")
    proc = subprocess.run([node, str(RUNNER), str(packages), str(wheel), str(SCRIPT), *SEEDS],
                          cwd=tmp, capture_output=True, text=True, encoding="utf-8",
                          timeout=TIMEOUT)
    return last_json_line(proc, "Pyodide")


@pytest.fixture(scope="module")
def cpython_run(tmp_path_factory) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, str(SCRIPT), *SEEDS], cwd=ROOT, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=TIMEOUT)
    return last_json_line(proc, "CPython")


def test_engine_is_the_wheel_micropip_installed(pyodide_run):
    with open(ROOT / "pyproject.toml", "rb") as f:
        version = tomllib.load(f)["project"]["version"]
    p = pyodide_run["provenance"]
    assert p["platform"] == "emscripten" and p["python"].startswith("3.14.")
    assert p["installer"] == "micropip"
    assert p["dist_version"] == p["engine_version"] == version
    assert "/site-packages/engine/" in p["engine_file"], p["engine_file"]


def test_first_hands_match_cpython(pyodide_run, cpython_run):
    assert cpython_run["provenance"]["platform"] != "emscripten"
    got, want = pyodide_run["hands"], cpython_run["hands"]
    assert list(got) == list(want) == SEEDS
    for seed in SEEDS:
        assert got[seed] == want[seed], seed
        hand = got[seed]
        assert hand["next_hand"] == 1 and hand["record"]["hand_no"] == 0, seed
        assert len(hand["record"]["tricks"]) >= 1, seed
