"""Run Python under Pyodide (in Node) from CPython: a thin wrapper over ``pyodide_run.mjs``.

>>> r = run_in_pyodide("import sys, engine; print(sys.version_info[:2], sys.argv[1:])", "a")  # doctest: +SKIP
>>> r.stdout  # doctest: +SKIP
"(3, 14) ['a']\\n"

Each call boots a fresh Pyodide (about 2-4 s): batch the work into one script.
Needs ``node`` on PATH and ``node_modules/pyodide`` (``npm ci`` in the repo root).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tools import ROOT

RUNNER = Path(__file__).resolve().parent / "pyodide_run.mjs"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"


class PyodideUnavailable(RuntimeError):
    """Node or the pinned Pyodide npm package is missing."""


def check_available() -> str:
    """The path of ``node``; PyodideUnavailable with the fix if anything is missing."""
    node = shutil.which("node")
    if node is None:
        raise PyodideUnavailable("`node` is not on PATH: install Node >= 18 to run Pyodide")
    if not (PYODIDE_DIR / "pyodide.mjs").is_file():
        raise PyodideUnavailable(f"{PYODIDE_DIR} is missing: run `npm ci` in {ROOT} "
                                 "(or .ci/pyodide-setup.sh)")
    return node


def run_in_pyodide(script_path_or_code: str | os.PathLike, *args: str, timeout: float = 300,
                   check: bool = False) -> subprocess.CompletedProcess:
    """Run a script file (or a string of code) under Pyodide with ``engine`` importable.

    A ``str`` naming an existing ``.py`` file is run as that file; any other ``str`` is
    taken as code (written to a temporary file). ``args`` become ``sys.argv[1:]``.
    Returns the finished process with text ``stdout``/``stderr``; its returncode is 1
    (traceback on stderr) if the script raised. ``check=True`` raises CalledProcessError
    instead. ``timeout`` (seconds) includes the Pyodide boot.
    """
    node = check_available()
    is_path = isinstance(script_path_or_code, os.PathLike) or (
        "\n" not in script_path_or_code and script_path_or_code.endswith(".py")
        and Path(script_path_or_code).is_file())
    tmp = None
    if is_path:
        script = str(Path(script_path_or_code).resolve())
    else:
        fd, script = tempfile.mkstemp(prefix="tapete_pyodide_", suffix=".py")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(script_path_or_code)
        tmp = script
    try:
        return subprocess.run([node, str(RUNNER), script, *map(str, args)], cwd=ROOT,
                              capture_output=True, text=True, encoding="utf-8",
                              timeout=timeout, check=check)
    finally:
        if tmp is not None:
            os.unlink(tmp)
