"""Every api op under the trimmed standard library (issue 31: build.py ships only what the
app's Python imports; docs/app.md, "What dist/ holds").

One run of ``tools/build/stdlib.mjs trace`` (build.py ``stdlib_trace``) with the archive the
build ships: Pyodide in Node boots as the app's worker does, imports the engine from the
app's engine.zip, makes a memory snapshot, answers every op of both games and of the review,
then restores the snapshot in a second Pyodide and answers them all again. Its answers are
compared with the engine's under CPython, request by request.
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile

import pytest

import build
from tools.build.pyodide import PyodideUnavailable, check_available

# one worker runs them all: their module fixture (a Pyodide trace, a build) is made once
pytestmark = pytest.mark.xdist_group("pyodide-stdlib")


@pytest.fixture(scope="module")
def trace():
    try:
        check_available()
    except PyodideUnavailable as e:
        if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
            pytest.fail(str(e), pytrace=False)
        pytest.skip(str(e))
    return build.stdlib_trace(build.engine_archive(), build.stdlib_archive())


def requests(trace) -> list[tuple[str, dict]]:
    """(label, request) of every call whose request is a JSON object (not the bad input)."""
    out = []
    for label, req, _sha in trace["calls"]:
        try:
            r = json.loads(req)
        except (TypeError, ValueError):
            continue
        if isinstance(r, dict):
            out.append((label, r))
    return out


def test_every_op_of_both_games_and_the_review_ran_after_a_boot_and_after_a_restore(trace):
    from engine import api
    from engine.bots import levels
    for tag in ("boot", "restored"):
        mine = [(label, r) for label, r in requests(trace) if label.startswith(tag + " ")]
        assert {r["op"] for _l, r in mine} >= set(api.OPS)
        for game, players in (("cuatrola", None), ("cuarenta", 2), ("cuarenta", 4)):
            g = f"{game}{players or ''}"
            ops = {r["op"] for label, r in mine if label.startswith(f"{tag} {g} ")}
            assert ops == set(api.OPS) - {"games"}, g   # (games: once, for both)
            played = {r["level"] for label, r in mine
                      if label.startswith(f"{tag} {g} ") and r["op"] == "bot"}
            assert played == set(levels(game)), g
            kinds = {label.split(" analyse ")[1] for label, r in mine if r["op"] == "analyse"
                     and "action" in r and label.startswith(f"{tag} {g} ")}
            assert {k.split()[0] for k in kinds} >= ({"bid", "card"} if game == "cuatrola"
                                                     else {"lay", "capture"}), g
    assert len(trace["calls"]) >= 300


def test_no_module_was_missing(trace):
    with zipfile.ZipFile(build.PYODIDE_DIR / build.STDLIB_NAME) as z:
        in_pyodide = set(z.namelist())
    for name in trace["failed"]:   # e.g. hashlib's _hashlib, which Pyodide's core lacks
        path = name.replace(".", "/")
        assert f"{path}.py" not in in_pyodide and f"{path}/__init__.py" not in in_pyodide, name


def test_the_app_imports_exactly_the_listed_modules(trace):
    # a module the trace finds no more, or finds anew, means the list is out of date:
    # `python3 build.py trace` writes it again
    listed = json.loads(build.STDLIB_LIST.read_text())
    assert trace["modules"] == listed["modules"]
    assert set(trace["builtin"]) == set(listed["builtin"])
    assert trace["unreached"] == listed["unreached"]
    assert trace["pyodide"] == listed["pyodide"] == build.PYODIDE_VERSION


def test_every_answer_is_cpythons(trace):
    from engine import api
    differ = []
    for label, req, sha in trace["calls"]:
        out = api.handle_json(42 if req is None else req)
        if hashlib.sha256(out.encode()).hexdigest() != sha:
            differ.append(label)
    assert differ == []


def test_a_restored_engine_answers_as_a_booted_one(trace):
    boot = [(label[5:], req, sha) for label, req, sha in trace["calls"] if label.startswith("boot ")]
    restored = [(label[9:], req, sha) for label, req, sha in trace["calls"]
                if label.startswith("restored ")]
    assert boot == restored and boot
