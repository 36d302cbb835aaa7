#!/usr/bin/env python3
"""Build Tapete's installable offline web app into ``dist/``; optionally serve it.

    python3 build.py            build dist/
    python3 build.py serve      build, then serve dist/ at http://localhost:8000
    python3 build.py serve --port 8080 --no-build
    python3 build.py trace      list what the app's Python imports (tools/build/stdlib_modules.json)

``serve`` takes its port before building: when the port is taken it prints one line naming
``--port`` and exits with status 3.

What goes into dist/ (see docs/app.md):

- the ``web/`` shell (HTML, CSS, JS modules, i18n catalogs), copied as is;
- ``engine.zip``: every ``engine/**/*.py`` but the command line's ``__main__.py``, compiled
  to bytecode by Pyodide's own Python (``tools/build/pyc.mjs`` under Node: the ``.pyc`` where the
  ``.py`` was, an unchecked source hash instead of a time stamp, no docstrings) and the model files (``*.json``), sorted, fixed timestamps; the
  worker unpacks it with ``pyodide.unpackArchive`` and imports every engine module without
  compiling any source (docs/performance.md, issue 15). Compiled trees are kept in
  ``.cache/engine-pyc/`` by the hash of their inputs;
- ``pyodide/``: the Pyodide core pinned to one version from ``node_modules/pyodide``
  and a ``pyodide-lock.json`` that lists only what is shipped (no packages); its
  ``python_stdlib.zip`` is the standard library trimmed to the modules that
  ``tools/build/stdlib_modules.json`` lists (what the app's Python imports, found by
  ``python3 build.py trace``: every api op of both games and of the review run under Pyodide),
  as sources without docstrings or comments (``tools/build/stdlib.mjs strip``); the build fails when
  the engine imports a module of the standard library that the list lacks;
- ``icons/``: PNG icons drawn here with zlib + struct (no image library);
- ``vendor/``: the QR code libraries of "play together" (docs/play-together.md), copied
  byte for byte from ``node_modules`` (versions pinned by package.json): uqr's ES module
  (encoder) and jsQR's UMD script (decoder, loaded by a classic worker), with their licences;
- ``manifest.json`` (copied from the repo root);
- ``build.json``: the version, the Pyodide version and the hashes of the engine archive and
  of the standard library archive;
- ``service-worker.js``: the root source with the content-hashed precache list and
  the version injected; each file of the list is marked ``"first"`` (fetched on a first
  visit) or ``"later"`` (``LATER``: fetched when first used, or by the later stage once the
  first visit is done; docs/app.md, "What a first visit fetches").

The build is reproducible: the same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import base64
import errno
import functools
import hashlib
import http.server
import io
import json
import math
import os
import shutil
import socketserver
import struct
import sys
import threading
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
ENGINE = ROOT / "engine"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYODIDE_VERSION = "314.0.8"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
STDLIB_NAME = "python_stdlib.zip"   # the standard library, where Pyodide's loader looks for it
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
NODE_MODULES = ROOT / "node_modules"
PYC_TOOL = ROOT / "tools" / "build" / "pyc.mjs"
PYC_CACHE = ROOT / ".cache" / "engine-pyc"
PYC_CACHE_KEEP = 8            # compiled trees kept (the newest)
STDLIB_TOOL = ROOT / "tools" / "build" / "stdlib.mjs"
STDLIB_LIST = ROOT / "tools" / "build" / "stdlib_modules.json"   # made by `python3 build.py trace`
STDLIB_CACHE = ROOT / ".cache" / "stdlib"
MAIN = Path("__main__.py")   # the command line (python -m engine): not in the app
#: npm packages shipped in dist/vendor/, unchanged: package → {file in the package: path in dist}.
#: Their versions are the exact pins of package.json's devDependencies. uqr is an ES module
#: (web/together/qr.js imports it); jsQR is a UMD script that defines ``self.jsQR`` in the
#: classic worker web/together/scan-worker.js (importScripts), so neither needs wrapping.
VENDOR = {
    "uqr": {"dist/index.mjs": "vendor/uqr.mjs", "LICENSE": "vendor/uqr.LICENSE.txt"},
    "jsqr": {"dist/jsQR.js": "vendor/jsqr.js", "LICENSE": "vendor/jsqr.LICENSE.txt"},
}
#: What a first visit does not fetch (docs/app.md, "What a first visit fetches"): paths of
#: dist/, a folder ending with "/". A first install of the service worker leaves them out
#: (it keeps one only when the HTTP cache already holds it: the catalog of the UI language);
#: the service worker fetches each when it is first used, and all of them in the later stage,
#: which the page asks for once the first visit is done. No file a first visit fetches
#: imports one of them statically (tests/browser/test_static.py).
LATER = (
    "i18n/",                                       # the catalogs of the other languages
    "together/", "screens/together.js", "screens/join.js", "vendor/",   # play together, QR
    "screens/review.js", "screens/replay.js", "learn/",   # the review, the replay, the hint
    "lessons/",                                    # the lessons (their files, words, styles)
    "install.js", "install-offer.js",              # home's install offer (after a first visit)
    "backup.js", "backup-file.js", "canonical.js",   # the backup, a match file's identity
    "screenshots/",                                # the manifest's (the browser's install sheet)
)
#: Exit status of ``serve`` when the port cannot be had (a build error exits 2).
EXIT_PORT = 3

#: The Content-Security-Policy of the app. The same policy is in web/index.html as a meta
#: tag (which covers the page wherever it is hosted); served as a header it also covers
#: the module worker, whose policy comes from its own script's response.
#: 'wasm-unsafe-eval' is what Pyodide needs to compile its WebAssembly; no 'unsafe-eval'.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
       "img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; worker-src 'self'; "
       "manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; "
       "frame-ancestors 'none'")

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
}


class BuildError(SystemExit):
    """A missing prerequisite or a broken input: a clear message, exit status 2."""

    def __init__(self, message: str):
        super().__init__(f"build.py: {message}")
        self.message = message


# --------------------------------------------------------------------------- helpers
def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sri(data: bytes) -> str:
    """Subresource-integrity string (what fetch's ``integrity`` option checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def canonical_json(obj, indent=None) -> bytes:
    text = json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=indent,
                      separators=(",", ": ") if indent else (",", ":"))
    return (text + "\n").encode()


