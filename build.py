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
- ``icons/``: PNG icons drawn with zlib + struct (no image library: ``tools/build/icons.py``);
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
import hashlib
import io
import json
import os
import shutil
import sys
import zipfile
from pathlib import Path

# the build's parts, each a module of one concern: the dev server, the icons, the stdlib
# trace, the pins of node_modules (tools/build/; their names stay reachable from here)
from tools.build import locks, serve, trace
from tools.build.common import BuildError, canonical_json, node_for  # noqa: F401
from tools.build.icons import ICONS, icon_bytes  # noqa: F401

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
    # MQTT.js's browser ES module (its dependencies bundled): web/together/relay.js imports it
    # when a table goes online, never before (docs/play-together.md, "The relays")
    "mqtt": {"dist/mqtt.esm.js": "vendor/mqtt.mjs", "LICENSE.md": "vendor/mqtt.LICENSE.txt"},
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
    "screens/review.js", "screens/replay.js", "assist/",   # the review, the replay, the hint
    "lessons/",                                    # the lessons (their files, words, styles)
    "bot-pace.js", "pace.js",                      # the expert paced to the phone (issue 42)
    "install.js", "install-offer.js",              # home's install offer (after a first visit)
    "backup.js", "backup-file.js", "canonical.js",   # the backup, a match file's identity
    "keeping/",                                    # the install offer's and the backup's words and styles
    "screenshots/",                                # the manifest's (the browser's install sheet)
    "sound/",                                      # the table's sound cues (the first tap at a table)
)
#: Exit status of ``serve`` when the port cannot be had (a build error exits 2).
EXIT_PORT = 3

#: The Content-Security-Policy of the app. The same policy is in web/index.html as a meta
#: tag (which covers the page wherever it is hosted); served as a header it also covers
#: the module worker, whose policy comes from its own script's response.
#: 'wasm-unsafe-eval' is what Pyodide needs to compile its WebAssembly; no 'unsafe-eval'.
#: connect-src's ``wss:``: the MQTT relays of a table online (WebSockets over TLS only), the
#: public defaults or a family's own broker set in Settings (docs/play-together.md, "One link").
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
       "img-src 'self' data: blob:; font-src 'self'; connect-src 'self' wss:; worker-src 'self'; "
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


# --------------------------------------------------------------------------- helpers
def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sri(data: bytes) -> str:
    """Subresource-integrity string (what fetch's ``integrity`` option checks)."""
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


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


# --------------------------------------------------------------------------- pins (tools/build/locks.py)
def check_pyodide(src: Path | None = None) -> dict:
    """The Pyodide npm package's metadata, or a clear BuildError."""
    return locks.check_pyodide(src or PYODIDE_DIR, PYODIDE_VERSION, PYODIDE_FILES)


def minimal_lock(src: Path | None = None) -> bytes:
    """The lock file of what is shipped: Pyodide's ``info``, no packages."""
    return locks.minimal_lock(src or PYODIDE_DIR)


def vendor_files(modules: Path | None = None) -> dict[str, bytes]:
    """The files of ``VENDOR`` (dist path → bytes), or a BuildError naming ``npm ci``."""
    return locks.vendor_files(VENDOR, modules or NODE_MODULES)


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
    """What the app's Python imports (tools/build/trace.py): ``tools/build/stdlib.mjs trace``
    run on ``engine_zip`` with ``stdlib`` as the standard library (default: Pyodide's own)."""
    node = node_for("to trace the app's imports under Pyodide")
    check_pyodide()
    return trace.run(node, STDLIB_TOOL, PYODIDE_DIR, engine_zip, stdlib, STDLIB_NAME)


def write_stdlib_list(traced: dict) -> None:
    """``tools/build/stdlib_modules.json`` from a trace (tools/build/trace.py ``listing``)."""
    STDLIB_LIST.write_bytes(trace.listing(traced))


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
class DistHandler(serve.StaticHandler):
    """dist/'s files with ``MIME``'s types and the ``CSP`` (tools/build/serve.py: offline,
    log, revalidation)."""

    extensions_map = dict(serve.StaticHandler.extensions_map, **MIME)
    csp = CSP


DistServer = serve.DistServer
port_error = serve.port_error


def make_server(directory: Path = DIST, host: str = "127.0.0.1", port: int = 0,
                **attrs) -> DistServer:
    return serve.make_server(directory, DistHandler, host, port, **attrs)


def serve_in_thread(directory: Path = DIST, **kw) -> DistServer:
    return serve.serve_in_thread(make_server(directory, **kw))


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
        traced = stdlib_trace(engine_archive())
    except BuildError as e:
        print(e.code, file=sys.stderr)
        return 2
    before = trace.listed_modules(STDLIB_LIST)
    write_stdlib_list(traced)
    print(trace.report(traced, before, str(STDLIB_LIST.relative_to(ROOT))))
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
