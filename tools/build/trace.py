"""The stdlib trace (``python3 build.py trace``): what the app's Python imports, found by
running ``tools/build/stdlib.mjs trace`` under Node (every api op of both games and of the
review, after a normal boot and after a restore from a memory snapshot); its list,
``tools/build/stdlib_modules.json``, is what build.py's trimmed standard library ships."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from .common import BuildError, canonical_json


def run(node: str, tool: Path, pyodide_dir: Path, engine_zip: bytes, stdlib: bytes | None,
        stdlib_name: str) -> dict:
    """The trace of ``engine_zip`` with ``stdlib`` (a standard library archive, named
    ``stdlib_name`` where Pyodide's loader looks for it; None: Pyodide's own)."""
    with tempfile.TemporaryDirectory(prefix="tapete-trace-") as tmp:
        args = [node, str(tool), "trace", str(pyodide_dir), str(Path(tmp) / "engine.zip")]
        (Path(tmp) / "engine.zip").write_bytes(engine_zip)
        if stdlib is not None:
            args.append(str(Path(tmp) / stdlib_name))
            (Path(tmp) / stdlib_name).write_bytes(stdlib)
        done = subprocess.run(args, capture_output=True, text=True)
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        raise BuildError("the import trace failed under Pyodide:\n"
                         + (done.stderr.strip() or done.stdout.strip())[-3000:])
    return json.loads(lines[-1])


def listing(trace: dict) -> bytes:
    """The list file of a trace: the modules it found (build.py ``stdlib_list`` reads it) and,
    for the reader, ``unreached``: what those modules import that no op reached (not
    shipped: a path that reached one would raise ModuleNotFoundError)."""
    return canonical_json({
        "made_by": "python3 build.py trace", "pyodide": trace["pyodide"],
        "python": trace["python"], "modules": trace["modules"], "builtin": trace["builtin"],
        "unreached": trace["unreached"],
    }, indent=1)


def listed_modules(path: Path) -> dict:
    """The modules the list file at ``path`` names ({} when there is none, or it is unreadable)."""
    try:
        before = json.loads(path.read_text())["modules"]
    except (OSError, ValueError, TypeError, KeyError):   # none yet, or unreadable: replaced
        return {}
    return before if isinstance(before, dict) else {}


def report(trace: dict, before: dict, where: str) -> str:
    """The trace command's one line: how many modules, how many calls in how long, what
    came and went since the list ``before``."""
    added = sorted(set(trace["modules"]) - set(before))
    dropped = sorted(set(before) - set(trace["modules"]))
    return (f"build.py: {where}: {len(trace['modules'])} modules of the standard library archive "
            f"({len(trace['calls'])} api calls traced in {trace['ms']['restored'] / 1000:.0f} s); "
            f"added: {', '.join(added) or 'none'}; dropped: {', '.join(dropped) or 'none'}")
