"""Engine checks run identically in CPython and under Pyodide; prints one JSON object.

    python tests/pyodide/engine_checks.py SPEC_JSON              (CPython, engine on PYTHONPATH)
    node tools/build/pyodide_run.mjs tests/pyodide/engine_checks.py SPEC_JSON

SPEC_JSON: ``{"cases": [{"game", "seed", "label", "items"}...],
"cuatrola_hands": [{"seed", "hand_no", "dealer"}...], "random_play": {"matches", "max_hands"},
"doctests": bool}``. The test (conftest.py) compares the two outputs and the golden file.
Only the standard library and ``engine`` are used: the Pyodide side has nothing else.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import importlib.util
import io
import json
import pkgutil
import platform
import random
import sys
import traceback


def to_json(x):
    """Tuples (NamedTuples included) and lists to lists, recursively."""
    if isinstance(x, (tuple, list)):
        return [to_json(v) for v in x]
    if isinstance(x, dict):
        return {str(k): to_json(v) for k, v in x.items()}
    return x


def deal_cases(cases):
    from engine.deal import shuffled
    return [list(shuffled(c["items"], c["game"], c["seed"], c["label"])) for c in cases]


def cuatrola_hands(specs):
    from engine.cards import SPANISH, cards_of
    from engine.config import MatchConfig
    from engine.cuatrola import OPTIONS
    from engine.cuatrola.state import deal_hand
    out = []
    for h in specs:
        cfg = MatchConfig("cuatrola", OPTIONS.resolve(), h["seed"])
        hands, trump = deal_hand(cfg, h["hand_no"], h["dealer"])
        out.append({"hands": [[SPANISH.text(c) for c in cards_of(m)] for m in hands],
                    "trump": SPANISH.text(trump)})
    return out


def cuarenta_hands(specs):
    from engine.cards import FRENCH, cards_of
    from engine.config import MatchConfig
    from engine.cuarenta import OPTIONS
    from engine.cuarenta.state import deal_hand, first_dealer
    out = []
    for h in specs:
        cfg = MatchConfig("cuarenta", OPTIONS.resolve({"players": h["players"]}), h["seed"])
        dealer = first_dealer(cfg, h["players"])
        deals = deal_hand(cfg, h["hand_no"], dealer, h["players"])
        out.append({"first_dealer": dealer,
                    "deals": [[[FRENCH.text(c) for c in cards_of(m)] for m in d] for d in deals]})
    return out


def cuarenta_play(matches: int):
    from engine.cuarenta import new_match
    from engine.selfplay import play_random
    out = []
    for k in range(matches):
        s = play_random(new_match(seed=f"pyodide-cuarenta-{k}", options={"players": 2 + 2 * (k % 2)}),
                        random.Random(k))
        out.append({"terminal": s.is_terminal(), "score": to_json(s.score),
                    "hands": len(s.history)})
    return out


def random_play(matches: int, max_hands: int):
    from engine.cuatrola import new_match
    from engine.selfplay import play_random
    out = []
    for k in range(matches):
        s = play_random(new_match(seed=f"pyodide-smoke-{k}"), random.Random(k),
                        max_hands=max_hands)
        out.append({"seed": f"pyodide-smoke-{k}", "terminal": s.is_terminal(),
                    "score": to_json(s.score), "winner": s.winner,
                    "history": to_json(s.history)})
    return out


def engine_modules():
    """Every module of the engine package, and the registered games with no module yet."""
    import engine
    from engine.games import GAMES
    missing = sorted(g for g in GAMES if importlib.util.find_spec(f"engine.{g}") is None)
    errors = {}

    def onerror(name):
        errors[name] = traceback.format_exc()

    names = ["engine"] + [m.name for m in pkgutil.walk_packages(engine.__path__, "engine.",
                                                                 onerror=onerror)]
    # Like pytest's --doctest-modules, skip __main__ modules: importing one runs a program.
    names = [n for n in names if n.rsplit(".", 1)[-1] != "__main__"]
    return sorted(set(names)), missing, errors


def run_doctests():
    """doctest.testmod over every engine module, with pytest's default ELLIPSIS flag."""
    names, missing, errors = engine_modules()
    modules = {}
    for name in names:
        try:
            mod = importlib.import_module(name)
        except Exception:
            errors[name] = traceback.format_exc()
            continue
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS, report=False)
        modules[name] = {"attempted": res.attempted, "failed": res.failed,
                         "report": buf.getvalue()}
    return {"modules": modules, "import_errors": errors, "games_without_module": missing}


def main(spec: dict) -> dict:
    """Run the sections ``spec`` asks for; a section that raises gives ``{"error": traceback}``."""
    out = {"python": platform.python_version(), "platform": sys.platform}
    sections = {
        "shuffle_version": lambda: importlib.import_module("engine.deal").SHUFFLE_VERSION,
        "cases": lambda: deal_cases(spec["cases"]),
        "cuatrola_hands": lambda: cuatrola_hands(spec["cuatrola_hands"]),
        "random_play": lambda: random_play(**spec["random_play"]),
        "cuarenta_hands": lambda: cuarenta_hands(spec["cuarenta_hands"]),
        "cuarenta_play": lambda: cuarenta_play(spec["cuarenta_play"]),
        "doctests": run_doctests,
    }
    for key, fn in sections.items():
        if key == "shuffle_version" or spec.get(key):
            try:
                out[key] = fn()
            except Exception:
                out[key] = {"error": traceback.format_exc()}
    return out


if __name__ == "__main__":
    result = main(json.loads(sys.argv[1]))
    sys.stdout.write(json.dumps(result, sort_keys=True) + "\n")
