"""engine.zip holds the engine as bytecode of Pyodide's own Python (build.py, tools/build/pyc.mjs;
docs/app.md; issue 15: a first visit imports the engine without compiling it).

Pyodide under Node imports every module from the archive alone (no source), and the answers
are those of the engine from source; a source that does not compile fails the build with its
file named; the compiled tree is cached by the hash of its inputs.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

NODE = shutil.which("node") or shutil.which("nodejs")
needs_node = pytest.mark.skipif(
    not NODE or not (build.PYODIDE_DIR / "pyodide.mjs").is_file(),
    reason="Node.js and node_modules/pyodide are needed (npm ci)")
if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
    needs_node = pytest.mark.skipif(False, reason="")

# Unpack the archive where the app's worker does, import every module as the worker does
# (web/worker.js, IMPORT_ENGINE) and answer one request.
IMPORT_CHECK = r"""
import fs from "node:fs";
const { loadPyodide } = await import(process.argv[2]);
const py = await loadPyodide({ indexURL: process.argv[3] });
py.unpackArchive(new Uint8Array(fs.readFileSync(process.argv[4])), "zip", { extractDir: "/home/pyodide/tapete" });
console.log(py.runPython(`
import sys, importlib, pkgutil, json, os
sys.path.insert(0, "/home/pyodide/tapete")
import engine
names = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
               if m.name.rsplit(".", 1)[-1] != "__main__")
for n in names:
    importlib.import_module(n)
import engine.api
sources = [os.path.join(d, f) for d, _, fs in os.walk("/home/pyodide/tapete") for f in fs if f.endswith(".py")]
code = engine.api.handle_json.__code__
positions = list(code.co_positions())
json.dumps({"modules": names, "sources": sources, "file": code.co_filename,
            "lines": sum(1 for p in positions if p[0] is not None),
            "columns": sum(1 for p in positions if p[2] is not None),
            "files": sorted({sys.modules[n].__file__.rsplit(".", 1)[-1] for n in names}),
            "answer": json.loads(engine.api.handle_json(${JSON.stringify(process.argv[5])}))})
`));
"""

REQUEST = {"op": "new", "game": "cuarenta", "seed": "bytecode", "viewer": 0}


@needs_node
def test_pyodide_imports_every_module_from_the_bytecode_alone(tmp_path):
    archive = tmp_path / "engine.zip"
    archive.write_bytes(build.engine_archive())
    script = tmp_path / "check.mjs"
    script.write_text(IMPORT_CHECK)
    run = subprocess.run([NODE, str(script), (build.PYODIDE_DIR / "pyodide.mjs").as_uri(),
                          str(build.PYODIDE_DIR) + "/", str(archive), json.dumps(REQUEST)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["sources"] == []                 # nothing to compile: no source shipped
    assert out["files"] == ["pyc"]
    # tracebacks name the file and line (line numbers kept), without column ranges
    # (tools/build/pyc.mjs compiles with -X no_debug_ranges: a quarter of the zipped archive)
    assert out["file"] == "/home/pyodide/tapete/engine/api.py"
    assert out["lines"] > 0 and out["columns"] == 0
    import engine
    import pkgutil
    engine_modules = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
                            if m.name.rsplit(".", 1)[-1] != "__main__")
    assert out["modules"] == engine_modules
    from engine import api
    assert out["answer"] == json.loads(api.handle_json(json.dumps(REQUEST)))


@needs_node
def test_the_archive_holds_bytecode_and_data_files_but_no_source():
    with zipfile.ZipFile(io.BytesIO(build.engine_archive())) as z:
        names = z.namelist()
        pyc = {n: z.read(n) for n in names if n.endswith(".pyc")}
    # the engine's data files, as they are (issue 29: the Cuatrola expert ships no model)
    data = sorted("engine/" + p.relative_to(build.ENGINE).as_posix()
                  for p in build.ENGINE.rglob("*.json"))
    assert sorted(n for n in names if not n.endswith(".pyc")) == data
    assert not [n for n in names if n.endswith(".py")]
    assert "engine/__main__.pyc" not in names    # the command line is not part of the app
    # one Python version for all, hash-based and unchecked (flags = 0b01): no time stamp
    assert len({b[:4] for b in pyc.values()}) == 1
    assert {int.from_bytes(b[4:8], "little") for b in pyc.values()} == {0b01}
    # not CPython's bytecode of this machine: Pyodide's
    import importlib.util
    assert next(iter(pyc.values()))[:4] != importlib.util.MAGIC_NUMBER or sys.version_info[:2] == (3, 14)


@needs_node
def test_a_source_that_does_not_compile_fails_the_build_naming_it(tmp_path):
    src = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", src, ignore=shutil.ignore_patterns("__pycache__"))
    (src / "broken.py").write_text("def f(:\n    pass\n")
    with pytest.raises(build.BuildError) as err:
        build.engine_archive(src)
    assert "broken.py" in err.value.message and "SyntaxError" in err.value.message


@needs_node
def test_the_compiled_tree_is_reused_for_the_same_sources(monkeypatch):
    build.engine_archive()                      # compiled (or already cached)
    calls = []
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: calls.append(a))
    again = build.engine_archive()
    assert calls == []                          # same inputs: Node is not run again
    assert again == build.engine_archive()


@needs_node
def test_a_build_leaves_another_builds_work_in_progress_alone(tmp_path, monkeypatch):
    """Builds may run at once (the tests run in parallel, each xdist worker may build): a
    build compiles into a directory of its own process, and never removes or prunes another
    build's unfinished one. Before, every build compiled into one shared ``<hash>.tmp`` and
    pruned every directory but its own tree beyond the newest ``PYC_CACHE_KEEP``."""
    monkeypatch.setattr(build, "PYC_CACHE", tmp_path / "cache")
    for k in range(build.PYC_CACHE_KEEP):                   # older compiled trees
        (tmp_path / "cache" / f"{k:032x}").mkdir(parents=True)
    other = tmp_path / "cache" / f"{'f' * 32}.tmp{os.getpid() + 1}"
    (other / "engine").mkdir(parents=True)                  # another build, still compiling
    old = 1_000_000_000                                     # the oldest of them all
    os.utime(other, (old, old))
    archive = build.engine_archive()
    assert other.is_dir(), "another build's work in progress was removed"
    trees = [d for d in (tmp_path / "cache").iterdir() if ".tmp" not in d.name]
    assert len(trees) == build.PYC_CACHE_KEEP                # pruning still keeps the newest
    assert not [d for d in (tmp_path / "cache").iterdir() if d.name.endswith(f".tmp{os.getpid()}")]
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        assert "engine/api.pyc" in z.namelist()
