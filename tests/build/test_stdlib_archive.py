"""The standard library the app ships (build.py ``stdlib_archive``; issue 31, "a first visit
lighter than bare Pyodide"): only the modules ``tools/build/stdlib_modules.json`` lists (what the
app's Python imports, found by ``python3 build.py trace``), without docstrings or comments;
the build fails when the engine imports a module of the standard library the list lacks, or
when the list does not fit the pinned Pyodide. tests/pyodide/test_stdlib.py runs every api op
under the trimmed library.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
import build

# one worker runs them all: their module fixture (a Pyodide trace, a build) is made once
pytestmark = pytest.mark.xdist_group("stdlib-archive")

NODE = shutil.which("node") or shutil.which("nodejs")
needs_node = pytest.mark.skipif(
    not NODE or not (build.PYODIDE_DIR / "pyodide.mjs").is_file(),
    reason="Node.js and node_modules/pyodide are needed (npm ci)")
if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
    needs_node = pytest.mark.skipif(False, reason="")

#: the first visit's budget for the standard library (issue 31: the whole first visit at most
#: 0.75 of a bare Pyodide page, whose python_stdlib.zip alone is 2.5 MB)
STDLIB_BUDGET = 400_000


def listed() -> dict:
    return json.loads(build.STDLIB_LIST.read_text())


@pytest.fixture(scope="module")
def archive() -> bytes:
    return build.stdlib_archive()


@needs_node
def test_the_archive_holds_the_listed_modules_and_nothing_else(archive):
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        infos = z.infolist()
    names = [i.filename for i in infos]
    assert names == sorted(set(listed()["modules"].values()))
    # Pyodide's own boot and the engine's imports are there (zipimport finds packages by
    # their __init__.py), the rest of Python's library is not
    for path in ("encodings/__init__.py", "encodings/utf_8.py", "_pyodide/_base.py",
                 "pyodide/__init__.py", "asyncio/__init__.py", "json/__init__.py", "random.py",
                 "dataclasses.py", "hashlib.py", "zipfile/__init__.py"):
        assert path in names
    for path in ("email/__init__.py", "unittest/__init__.py", "xml/__init__.py",
                 "multiprocessing/__init__.py", "http/__init__.py", "pydoc.py",
                 "encodings/cp1252.py", "argparse.py", "doctest.py"):
        assert path not in names
    assert all(i.date_time == build.ZIP_DATE and i.compress_type == zipfile.ZIP_DEFLATED
               for i in infos)
    assert len(archive) <= STDLIB_BUDGET


@needs_node
def test_its_sources_have_no_docstrings_or_comments(archive):
    with zipfile.ZipFile(build.PYODIDE_DIR / build.STDLIB_NAME) as z:
        original = {n: z.read(n) for n in listed()["modules"].values()}
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        stripped = {n: z.read(n) for n in z.namelist()}
    assert b"JSON (JavaScript Object Notation)" in original["json/__init__.py"]
    assert b"JSON (JavaScript Object Notation)" not in stripped["json/__init__.py"]
    for name, text in stripped.items():
        assert len(text) < len(original[name]) or text == original[name] == b"", name
        assert not [ln for ln in text.decode().splitlines() if ln.lstrip().startswith("#")], name
    # one space of indentation a level
    assert b"\n def dumps(" not in stripped["json/__init__.py"]
    assert b"\ndef dumps(" in stripped["json/__init__.py"] and b"\n if " in stripped["json/__init__.py"]


@needs_node
def test_the_stripped_sources_are_reused_for_the_same_list(monkeypatch, archive):
    calls = []
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: calls.append(a))
    assert build.stdlib_archive() == archive   # same inputs: the same bytes, Node not run
    assert calls == []


def engine_copy(tmp_path: Path) -> Path:
    src = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", src, ignore=shutil.ignore_patterns("__pycache__"))
    return src


def test_an_engine_import_the_list_lacks_fails_the_build_naming_it(tmp_path):
    src = engine_copy(tmp_path)
    (src / "extra.py").write_text("import math\n\n\ndef spread(xs):\n"
                                  "    import statistics\n    return statistics.pstdev(xs)\n")
    (src / "bots" / "more.py").write_text("from email import message\n")
    with pytest.raises(build.BuildError) as err:
        build.stdlib_archive(src)
    msg = err.value.message
    assert "engine/extra.py:5 imports statistics" in msg
    assert "engine/bots/more.py:1 imports email" in msg
    assert "engine/bots/more.py:1 imports email.message" in msg
    assert "math" not in msg                   # built into Pyodide's wasm: nothing to ship
    assert "python3 build.py trace" in msg


def test_the_command_line_may_import_what_the_app_does_not(tmp_path):
    # engine/__main__.py (argparse) is not in the app: its imports need no place in the list
    src = engine_copy(tmp_path)
    assert "argparse" in (src / "__main__.py").read_text()
    assert "argparse" not in listed()["modules"]
    assert not [n for f, _l, n in build.engine_imports(src) if f == "__main__.py"]


def test_engine_imports_lists_each_module_and_its_packages(tmp_path):
    (tmp_path / "a.py").write_text("import os.path\nfrom concurrent import futures\n"
                                   "from . import cards\nfrom engine.deal import shuffled\n"
                                   "try:\n    from _sha2 import sha256\nexcept ImportError:\n"
                                   "    pass\n")
    assert build.engine_imports(tmp_path) == [
        ("a.py", 1, "os"), ("a.py", 1, "os.path"), ("a.py", 2, "concurrent"),
        ("a.py", 2, "concurrent.futures"), ("a.py", 6, "_sha2"), ("a.py", 6, "_sha2.sha256")]


@pytest.mark.parametrize("change, says", [
    (lambda d: d.update(pyodide="0.26.0"), "lists the imports under Pyodide 0.26.0"),
    (lambda d: d["modules"].update(nosuch="nosuch.py"), "lacks nosuch.py"),
    (lambda d: d.update(modules={}), "is not a list of modules"),
    (lambda d: d["modules"].update(x=3), "is not a list of modules"),
    (lambda d: d.pop("builtin"), "is not a list of modules"),
])
def test_a_list_that_does_not_fit_the_pinned_pyodide_fails_the_build(tmp_path, monkeypatch,
                                                                       change, says):
    data = listed()
    change(data)
    bad = tmp_path / "stdlib_modules.json"
    bad.write_text(json.dumps(data))
    monkeypatch.setattr(build, "STDLIB_LIST", bad)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    with pytest.raises(build.BuildError) as err:
        build.stdlib_archive()
    assert says in err.value.message and "python3 build.py trace" in err.value.message


@pytest.mark.parametrize("text", ["", "{", "[]"])
def test_a_missing_or_unreadable_list_fails_the_build(tmp_path, monkeypatch, text):
    bad = tmp_path / "stdlib_modules.json"
    if text:
        bad.write_text(text)
    monkeypatch.setattr(build, "STDLIB_LIST", bad)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    with pytest.raises(build.BuildError) as err:
        build.stdlib_archive()
    assert "python3 build.py trace" in err.value.message


@needs_node
def test_another_standard_library_is_another_app_version_and_snapshot_key(tmp_path, monkeypatch,
                                                                           archive):
    # the worker's snapshot key holds the app version (web/worker.js): a snapshot's heap knows
    # where each imported module sits in the archive, so it must never meet another archive
    a = build.build(tmp_path / "a", quiet=True)
    monkeypatch.setattr(build, "stdlib_archive", lambda: archive + b"\0")
    b = build.build(tmp_path / "b", quiet=True)
    info = [json.loads((tmp_path / d / "build.json").read_text()) for d in "ab"]
    assert a["version"] != b["version"] and info[0]["version"] != info[1]["version"]
    assert info[0]["stdlib"]["sha256"] != info[1]["stdlib"]["sha256"]
    assert info[0]["engine"] == info[1]["engine"]
    assert (tmp_path / "b" / "pyodide" / build.STDLIB_NAME).read_bytes() == archive + b"\0"


@pytest.mark.parametrize("old", [None, "{", '{"modules": 3}', '{"modules": {"json": "json/__init__.py"}}'])
def test_build_py_trace_writes_a_list_the_build_reads(tmp_path, monkeypatch, capsys, old):
    # the trace itself (Pyodide) is tests/pyodide/test_stdlib.py's; here what `trace` does with it
    target = tmp_path / "stdlib_modules.json"
    if old is not None:
        target.write_text(old)                  # an earlier list, even a damaged one, is replaced
    traced = {"pyodide": build.PYODIDE_VERSION, "python": "3.14.2",
              "modules": {"json": "json/__init__.py", "random": "random.py"},
              "builtin": ["math"], "unreached": ["random:963 statistics"],
              "failed": [], "calls": [["boot games", "{}", "0" * 64]], "ms": {"restored": 1000}}
    monkeypatch.setattr(build, "STDLIB_LIST", target)
    monkeypatch.setattr(build, "ROOT", tmp_path)
    monkeypatch.setattr(build, "ensure_pyodide", lambda: None)
    monkeypatch.setattr(build, "engine_archive", lambda: b"engine.zip")
    monkeypatch.setattr(build, "stdlib_trace", lambda engine_zip: traced)
    assert build.main(["trace"]) == 0
    out = capsys.readouterr().out
    added = "added: random;" if old and '"json"' in old else "added: json, random;"
    assert "2 modules" in out and added in out
    got = build.stdlib_list()
    assert got["modules"] == traced["modules"] and got["builtin"] == ["math"]
    assert got["unreached"] == ["random:963 statistics"] and "calls" not in got
