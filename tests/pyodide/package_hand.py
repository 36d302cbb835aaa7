"""Play the first hand of seeded Cuatrola matches with the installed engine; print one JSON line.

    python tests/pyodide/package_hand.py SEED...              (CPython, engine on PYTHONPATH)
    node tests/pyodide/micropip_run.mjs DIR WHEEL tests/pyodide/package_hand.py SEED...
                                                              (Pyodide, engine from the wheel)

The moves are fixed (the legal action at index ``step * STRIDE % len(legal)``), so both runs
play the same hands. Only the standard library and ``engine`` are used.
"""

from __future__ import annotations

import importlib.metadata
import json
import platform
import sys

STRIDE = 7  # varies the chosen move from step to step without any random generator


def to_json(x):
    if isinstance(x, (tuple, list)):
        return [to_json(v) for v in x]
    if isinstance(x, dict):
        return {str(k): to_json(v) for k, v in x.items()}
    return x


def first_hand(seed: str) -> dict:
    from engine.cuatrola import new_match
    state = new_match(seed=seed)
    moves = []
    while not state.history and not state.is_terminal():
        legal = state.legal_actions()
        action = legal[len(moves) * STRIDE % len(legal)]
        moves.append(state.action_text(action))
        state = state.apply(action)
    return {"moves": moves, "record": to_json(state.history[0]._asdict()),
            "score": list(state.score), "next_hand": state.hand_no}


def provenance() -> dict:
    import engine
    try:
        dist = importlib.metadata.distribution("tapete")
        installer = (dist.read_text("INSTALLER") or "").strip()
        version = dist.version
    except importlib.metadata.PackageNotFoundError:
        installer = version = None
    return {"engine_file": engine.__file__, "engine_version": engine.__version__,
            "dist_version": version, "installer": installer,
            "platform": sys.platform, "python": platform.python_version()}


if __name__ == "__main__":
    print(json.dumps({"hands": {seed: first_hand(seed) for seed in sys.argv[1:]},
                      "provenance": provenance()}, ensure_ascii=False))
