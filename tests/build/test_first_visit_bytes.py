"""A first visit's bytes (issue 31), over the wire with gzip (-9 of each file):

- lighter than a bare Pyodide page (at most 0.75 of its bytes): Pyodide's own core
  (pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip) with the app's lock
  file, what tools/bench/web.py's bare page downloads;
- the app's own code and assets (not pyodide/) at most 400 KB.

A first visit fetches every file of dist/ but the "later" ones (build.LATER: the catalogs of
the other languages, play together and its QR libraries, the review and the replay, the
lessons), each once; of those it fetches only its language's catalog
(tests/browser/test_pwa.py watches a first visit; tools/bench/web.py measures it as served).
So that this holds, no file a first visit fetches may import a "later" file statically.
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
from pathlib import Path

import pytest

import build

# one worker runs them all: their module fixture (a Pyodide trace, a build) is made once
pytestmark = pytest.mark.xdist_group("first-visit-build")

needs_node = pytest.mark.skipif(
    not (shutil.which("node") or shutil.which("nodejs"))
    or not (build.PYODIDE_DIR / "pyodide.mjs").is_file(),
    reason="Node.js and node_modules/pyodide are needed (npm ci)")
if os.environ.get("TAPETE_REQUIRE_PYODIDE"):
    needs_node = pytest.mark.skipif(False, reason="")

FIRST_VISIT_RATIO = 0.75   # issue 31's target
OWN_BYTES = 400_000        # issue 31's target: the app's own code and assets, gzipped


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def first_visit(dist: Path) -> dict[str, int]:
    """{path: gzip bytes} of what a first visit fetches at most: every file but the "later"
    ones, and the largest catalog (the UI language's)."""
    files = {p.relative_to(dist).as_posix(): gz(p.read_bytes()) for p in dist.rglob("*") if p.is_file()}
    out = {name: n for name, n in files.items() if not build.later(name)}
    catalog = max((name for name in files if name.startswith("i18n/")), key=files.get)
    out[catalog] = files[catalog]
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    dist = tmp_path_factory.mktemp("first-visit") / "dist"
    build.build(dist, quiet=True)
    return dist


@needs_node
def test_a_first_visit_is_at_most_three_quarters_of_a_bare_pyodide_page(built):
    app = sum(gz(p.read_bytes()) for p in built.rglob("*") if p.is_file())   # every file, later too
    bare = sum(gz((build.PYODIDE_DIR / name).read_bytes()) for name in build.PYODIDE_FILES)
    bare += gz((built / "pyodide" / "pyodide-lock.json").read_bytes())
    stdlib = gz((built / "pyodide" / build.STDLIB_NAME).read_bytes())
    assert stdlib < gz((build.PYODIDE_DIR / build.STDLIB_NAME).read_bytes()) / 5
    first = sum(first_visit(built).values())
    assert first <= FIRST_VISIT_RATIO * bare, \
        f"a first visit's {first:,} bytes against {bare:,}: {first / bare:.3f}"
    assert first < app, "a first visit leaves the later files out"


@needs_node
def test_the_apps_own_bytes_of_a_first_visit_are_at_most_400_kb(built):
    own = {name: n for name, n in first_visit(built).items() if not name.startswith("pyodide/")}
    total = sum(own.values())
    biggest = sorted(own.items(), key=lambda e: -e[1])[:5]
    assert total <= OWN_BYTES, f"{total:,} bytes gzipped; the largest: {biggest}"
    # and what is left for later is real: play together, its QR libraries, the review, the
    # other catalogs are not in it
    for name in ("vendor/jsqr.js", "together/host.js", "screens/review.js", "screens/replay.js"):
        assert name in {p.relative_to(built).as_posix() for p in built.rglob("*")} and name not in own


@needs_node
def test_later_files_are_marked_so_in_the_service_workers_list(built):
    sw = (built / "service-worker.js").read_text()
    listed = {m[0]: m[1] for m in re.findall(r'\["([^"]+)", "sha256-[^"]+", \d+, "(first|later)"\]', sw)}
    on_disk = {p.relative_to(built).as_posix() for p in built.rglob("*")
               if p.is_file() and p.name != "service-worker.js"}
    assert set(listed) == on_disk
    assert {name for name, stage in listed.items() if stage == "later"} == {n for n in on_disk if build.later(n)}
    for name in ("index.html", "app.js", "worker.js", "engine.zip", "pyodide/pyodide.asm.wasm",
                 "table/cuatrola.js", "table/cuarenta.js", "screens/newmatch.js", "icons/icon-192.png"):
        assert listed[name] == "first", name
    for name in ("i18n/es.json", "vendor/uqr.mjs", "together/peer.js", "screens/join.js", "assist/hint.js"):
        assert listed[name] == "later", name


# static references from one file of web/ to another: ES module imports and re-exports,
# importScripts, and index.html's scripts, preloads and links
STATIC = re.compile(r"""(?:^|[;\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+)["']"""
                    r"""|importScripts\(\s*["']([^"']+)["']""", re.M)
HTML_REF = re.compile(r"""<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)\"""")


def static_refs(path: Path, web: Path) -> list[str]:
    text = path.read_text()
    if path.suffix == ".js":
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        text = "\n".join(re.sub(r"(^|\s)//.*$", "", line) for line in text.splitlines())
        refs = [a or b for a, b in STATIC.findall(text)]
    else:
        refs = HTML_REF.findall(text)
    out = []
    for ref in refs:
        if ref.startswith(("http:", "https:", "data:", "/")):
            continue
        target = (path.parent / ref).resolve()
        try:
            out.append(target.relative_to(web.resolve()).as_posix())
        except ValueError:
            continue
    return out


def test_no_file_of_a_first_visit_imports_a_later_one_statically():
    """A "later" file is loaded with import() (or by a later file), never by a static import
    of a file a first visit fetches: that file would then fetch it on first paint, or fail
    offline before the later stage."""
    web = Path(build.WEB)
    checked = 0
    for path in sorted(web.rglob("*")):
        rel = path.relative_to(web).as_posix()
        if path.suffix not in (".js", ".html") or build.later(rel):
            continue
        refs = static_refs(path, web)
        checked += len(refs)
        bad = [r for r in refs if build.later(r)]
        assert not bad, f"web/{rel} imports {bad} statically: they are not fetched on a first visit"
    assert checked > 100   # the parsing found the imports
    # the check sees what it must: a static import of a later file, and importScripts
    assert static_refs(Path(build.WEB) / "together" / "scan-worker.js", web) == ["vendor/jsqr.js"]
    assert "assist/labels.js" in static_refs(Path(build.WEB) / "screens" / "review.js", web)
