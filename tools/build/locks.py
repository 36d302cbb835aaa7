"""The pins build.py checks before it ships a byte of node_modules: the Pyodide core (its
version and files, the lock file of what is shipped) and the npm packages copied into
dist/vendor/ (each at the exact version package.json pins). Each failure is a BuildError
that names the fix (``npm ci``)."""

from __future__ import annotations

import json
from pathlib import Path

from tools import ROOT

from .common import BuildError, canonical_json


def check_pyodide(src: Path, version: str, files: tuple[str, ...]) -> dict:
    """The Pyodide npm package's metadata in ``src`` (``version``, with ``files``), or a clear
    BuildError."""
    pkg = src / "package.json"
    if not pkg.is_file():
        raise BuildError(
            f"the Pyodide core is missing: {src.relative_to(ROOT) if src.is_relative_to(ROOT) else src}"
            f" does not exist.\n  Run `npm ci` in {ROOT} (package.json pins pyodide "
            f"{version}), then build again.")
    meta = json.loads(pkg.read_text())
    if meta.get("version") != version:
        raise BuildError(f"node_modules/pyodide is version {meta.get('version')}, this build "
                         f"pins {version}: run `npm ci`.")
    missing = [f for f in files + ("pyodide-lock.json",) if not (src / f).is_file()]
    if missing:
        raise BuildError(f"node_modules/pyodide lacks {', '.join(missing)}: run `npm ci`.")
    return meta


def minimal_lock(src: Path) -> bytes:
    """The lock file of what is shipped: Pyodide's ``info``, no packages."""
    lock = json.loads((src / "pyodide-lock.json").read_text())
    return canonical_json({"info": lock["info"], "packages": {}})


def vendor_files(vendor: dict[str, dict[str, str]], modules: Path) -> dict[str, bytes]:
    """The files of ``vendor`` (package → {file in the package: path in dist}) from
    ``modules`` (dist path → bytes), each package at package.json's pin, or a BuildError
    naming ``npm ci``."""
    pins = json.loads((ROOT / "package.json").read_text()).get("devDependencies", {})
    out = {}
    for package, files in vendor.items():
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
