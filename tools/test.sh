#!/usr/bin/env bash
# Install every test need and run every test: engine (CPython), engine under Pyodide (Node),
# and the app in Debian's headless Chromium. This is the README's test command; .ci/run runs it.
set -euo pipefail
cd "$(dirname "$0")/.."

pip_install() {
  python3 -m pip install --quiet --disable-pip-version-check "$@" 2>/tmp/tapete-pip.err || {
    if grep -q externally-managed /tmp/tapete-pip.err; then
      python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "$@"
    else
      cat /tmp/tapete-pip.err >&2; return 1
    fi
  }
}

echo "== python test needs"
pip_install -r requirements-test.txt
echo "== pyodide (npm)"
sh .ci/pyodide-setup.sh
echo "== chromium"
sh .ci/browser-setup.sh

export TAPETE_REQUIRE_PYODIDE=1 TAPETE_REQUIRE_BROWSER=1
echo "== pytest"
python3 -m pytest "$@"
