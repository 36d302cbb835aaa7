#!/usr/bin/env python3
"""The engine as a wheel (distribution ``tapete``, import package ``engine``).

    python3 -m tools.build.wheels              build dist-wheel/tapete-VERSION-py3-none-any.whl
    python3 -m tools.build.wheels --out DIR    build into DIR
    python3 -m tools.build.wheels --fetch      only download the pinned wheels into .cache/wheels/

The build is offline and reproducible once ``.cache/wheels/`` holds the build backend
(``--fetch``, or the first build, downloads it with pip from PyPI): the exact setuptools that
``pyproject.toml`` pins runs its PEP 517 ``build_wheel`` (``python -S``: nothing else from
site-packages) on a clean copy of ``pyproject.toml``, ``README.md`` and ``engine/`` (so no
stale ``build/`` or ``*.egg-info`` can leak in) with ``SOURCE_DATE_EPOCH`` fixed: the same
sources give the same bytes, the same as ``SOURCE_DATE_EPOCH=315532800 pip wheel .`` gives.

``--fetch`` also downloads the micropip wheel that Pyodide's lock file names (the npm
package holds Pyodide's core only), for tests/pyodide/test_package_micropip.py.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from tools import ROOT

CACHE = ROOT / ".cache" / "wheels"
WHEEL_DIR = ROOT / "dist-wheel"
PYODIDE_LOCK = ROOT / "node_modules" / "pyodide" / "pyodide-lock.json"
#: Sources copied into the clean build tree; engine files as build.py's engine.zip takes them.
SOURCES = ("pyproject.toml", "README.md")
ENGINE_SUFFIXES = (".py", ".json")
#: 1980-01-01T00:00:00Z, the earliest time a zip entry can hold (build.py's ZIP_DATE too).
SOURCE_DATE_EPOCH = "315532800"
#: The Python that Pyodide runs: micropip's wheel requires it, not the host's Python.
PYODIDE_PYTHON = "3.14"
FILE_MODE = 0o644
#: PEP 517 ``build_wheel`` of the backend (on PYTHONPATH) in the source tree, wheel into argv[1].
PEP517_BUILD = """\
import sys
from setuptools import build_meta
print(build_meta.build_wheel(sys.argv[1]))
"""


class WheelError(RuntimeError):
    """A missing download or a failed build, with what to do about it."""


def _pin(requirement: str) -> tuple[str, str]:
    name, sep, version = requirement.partition("==")
    if not sep or not version or any(c in version for c in "<>=!~*,; "):
        raise WheelError(f"pyproject.toml: the build backend must be pinned as NAME==VERSION, "
                         f"not {requirement!r}")
    return name.strip(), version.strip()


def backend_pin() -> tuple[str, str]:
    """(name, version) of the build backend pinned in pyproject.toml's build-system."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        requires = tomllib.load(f)["build-system"]["requires"]
    if len(requires) != 1:
        raise WheelError(f"pyproject.toml: expected one pinned build requirement, got {requires}")
    return _pin(requires[0])


def micropip_pin(lock_path: Path = PYODIDE_LOCK) -> tuple[str, str]:
    """(name, version) of the micropip that the pinned Pyodide's lock file names."""
    if not lock_path.is_file():
        raise WheelError(f"{lock_path} is missing: run .ci/pyodide-setup.sh (npm ci) first")
    entry = json.loads(lock_path.read_text(encoding="utf-8"))["packages"]["micropip"]
    return entry["name"], entry["version"]


def cached_wheel(name: str, version: str) -> Path | None:
    """The wheel of ``name==version`` in the cache, if it is there."""
    norm = name.replace("-", "_").lower()
    for p in sorted(CACHE.glob("*.whl")):
        dist, ver = p.name.split("-")[:2]
        if dist.lower() == norm and ver == version:
            return p
    return None


