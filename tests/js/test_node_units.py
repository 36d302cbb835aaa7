"""The JS unit tier (docs/testing.md, "The JS unit tier"): the tests of tests/js/ in Node's
own runner (``node --test``), no bundler and no browser, one pytest item per test file.

A failing JS test fails its item with node's report (the TAP lines of what failed). Without
Node or node_modules (``npm ci``) the items skip, unless ``TAPETE_REQUIRE_NODE=1``
(``tools/test.sh`` sets it, also with ``--quick``): then they fail.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
FILES = sorted(p.name for p in HERE.glob("*.test.mjs"))
#: A test file runs in well under a second; this only stops one that hangs.
TIMEOUT_S = 120
#: Lines of node's report kept in a failure's message, at most.
REPORT_LINES = 400


def _node() -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    missing = ("Node.js is not installed (Debian: apt-get install -y nodejs)" if not node
               else "node_modules/fast-check is missing: run `npm ci`"
               if not (ROOT / "node_modules" / "fast-check" / "package.json").is_file() else None)
    if missing:
        if os.environ.get("TAPETE_REQUIRE_NODE"):
            pytest.fail(missing)
        pytest.skip(missing)
    return node


def test_there_are_js_unit_tests():
    assert len(FILES) >= 10, FILES


def _failures(report: str) -> str:
    """The blocks of node's TAP report about failed tests (each "not ok" to the next test), then
    its counts; the whole report when there is no such block (node itself failed)."""
    lines = report.splitlines()
    keep, on = [], False
    for line in lines:
        if re.match(r"\s*not ok ", line):
            on = True
        elif re.match(r"\s*(ok \d|# Subtest:)", line):
            on = False
        if on or line.startswith("# "):
            keep.append(line)
    return "\n".join((keep if any("not ok" in k for k in keep) else lines)[-REPORT_LINES:])


@pytest.mark.parametrize("name", FILES)
def test_js_units(name):
    out = subprocess.run([_node(), "--test", "--test-reporter=tap", str(HERE / name)], cwd=ROOT,
                         capture_output=True, text=True, timeout=TIMEOUT_S)
    report = out.stdout + out.stderr
    counts = dict(re.findall(r"^# (tests|pass|fail|cancelled|skipped|todo) (\d+)$", report, re.M))
    if out.returncode != 0 or counts.get("fail") != "0" or counts.get("cancelled") != "0":
        pytest.fail(f"node --test tests/js/{name}: exit {out.returncode}\n" + _failures(report), pytrace=False)
    assert int(counts.get("pass", 0)) > 0, report[-2000:]
