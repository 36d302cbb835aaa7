"""The engine as a wheel: what it holds, its metadata, and the ``tapete`` command it installs.

The wheel is built once per session by tools/build/wheels.py (offline with the pinned setuptools in
.cache/wheels/; tools/test.sh fetches it) and installed into a fresh ``python -m venv`` by pip
(--no-deps, --no-index: the engine has no runtime dependencies). The installed ``tapete``
command must behave exactly as ``python3 -m engine`` run from the source tree.
"""

from __future__ import annotations

import email.parser
import json
import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tools.build import wheels

# the session's wheel and venv built once, on one xdist worker
pytestmark = pytest.mark.xdist_group("wheel")

ROOT = Path(__file__).resolve().parents[2]
DIST_INFO = "tapete-{version}.dist-info"
# What the pinned setuptools writes into a wheel's .dist-info (RECORD lists the others).
DIST_INFO_FILES = {"METADATA", "WHEEL", "RECORD", "entry_points.txt", "top_level.txt"}
# Scripted moves for `play`: the first legal action four times (bids, then cards), then quit.
MOVES = "0\n0\n0\n0\nquit\n"
SEED = "s"
TIMEOUT = 120


def project() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]


def engine_files() -> set[str]:
    """The engine's files as the wheel must hold them (the app's engine.zip takes the same)."""
    out = set()
    for p in (ROOT / "engine").rglob("*"):
        rel = p.relative_to(ROOT)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if p.is_file() and p.suffix in wheels.ENGINE_SUFFIXES:
            out.add(rel.as_posix())
    return out


def clean_env(**extra) -> dict:
    """The environment without PYTHON* variables (nothing may put the source tree on the path)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(extra)
    return env


def run(cmd, cwd, stdin="", env=None) -> subprocess.CompletedProcess:
    return subprocess.run([str(c) for c in cmd], cwd=cwd, input=stdin, capture_output=True,
                          text=True, encoding="utf-8", env=env or clean_env(), timeout=TIMEOUT)


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    return wheels.build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="session")
def venv(tmp_path_factory, wheel) -> Path:
    """A fresh virtual environment with only the wheel installed; its bin/ directory."""
    root = tmp_path_factory.mktemp("venv")
    proc = run([sys.executable, "-m", "venv", "--without-pip", root], cwd=root)
    assert proc.returncode == 0, proc.stderr
    python = root / "bin" / "python"
    proc = run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet",
                "--disable-pip-version-check", "--no-deps", "--no-index", wheel], cwd=root)
    assert proc.returncode == 0, proc.stderr
    return root / "bin"


def test_wheel_holds_exactly_the_engine_package(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    info = DIST_INFO.format(version=project()["version"])
    package = {n for n in names if not n.startswith(info + "/")}
    assert package == engine_files()  # no tests/, tools/, web/, build.py, __pycache__
    assert {n.split("/", 1)[1] for n in names if n.startswith(info + "/")} == DIST_INFO_FILES
    assert wheel.name == f"tapete-{project()['version']}-py3-none-any.whl"


def test_wheel_metadata(wheel):
    meta = project()
    info = DIST_INFO.format(version=meta["version"])
    with zipfile.ZipFile(wheel) as z:
        md = email.parser.Parser().parsestr(z.read(f"{info}/METADATA").decode())
        entry_points = z.read(f"{info}/entry_points.txt").decode()
        wheel_file = z.read(f"{info}/WHEEL").decode()
    assert md["Name"] == "tapete"
    import engine
    assert md["Version"] == meta["version"] == engine.__version__
    assert md["Requires-Python"] == ">=3.11"
    assert md.get_all("Requires-Dist") is None  # no runtime dependencies
    assert md.get_all("Provides-Extra") is None
    assert md["Description-Content-Type"] == "text/markdown"
    assert md.get_payload().strip() == (ROOT / "README.md").read_text(encoding="utf-8").strip()
    assert md.get_all("Classifier") == meta["classifiers"]
    assert "Programming Language :: Python :: 3 :: Only" in md.get_all("Classifier")
    # The repository has no license file: the wheel claims none.
    assert md.get_all("License") is None and md.get_all("License-Expression") is None
    assert "[console_scripts]\ntapete = engine.__main__:main" in entry_points
    assert "Root-Is-Purelib: true" in wheel_file and "Tag: py3-none-any" in wheel_file


def test_wheel_build_is_reproducible(wheel, tmp_path):
    again = wheels.build_wheel(tmp_path)
    assert again.read_bytes() == wheel.read_bytes()


def test_installed_engine_comes_from_the_venv(venv, tmp_path):
    proc = run([venv / "python", "-c",
                "import engine, importlib.metadata as m; "
                "print(engine.__file__); print(m.version('tapete'))"], cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    where, version = proc.stdout.split()
    assert Path(where).is_relative_to(venv.parent), where
    assert version == project()["version"]


def test_tapete_play_and_replay_as_python_m_engine(venv, tmp_path):
    """`tapete play` then `tapete replay` give what `python3 -m engine` gives from the source."""
    installed, source = tmp_path / "installed", tmp_path / "source"
    installed.mkdir()
    source.mkdir()
    args = ["play", "cuatrola", "--seed", SEED, "--save", "match.json"]
    got = run([venv / "tapete", *args], cwd=installed, stdin=MOVES)
    want = run([sys.executable, "-m", "engine", *args], cwd=source, stdin=MOVES,
               env=clean_env(PYTHONPATH=str(ROOT)))
    assert got.returncode == want.returncode == 0, (got.stderr, want.stderr)
    assert got.stdout == want.stdout
    assert got.stdout.count("legal: ") == MOVES.count("\n")  # four moves asked, then quit
    assert "saved match.json" in got.stdout
    saved = (installed / "match.json").read_text(encoding="utf-8")
    assert saved == (source / "match.json").read_text(encoding="utf-8")
    match = json.loads(saved)
    assert match["game"] == "cuatrola" and match["seed"] == SEED
    assert len(match["actions"]) >= MOVES.count("0")  # mine plus the computer players'

    got = run([venv / "tapete", "replay", "match.json"], cwd=installed)
    want = run([sys.executable, "-m", "engine", "replay", "match.json"], cwd=source,
               env=clean_env(PYTHONPATH=str(ROOT)))
    assert got.returncode == want.returncode == 0, (got.stderr, want.stderr)
    assert got.stdout == want.stdout
    summary = json.loads(got.stdout)
    assert summary["game"] == "cuatrola" and summary["finished"] is False


def test_tapete_replay_bad_file_is_a_message_not_a_traceback(venv, tmp_path):
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    proc = run([venv / "tapete", "replay", "bad.json"], cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: bad.json") and "Traceback" not in proc.stderr