def fetch(name: str, version: str, python_version: str | None = None) -> Path:
    """The cached wheel of ``name==version``; downloads it from PyPI (pip) when missing."""
    found = cached_wheel(name, version)
    if found is not None:
        return found
    CACHE.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
           "--no-deps", "--only-binary=:all:", "--dest", str(CACHE), f"{name}=={version}"]
    if python_version:
        cmd[4:4] = ["--python-version", python_version]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    found = cached_wheel(name, version)
    if proc.returncode != 0 or found is None:
        raise WheelError(f"cannot download {name}=={version} into {CACHE} "
                         f"(pip exit {proc.returncode}; it needs PyPI once):\n{proc.stderr[-2000:]}")
    return found


def fetch_all() -> list[Path]:
    """Everything the package tests need from PyPI: the build backend and micropip."""
    return [fetch(*backend_pin()), fetch(*micropip_pin(), python_version=PYODIDE_PYTHON)]


def micropip_packages(dest: Path, lock_path: Path = PYODIDE_LOCK) -> Path:
    """Put the micropip wheel and a lock file naming it (and nothing else) into ``dest``.

    PyPI's micropip wheel is not the file Pyodide's lock describes (Pyodide ships its own
    build), so the lock entry is rewritten with the sha256 of the file shipped: browsers
    check it as fetch integrity. Returns the lock file's path.
    """
    name, version = micropip_pin(lock_path)
    src = fetch(name, version, python_version=PYODIDE_PYTHON)
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest / src.name)
    entry = dict(lock["packages"][name], file_name=src.name,
                 sha256=hashlib.sha256(src.read_bytes()).hexdigest())
    out = dest / "pyodide-lock.json"
    out.write_text(json.dumps({"info": lock["info"], "packages": {name: entry}}, indent=1,
                              sort_keys=True) + "\n", encoding="utf-8")
    return out


def _copy_sources(dest: Path) -> None:
    for name in SOURCES:
        shutil.copyfile(ROOT / name, dest / name)
    src = ROOT / "engine"
    for p in sorted(src.rglob("*")):
        rel = p.relative_to(src)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if p.is_file() and p.suffix in ENGINE_SUFFIXES:
            target = dest / "engine" / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, target)
            target.chmod(FILE_MODE)  # a checkout's umask must not change the wheel's bytes


def build_wheel(out_dir: Path = WHEEL_DIR) -> Path:
    """Build the engine's wheel into ``out_dir`` (replacing earlier tapete wheels there)."""
    backend = fetch(*backend_pin())
    out_dir = Path(out_dir)
    with tempfile.TemporaryDirectory(prefix="tapete-wheel-") as tmp:
        src, built = Path(tmp) / "src", Path(tmp) / "out"
        src.mkdir()
        built.mkdir()
        _copy_sources(src)
        backend_dir = Path(tmp) / "backend"
        with zipfile.ZipFile(backend) as z:  # a pure-Python wheel unpacked is importable
            z.extractall(backend_dir)
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env["SOURCE_DATE_EPOCH"] = SOURCE_DATE_EPOCH
        env["PYTHONPATH"] = str(backend_dir)
        # -S: no site-packages, so only the standard library and the pinned backend are seen
        proc = subprocess.run([sys.executable, "-S", "-c", PEP517_BUILD, str(built)],
                              capture_output=True, text=True, env=env, cwd=src)
        wheels = sorted(built.glob("tapete-*.whl"))
        if proc.returncode != 0 or len(wheels) != 1:
            raise WheelError(f"the wheel build failed (exit {proc.returncode}):\n"
                             f"{proc.stdout[-2000:]}{proc.stderr[-4000:]}")
        out_dir.mkdir(parents=True, exist_ok=True)
        for old in out_dir.glob("tapete-*.whl"):
            old.unlink()
        return Path(shutil.copy2(wheels[0], out_dir / wheels[0].name))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.build.wheels",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=WHEEL_DIR, help="where the wheel goes")
    ap.add_argument("--fetch", action="store_true",
                    help="only download the pinned setuptools and micropip wheels")
    args = ap.parse_args(argv)
    try:
        if args.fetch:
            for p in fetch_all():
                print(f"wheels: {p.relative_to(ROOT)}")
        else:
            wheel = build_wheel(args.out)
            shown = wheel.relative_to(ROOT) if wheel.is_relative_to(ROOT) else wheel
            print(f"wheels: built {shown}")
    except WheelError as e:
        print(f"wheels: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