def files_under(base: Path) -> list[Path]:
    """Regular files under ``base`` in a stable order, skipping caches and dotfiles."""
    out = []
    for p in sorted(base.rglob("*")):
        rel = p.relative_to(base)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if p.is_file():
            out.append(p)
    return sorted(out, key=lambda p: p.relative_to(base).as_posix())


def write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


# --------------------------------------------------------------------------- pyodide
def check_pyodide(src: Path | None = None) -> dict:
    """The Pyodide npm package's metadata, or a clear BuildError."""
    src = src or PYODIDE_DIR
    pkg = src / "package.json"
    if not pkg.is_file():
        raise BuildError(
            f"the Pyodide core is missing: {src.relative_to(ROOT) if src.is_relative_to(ROOT) else src}"
            f" does not exist.\n  Run `npm ci` in {ROOT} (package.json pins pyodide "
            f"{PYODIDE_VERSION}), then build again.")
    meta = json.loads(pkg.read_text())
    if meta.get("version") != PYODIDE_VERSION:
        raise BuildError(f"node_modules/pyodide is version {meta.get('version')}, this build "
                         f"pins {PYODIDE_VERSION}: run `npm ci`.")
    missing = [f for f in PYODIDE_FILES + ("pyodide-lock.json",) if not (src / f).is_file()]
    if missing:
        raise BuildError(f"node_modules/pyodide lacks {', '.join(missing)}: run `npm ci`.")
    return meta


def minimal_lock(src: Path | None = None) -> bytes:
    """The lock file of what is shipped: Pyodide's ``info``, no packages."""
    src = src or PYODIDE_DIR
    lock = json.loads((src / "pyodide-lock.json").read_text())
    return canonical_json({"info": lock["info"], "packages": {}})


