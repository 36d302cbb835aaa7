"""The engine under Pyodide (Node) behaves exactly as under CPython.

One Pyodide boot per session (see conftest.py): deals, random play and doctests are computed
by tests/pyodide/engine_checks.py in both interpreters, then compared here.
"""

from __future__ import annotations

import pytest

# one Pyodide boot (conftest's session fixtures) for every test here
pytestmark = pytest.mark.xdist_group("pyodide-engine")


def section(result: dict, key: str):
    value = result.get(key)
    if isinstance(value, dict) and set(value) == {"error"}:
        pytest.fail(f"[{result['python']} on {result['platform']}] {key} raised:\n"
                    f"{value['error']}", pytrace=False)
    return value


def test_really_pyodide(pyodide_result, cpython_result):
    assert pyodide_result["platform"] == "emscripten"
    assert pyodide_result["python"].startswith("3.14.")
    assert cpython_result["platform"] != "emscripten"


def test_shuffle_version(pyodide_result, cpython_result, golden):
    v = section(pyodide_result, "shuffle_version")
    assert v == section(cpython_result, "shuffle_version")
    if golden is not None:
        assert v == golden["shuffle_version"]


def test_shuffle_vectors_match_cpython(pyodide_result, cpython_result, spec):
    got = section(pyodide_result, "cases")
    want = section(cpython_result, "cases")
    assert len(got) == len(spec["cases"])
    for case, g, w in zip(spec["cases"], got, want):
        assert g == w, case


def test_shuffle_vectors_match_golden_file(pyodide_result, golden):
    if golden is None:
        pytest.skip("tests/engine/golden_deals.json not written yet")
    got = section(pyodide_result, "cases")
    assert golden["cases"], "the golden file has no shuffle cases"
    assert len(got) >= len(golden["cases"])
    for case, g in zip(golden["cases"], got):
        assert g == case["expected"], (case["game"], case["seed"], case["label"])


def test_cuatrola_hands_match_cpython(pyodide_result, cpython_result, spec):
    got = section(pyodide_result, "cuatrola_hands")
    want = section(cpython_result, "cuatrola_hands")
    assert len(got) == len(spec["cuatrola_hands"])
    for h, g, w in zip(spec["cuatrola_hands"], got, want):
        assert g == w, h
        assert len(g["hands"]) == 4 and len({c for hand in g["hands"] for c in hand}) == 20, h


def test_cuatrola_hands_match_golden_file(pyodide_result, golden):
    if golden is None:
        pytest.skip("tests/engine/golden_deals.json not written yet")
    got = section(pyodide_result, "cuatrola_hands")
    assert golden["cuatrola_hands"], "the golden file has no Cuatrola hands"
    assert len(got) >= len(golden["cuatrola_hands"])
    for h, g in zip(golden["cuatrola_hands"], got):
        where = (h["seed"], h["hand_no"], h["dealer"])
        assert g["trump"] == h["trump"], where
        # A hand is a set of cards: compare each seat's cards regardless of listed order.
        assert [sorted(x) for x in g["hands"]] == [sorted(x) for x in h["hands"]], where


def test_random_play_same_as_cpython(pyodide_result, cpython_result, spec):
    got = section(pyodide_result, "random_play")
    want = section(cpython_result, "random_play")
    assert len(got) == len(want) == spec["random_play"]["matches"]
    hands = sum(len(m["history"]) for m in got)
    assert hands >= 200, f"only {hands} hands played"
    for g, w in zip(got, want):
        assert (g["seed"], g["score"], g["winner"], g["terminal"]) == \
            (w["seed"], w["score"], w["winner"], w["terminal"])
        assert len(g["history"]) == len(w["history"]), g["seed"]
        for i, (hg, hw) in enumerate(zip(g["history"], w["history"])):
            assert hg == hw, f"{g['seed']}: hand {i} differs"


def test_doctests_pass_in_pyodide(pyodide_result, cpython_result):
    got = section(pyodide_result, "doctests")
    want = section(cpython_result, "doctests")
    assert not got["import_errors"], "\n".join(f"{k}:\n{v}" for k, v in got["import_errors"].items())
    failed = {m: r["report"] for m, r in got["modules"].items() if r["failed"]}
    assert not failed, "\n".join(f"--- {m}\n{rep}" for m, rep in failed.items())
    # Same modules and the same examples as in CPython, and some examples at all.
    assert sorted(got["modules"]) == sorted(want["modules"])
    assert {m: r["attempted"] for m, r in got["modules"].items()} == \
        {m: r["attempted"] for m, r in want["modules"].items()}
    assert sum(r["attempted"] for r in got["modules"].values()) > 0
    assert got["games_without_module"] == want["games_without_module"]


def test_cuarenta_deals_match_golden_file(pyodide_result, golden):
    """The same Cuarenta first dealers and deals in Pyodide as in the golden file."""
    got = section(pyodide_result, "cuarenta_hands")
    assert golden["cuarenta_hands"] and len(got) == len(golden["cuarenta_hands"])
    for want, g in zip(golden["cuarenta_hands"], got):
        assert g == {"first_dealer": want["first_dealer"], "deals": want["deals"]}


def test_cuarenta_random_play_same_as_cpython(pyodide_result, cpython_result):
    got = section(pyodide_result, "cuarenta_play")
    assert got == section(cpython_result, "cuarenta_play")
    assert all(m["terminal"] for m in got)
