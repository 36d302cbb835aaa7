"""A first visit is lighter than a bare Pyodide page over the wire (issue 31: at most 0.75 of
its bytes, gzipped): dist/ as built, every file gzipped (-9), against Pyodide's own core
(pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip) with the app's lock file,
what tools/bench/web.py's bare page downloads. A first visit downloads every file of dist/
once (tests/browser/test_pwa.py), so these are its bytes; tools/bench/web.py measures them as
served.
"""

from __future__ import annotations

import gzip
import os
import shutil

import pytest

import build

needs_node = pytest.mark.skipif(
    not (shutil.which("node") or shutil.which("nodejs"))
    or not (build.PYODIDE_DIR / "pyodide.mjs").is_file(),
    reason="Node.js and node_modules/pyodide are needed (npm ci)")
if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
    needs_node = pytest.mark.skipif(False, reason="")

FIRST_VISIT_RATIO = 0.75   # issue 31's target


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


@needs_node
def test_a_first_visit_is_at_most_three_quarters_of_a_bare_pyodide_page(tmp_path):
    dist = tmp_path / "dist"
    build.build(dist, quiet=True)
    app = sum(gz(p.read_bytes()) for p in dist.rglob("*") if p.is_file())
    bare = sum(gz((build.PYODIDE_DIR / name).read_bytes()) for name in build.PYODIDE_FILES)
    bare += gz((dist / "pyodide" / "pyodide-lock.json").read_bytes())
    stdlib = gz((dist / "pyodide" / build.STDLIB_NAME).read_bytes())
    assert stdlib < gz((build.PYODIDE_DIR / build.STDLIB_NAME).read_bytes()) / 5
    assert app <= FIRST_VISIT_RATIO * bare, f"{app:,} bytes against {bare:,}: {app / bare:.3f}"