# --------------------------------------------------------------------------- vendor
def vendor_files(modules: Path | None = None) -> dict[str, bytes]:
    """The files of ``VENDOR`` (dist path → bytes), or a BuildError naming ``npm ci``."""
    modules = modules or NODE_MODULES
    pins = json.loads((ROOT / "package.json").read_text()).get("devDependencies", {})
    out = {}
    for package, files in VENDOR.items():
        want = pins.get(package)
        if not want:
            raise BuildError(f"package.json does not pin {package}, which dist/vendor/ ships")
        meta = modules / package / "package.json"
        have = json.loads(meta.read_text()).get("version") if meta.is_file() else None
        if have != want:
            found = f"version {have}" if have else "missing"
            raise BuildError(f"node_modules/{package} is {found}, package.json pins {want}: "
                             f"run `npm ci` in {ROOT}, then build again.")
        for src, dest in files.items():
            path = modules / package / src
            if not path.is_file():
                raise BuildError(f"node_modules/{package} lacks {src}: run `npm ci`.")
            out[dest] = path.read_bytes()
    return out


# --------------------------------------------------------------------------- engine
def engine_bytecode(src: Path) -> dict[str, bytes]:
    """``{relative path of the .pyc: bytes}`` for every ``.py`` of ``src``, compiled by the
    pinned Pyodide's Python (``tools/build/pyc.mjs``), cached by the hash of every input."""
    sources = [p for p in files_under(src) if p.suffix == ".py" and p.relative_to(src) != MAIN]
    h = hashlib.sha256(PYODIDE_VERSION.encode() + b"\0" + PYC_TOOL.read_bytes())
    for p in sources:
        h.update(p.relative_to(src).as_posix().encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    cached = PYC_CACHE / h.hexdigest()[:32]
    wanted = sorted(p.relative_to(src).with_suffix(".pyc").as_posix() for p in sources)
    if not all((cached / rel).is_file() for rel in wanted):
        node = node_for("to compile the engine with Pyodide's Python")
        check_pyodide()
        # a directory of this process's own: builds may run at once (parallel tests)
        tmp = cached.with_name(f"{cached.name}.tmp{os.getpid()}")
        shutil.rmtree(tmp, ignore_errors=True)
        import subprocess
        run = subprocess.run([node, str(PYC_TOOL), str(PYODIDE_DIR), str(src), str(tmp)],
                             capture_output=True, text=True)
        if run.returncode:
            shutil.rmtree(tmp, ignore_errors=True)
            raise BuildError("the engine does not compile under Pyodide's Python:\n"
                             + (run.stderr.strip() or run.stdout.strip()))
        keep_newest(PYC_CACHE, cached, tmp, lambda: all((cached / rel).is_file() for rel in wanted))
    return {rel: (cached / rel).read_bytes() for rel in wanted}


def node_for(why: str) -> str:
    """The path of Node.js, or a BuildError saying what it is needed for."""
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        raise BuildError(f"Node.js is needed {why} (Debian: `apt-get install -y nodejs`).")
    return node


def keep_newest(cache: Path, cached: Path, made: Path, complete=lambda: False) -> None:
    """Move the tree ``made`` to ``cached`` (unless ``complete()``: another build stored the
    whole tree first; builds may run at once in parallel tests) and drop all but the newest
    ``PYC_CACHE_KEEP`` trees of ``cache``, never another build's unfinished ``.tmp`` tree."""
    if not complete():
        shutil.rmtree(cached, ignore_errors=True)
    try:
        made.rename(cached)
    except OSError:          # another build stored the same tree first
        shutil.rmtree(made, ignore_errors=True)
    kept = sorted((d for d in cache.iterdir() if d.is_dir() and d != cached
                   and ".tmp" not in d.name), key=lambda d: d.stat().st_mtime, reverse=True)
    for old in kept[PYC_CACHE_KEEP - 1:]:
        shutil.rmtree(old, ignore_errors=True)


def engine_archive(src: Path | None = None) -> bytes:
    """A reproducible zip of the engine package (``engine/...`` paths): its bytecode and its
    data files (``.json``; none today), no source."""
    src = src or ENGINE
    if not (src / "__init__.py").is_file():
        raise BuildError(f"the engine package is missing ({src}/__init__.py)")
    entries = engine_bytecode(src)
    for p in files_under(src):
        if p.suffix == ".json":
            entries[p.relative_to(src).as_posix()] = p.read_bytes()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for rel in sorted(entries):
            info = zipfile.ZipInfo("engine/" + rel, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            z.writestr(info, entries[rel], compresslevel=9)
    return buf.getvalue()


# --------------------------------------------------------------------------- stdlib
def stdlib_trace(engine_zip: bytes, stdlib: bytes | None = None) -> dict:
    """What the app's Python imports: ``tools/build/stdlib.mjs trace`` run on ``engine_zip`` (every
    api op of both games and of the review, after a normal boot and after a restore from a
    memory snapshot) with ``stdlib`` as the standard library (default: Pyodide's own)."""
    import subprocess
    import tempfile
    node = node_for("to trace the app's imports under Pyodide")
    check_pyodide()
    with tempfile.TemporaryDirectory(prefix="tapete-trace-") as tmp:
        args = [node, str(STDLIB_TOOL), "trace", str(PYODIDE_DIR), str(Path(tmp) / "engine.zip")]
        (Path(tmp) / "engine.zip").write_bytes(engine_zip)
        if stdlib is not None:
            args.append(str(Path(tmp) / STDLIB_NAME))
            (Path(tmp) / STDLIB_NAME).write_bytes(stdlib)
        run = subprocess.run(args, capture_output=True, text=True)
    lines = run.stdout.strip().splitlines()
    if run.returncode or not lines:
        raise BuildError("the import trace failed under Pyodide:\n"
                         + (run.stderr.strip() or run.stdout.strip())[-3000:])
    return json.loads(lines[-1])


def write_stdlib_list(trace: dict) -> None:
    """``tools/build/stdlib_modules.json``: the modules a trace found (see ``stdlib_list``) and,
    for the reader, ``unreached``: what those modules import that no op reached (not
    shipped: a path that reached one would raise ModuleNotFoundError)."""
    STDLIB_LIST.write_bytes(canonical_json({
        "made_by": "python3 build.py trace", "pyodide": trace["pyodide"],
        "python": trace["python"], "modules": trace["modules"], "builtin": trace["builtin"],
        "unreached": trace["unreached"],
    }, indent=1))


def stdlib_list() -> dict:
    """The traced list: ``modules`` (name → path in Pyodide's python_stdlib.zip) and
    ``builtin`` (names the app imports from the wasm or frozen), checked against the pinned
    Pyodide; a BuildError naming ``python3 build.py trace`` otherwise."""
    again = "run `python3 build.py trace`, then build again"
    try:
        data = json.loads(STDLIB_LIST.read_text())
    except (OSError, ValueError) as e:
        raise BuildError(f"{STDLIB_LIST.relative_to(ROOT)} cannot be read ({e}): {again}") from None
    modules = data.get("modules") if isinstance(data, dict) else None
    if not isinstance(modules, dict) or not modules or not isinstance(data.get("builtin"), list) \
            or not all(isinstance(p, str) and p.endswith(".py") for p in modules.values()):
        raise BuildError(f"{STDLIB_LIST.relative_to(ROOT)} is not a list of modules: {again}")
    if data.get("pyodide") != PYODIDE_VERSION:
        raise BuildError(f"{STDLIB_LIST.relative_to(ROOT)} lists the imports under Pyodide "
                         f"{data.get('pyodide')}, this build pins {PYODIDE_VERSION}: {again}")
    return data


def engine_imports(src: Path) -> list[tuple[str, int, str]]:
    """``(file, line, module)`` for every module an engine source (not ``__main__.py``)
    imports outside the engine, with each parent package (``import a.b``: ``a``, ``a.b``;
    ``from a import b``: ``a``, and ``a.b`` in case it is a module)."""
    import ast
    out = []
    for p in files_under(src):
        rel = p.relative_to(src)
        if p.suffix != ".py" or rel == MAIN:
            continue
        for node in ast.walk(ast.parse(p.read_bytes(), str(p))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            else:
                continue
            found = {}
            for name in names:
                parts = name.split(".")
                if parts[0] != "engine":
                    found.update(dict.fromkeys(".".join(parts[:i + 1]) for i in range(len(parts))))
            out += [(rel.as_posix(), node.lineno, name) for name in found]
    return out


def check_engine_imports(kept: dict, archive: set[str], src: Path) -> None:
    """A BuildError when an engine source imports a module of Pyodide's standard library
    archive that the trimmed one lacks (an import the trace has not seen)."""
    known = set(kept["modules"]) | set(kept["builtin"])
    missing = []
    for rel, line, name in engine_imports(src):
        path = name.replace(".", "/")
        if name not in known and (f"{path}.py" in archive or f"{path}/__init__.py" in archive):
            missing.append(f"engine/{rel}:{line} imports {name}")
    if missing:
        raise BuildError("the trimmed standard library lacks what the engine imports:\n  "
                         + "\n  ".join(sorted(set(missing)))
                         + "\nRun `python3 build.py trace` (every api op under Pyodide; it lists "
                           "what they import), then build again.")


def stripped_sources(paths: list[str]) -> dict[str, bytes]:
    """``{path: source without docstrings or comments}`` for ``paths`` of Pyodide's
    python_stdlib.zip (``tools/build/stdlib.mjs strip``), cached by the hash of every input."""
    h = hashlib.sha256(PYODIDE_VERSION.encode() + b"\0" + STDLIB_TOOL.read_bytes())
    h.update(json.dumps(paths).encode())
    cached = STDLIB_CACHE / h.hexdigest()[:32]
    if not all((cached / rel).is_file() for rel in paths):
        node = node_for("to strip the standard library with Pyodide's Python")
        check_pyodide()
        import subprocess
        import tempfile
        tmp = cached.with_name(f"{cached.name}.tmp{os.getpid()}")
        shutil.rmtree(tmp, ignore_errors=True)
        with tempfile.TemporaryDirectory(prefix="tapete-stdlib-") as work:
            (Path(work) / "paths.json").write_text(json.dumps(paths))
            run = subprocess.run([node, str(STDLIB_TOOL), "strip", str(PYODIDE_DIR),
                                  str(Path(work) / "paths.json"), str(tmp)],
                                 capture_output=True, text=True)
        if run.returncode:
            raise BuildError("the standard library could not be stripped:\n"
                             + (run.stderr.strip() or run.stdout.strip())[-3000:])
        keep_newest(STDLIB_CACHE, cached, tmp, lambda: all((cached / rel).is_file() for rel in paths))
    return {rel: (cached / rel).read_bytes() for rel in paths}


def stdlib_archive(src: Path | None = None) -> bytes:
    """The standard library the app ships: the modules of ``tools/build/stdlib_modules.json``, as
    sources without docstrings or comments, in a reproducible zip (paths as in Pyodide's
    archive). A BuildError when the list does not fit the pinned Pyodide or the engine
    (``src``, default ``engine/``) imports a module of the standard library it lacks."""
    kept = stdlib_list()
    with zipfile.ZipFile(PYODIDE_DIR / STDLIB_NAME) as z:
        archive = set(z.namelist())
    paths = sorted(set(kept["modules"].values()))
    absent = [p for p in paths if p not in archive]
    if absent:
        raise BuildError(f"Pyodide {PYODIDE_VERSION}'s {STDLIB_NAME} lacks {', '.join(absent)}, "
                         f"which {STDLIB_LIST.relative_to(ROOT)} lists: run `python3 build.py "
                         f"trace`, then build again.")
    check_engine_imports(kept, archive, src or ENGINE)
    sources = stripped_sources(paths)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for rel in paths:
            info = zipfile.ZipInfo(rel, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            z.writestr(info, sources[rel], compresslevel=9)
    return buf.getvalue()


# --------------------------------------------------------------------------- icons
def png(width: int, height: int, rows) -> bytes:
    """A PNG (8-bit RGBA) from rows of bytes."""
    raw = b"".join(b"\x00" + bytes(r) for r in rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def _rounded_box(px, py, cx, cy, hw, hh, r):
    """Signed distance to a rounded rectangle (negative inside)."""
    qx = abs(px - cx) - hw + r
    qy = abs(py - cy) - hh + r
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) - r


def icon(size: int, maskable: bool = False) -> bytes:
    """Tapete's icon: a card with an oros coin on green baize, drawn with distance fields.

    The maskable variant fills the whole square (the platform crops it) and keeps the
    card inside the central safe zone (radius 40%).
    """
    felt = (11, 93, 59)
    felt_dark = (7, 66, 42)
    cream = (250, 246, 235)
    gold = (224, 165, 38)
    gold_dark = (138, 90, 0)
    red = (176, 40, 40)
    s = float(size)
    scale = 0.62 if maskable else 0.8
    card_hw, card_hh = s * scale * 0.36, s * scale * 0.5
    cx, cy = s / 2, s / 2
    coin_r = card_hw * 0.62
    rows = []

    def mix(a, b, t):
        return tuple(a[i] + (b[i] - a[i]) * t for i in range(3))

    for y in range(size):
        row = bytearray()
        py = y + 0.5
        for x in range(size):
            px = x + 0.5
            # background
            if maskable:
                col, alpha = mix(felt, felt_dark, py / s), 1.0
            else:
                d = _rounded_box(px, py, cx, cy, s * 0.47, s * 0.47, s * 0.12)
                alpha = min(max(0.5 - d, 0.0), 1.0)
                col = mix(felt, felt_dark, py / s)
            # card with a thin red frame
            d = _rounded_box(px, py, cx, cy, card_hw, card_hh, card_hw * 0.16)
            a = min(max(0.5 - d, 0.0), 1.0)
            if a > 0:
                frame = min(max(0.5 - abs(d + card_hw * 0.09) + card_hw * 0.025, 0.0), 1.0)
                inner = mix(cream, red, frame)
                col = mix(col, inner, a)
                alpha = max(alpha, a)
                # the coin: gold disc, dark ring, inner ring, centre dot
                r = math.hypot(px - cx, py - cy)
                dc = r - coin_r
                ca = min(max(0.5 - dc, 0.0), 1.0)
                if ca > 0:
                    ring = min(max(0.5 - abs(dc + coin_r * 0.06) + coin_r * 0.05, 0.0), 1.0)
                    ring2 = min(max(0.5 - abs(r - coin_r * 0.62) + coin_r * 0.035, 0.0), 1.0)
                    dot = min(max(0.5 - (r - coin_r * 0.18), 0.0), 1.0)
                    coin = mix(gold, gold_dark, max(ring, ring2, dot))
                    col = mix(col, coin, ca)
            row += bytes((round(col[0]), round(col[1]), round(col[2]), round(alpha * 255)))
        rows.append(row)
    return png(size, size, rows)


ICONS = {
    "icons/icon-192.png": (192, False),
    "icons/icon-512.png": (512, False),
    "icons/maskable-192.png": (192, True),
    "icons/maskable-512.png": (512, True),
}


@functools.lru_cache(maxsize=None)
def icon_bytes(size: int, maskable: bool) -> bytes:
    return icon(size, maskable)


# --------------------------------------------------------------------------- build
def later(path: str) -> bool:
    """True for a file of dist/ that a first visit does not fetch (``LATER``).

    >>> later("together/host.js"), later("i18n/de.json"), later("screens/home.js")
    (True, True, False)
    """
    return any(path == p or (p.endswith("/") and path.startswith(p)) for p in LATER)


def build(dist: Path = DIST, stamp: str = "", quiet: bool = False) -> dict:
    """Assemble ``dist``; returns build info (version, files and sizes).

    ``stamp`` (optional) is written into build.json: it gives a new version with the
    same sources (used by the tests of the service worker's update flow).
    """
    meta = check_pyodide()
    if not (WEB / "index.html").is_file():
        raise BuildError("web/index.html is missing")
    for src in ("manifest.json", "service-worker.js"):
        if not (ROOT / src).is_file():
            raise BuildError(f"{src} is missing at the repository root")

    files: dict[str, bytes] = {}
    for p in files_under(WEB):
        files[p.relative_to(WEB).as_posix()] = p.read_bytes()
    stdlib = stdlib_archive()
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = stdlib if name == STDLIB_NAME else (PYODIDE_DIR / name).read_bytes()
    files["pyodide/pyodide-lock.json"] = minimal_lock()
    files.update(vendor_files())
    engine_zip = engine_archive()
    files["engine.zip"] = engine_zip
    for name, (size, maskable) in ICONS.items():
        files[name] = icon_bytes(size, maskable)
    manifest = json.loads((ROOT / "manifest.json").read_text())
    for ic in manifest.get("icons", []) + manifest.get("screenshots", []):
        if ic["src"] not in files:
            raise BuildError(f"manifest.json names {ic['src']}, which the build lacks")
    files["manifest.json"] = (ROOT / "manifest.json").read_bytes()

    # version: a hash of every shipped file's path and content (and the stamp)
    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    h.update(stamp.encode())
    version = h.hexdigest()[:16]
    files["build.json"] = canonical_json({
        "version": version,
        "pyodide": meta["version"],
        "engine": {"archive": "engine.zip", "sha256": sha256(engine_zip)},
        "stdlib": {"archive": f"pyodide/{STDLIB_NAME}", "sha256": sha256(stdlib)},
        "stamp": stamp,
    }, indent=1)

    precache = [[name, sri(files[name]), len(files[name]), "later" if later(name) else "first"]
                for name in sorted(files)]
    sw = (ROOT / "service-worker.js").read_text()
    for marker in ('"__TAPETE_VERSION__"', "/*__TAPETE_PRECACHE__*/[]"):
        if marker not in sw:
            raise BuildError(f"service-worker.js lacks the marker {marker}")
    sw = sw.replace('"__TAPETE_VERSION__"', json.dumps(version))
    sw = sw.replace("/*__TAPETE_PRECACHE__*/[]",
                    "[\n" + ",\n".join("  " + json.dumps(e) for e in precache) + "\n]")
    files["service-worker.js"] = sw.encode()

    if dist.exists():
        shutil.rmtree(dist)
    for name in sorted(files):
        write(dist / name, files[name])
    info = {"version": version, "files": {n: len(b) for n, b in sorted(files.items())},
            "bytes": sum(len(b) for b in files.values())}
    if not quiet:
        print(f"build.py: dist/ version {version}: {len(files)} files, "
              f"{info['bytes'] / 1e6:.1f} MB (pyodide {meta['version']}, engine.zip "
              f"{len(engine_zip)} bytes, {STDLIB_NAME} {len(stdlib)} bytes)")
    return info


# --------------------------------------------------------------------------- serve
class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static files from dist/ with the right types, the CSP and no-cache revalidation.

    ``server.offline = True`` makes it drop every connection unanswered (the tests'
    way to prove offline use); ``server.log`` (a list) records (path, status, bytes).
    """

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **MIME)
    protocol_version = "HTTP/1.1"

    def log_message(self, fmt, *args):  # quiet unless asked
        if getattr(self.server, "verbose", False):
            super().log_message(fmt, *args)

    def parse_request(self):
        # checked once the request line has arrived, so an idle keep-alive connection
        # opened before going offline gets no answer either
        if getattr(self.server, "offline", False):
            self.close_connection = True
            return False
        return super().parse_request()

    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Cache-Control", getattr(self.server, "cache_control", "no-cache"))
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            try:
                st = os.stat(path)
                etag = f'"{st.st_size:x}-{st.st_mtime_ns:x}"'
                if self.not_modified(etag):
                    return None
                self._etag = etag
            except OSError:
                pass
        return super().send_head()

    def not_modified(self, etag: str) -> bool:
        """Answers 304 (and returns True) when the browser's copy carries ``etag``."""
        if self.headers.get("If-None-Match") != etag:
            return False
        self.send_response(304)
        self.send_header("ETag", etag)
        self.send_header("Content-Length", "0")
        self.end_headers()
        self._record(304, 0)
        return True

    def send_header(self, keyword, value):
        if keyword == "Last-Modified" and getattr(self, "_etag", None):
            super().send_header("ETag", self._etag)
            self._etag = None
        super().send_header(keyword, value)

    def copyfile(self, source, outputfile):
        data = source.read()
        outputfile.write(data)
        self._record(200, len(data))

    def _record(self, status, nbytes):
        log = getattr(self.server, "log", None)
        if log is not None:
            log.append((self.path.split("?")[0].split("#")[0], status, nbytes))


class DistServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    offline = False
    verbose = False
    log = None

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return  # the browser went away mid-answer (closed tab, cancelled fetch)
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                **attrs) -> DistServer:
    handler = functools.partial(DistHandler, directory=str(directory))
    server = DistServer((host, port), handler)
    for k, v in attrs.items():
        setattr(server, k, v)
    return server


def serve_in_thread(directory: Path = DIST, **kw) -> DistServer:
    server = make_server(directory, **kw)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def ensure_pyodide() -> None:
    """Install the pinned Pyodide npm package when it is missing (the quick start's one step)."""
    try:
        check_pyodide()
        vendor_files()
        return
    except BuildError:
        pass
    import subprocess
    # .ci/pyodide-setup.sh installs Debian's nodejs and npm first when they are missing
    print("build.py: installing the pinned Pyodide core (npm ci) ...", file=sys.stderr)
    if subprocess.run(["sh", str(ROOT / ".ci" / "pyodide-setup.sh")], cwd=ROOT).returncode:
        raise BuildError("the Pyodide set-up failed (see above); the build needs Node.js, npm "
                         "(Debian: `apt-get install -y nodejs npm`) and node_modules/pyodide.")
    vendor_files()  # a clear message if npm ci did not bring the QR libraries


def port_error(host: str, port: int, error: Exception) -> str:
    """One line for a port that cannot be served on, naming the option that picks another."""
    if isinstance(error, OverflowError):
        why = "a port is a number from 0 to 65535"
    elif getattr(error, "errno", None) == errno.EADDRINUSE:
        why = "the port is in use (is the app already being served?)"
    else:
        why = error.strerror or str(error)
    return (f"build.py: cannot serve on {host}:{port}: {why}; choose another port with "
            f"--port, e.g. python3 build.py serve --port {port + 1 if 0 < port < 65535 else 8001}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", nargs="?", choices=("build", "serve", "trace"), default="build")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--host", default="localhost")
    ap.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    ap.add_argument("--stamp", default="", help="extra text that changes the version")
    args = ap.parse_args(argv)
    server = None
    if args.command == "trace":
        return trace_main()
    if args.command == "serve":
        # Take the port first: a busy port fails at once, not after a build of several seconds.
        try:
            server = make_server(DIST, args.host, args.port, verbose=True)
        except (OSError, OverflowError) as e:
            print(port_error(args.host, args.port, e), file=sys.stderr)
            return EXIT_PORT
    try:
        return build_and_serve(args, server)
    finally:
        if server is not None:
            server.server_close()


def trace_main() -> int:
    """``python3 build.py trace``: trace what the app's Python imports, write the list."""
    try:
        ensure_pyodide()
        trace = stdlib_trace(engine_archive())
    except BuildError as e:
        print(e.code, file=sys.stderr)
        return 2
    try:
        before = json.loads(STDLIB_LIST.read_text())["modules"]
    except (OSError, ValueError, TypeError, KeyError):   # none yet, or unreadable: replaced
        before = {}
    before = before if isinstance(before, dict) else {}
    write_stdlib_list(trace)
    added = sorted(set(trace["modules"]) - set(before))
    dropped = sorted(set(before) - set(trace["modules"]))
    print(f"build.py: {STDLIB_LIST.relative_to(ROOT)}: {len(trace['modules'])} modules of the "
          f"standard library archive ({len(trace['calls'])} api calls traced in "
          f"{trace['ms']['restored'] / 1000:.0f} s); added: {', '.join(added) or 'none'}; "
          f"dropped: {', '.join(dropped) or 'none'}")
    return 0


def build_and_serve(args, server: DistServer | None) -> int:
    """Build (unless ``--no-build``), then serve on ``server`` until Ctrl-C if there is one."""
    try:
        if not (server is not None and args.no_build):
            ensure_pyodide()
            build(stamp=args.stamp)
    except BuildError as e:
        print(e.code, file=sys.stderr)
        return 2
    if server is None:
        return 0
    if not (DIST / "index.html").is_file():
        print("build.py: dist/ is empty: run without --no-build", file=sys.stderr)
        return 2
    print(f"build.py: serving dist/ at http://{args.host}:{server.server_address[1]}/ "
          "(Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
