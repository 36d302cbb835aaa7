#!/usr/bin/env bash
# Install every test need and run every test: engine (CPython), engine under Pyodide (Node),
# and the app in Debian's headless Chromium. This is the README's test command; .ci/run runs it.
#
#   bash tools/test.sh [PYTEST ARGS]           everything, in parallel (pytest-xdist, -n auto)
#   bash tools/test.sh --quick [PYTEST ARGS]   the engine tier and the JS unit tier: engine
#                                              doctests, tests/engine and tests/bots without the
#                                              tests marked slow, tests/js (node --test); installs
#                                              only pytest's and Node's needs when they are missing
#
# The worker count of -n auto: tests/conftest.py (TAPETE_WORKERS=N sets it); -n 0 runs in one
# process. pytest prints the 25 slowest tests at the end of every run (pyproject.toml).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi

pip_install() {
  python3 -m pip install --quiet --disable-pip-version-check "$@" 2>/tmp/tapete-pip.err || {
    if grep -q externally-managed /tmp/tapete-pip.err; then
      python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "$@"
    else
      cat /tmp/tapete-pip.err >&2; return 1
    fi
  }
}

if ! python3 -m pip --version >/dev/null 2>&1; then
  echo "== pip and venv (Debian)"  # a fresh Debian machine has python3 without them
  SUDO=""
  if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y python3-pip python3-venv
fi

if [ "$quick" = 1 ]; then
  if ! python3 -c "import pytest, hypothesis, xdist" >/dev/null 2>&1; then
    echo "== python test needs"
    pip_install -r requirements-test.txt
  fi
  echo "== node and npm packages (the JS unit tier)"
  sh .ci/pyodide-setup.sh
  export TAPETE_REQUIRE_NODE=1
  echo "== pytest (quick: the engine tier and the JS units; CI runs everything)"
  exec python3 -m pytest -n auto --dist loadgroup -m "not slow" engine tests/engine tests/bots tests/js "$@"
fi

echo "== python test needs"
pip_install -r requirements-test.txt
echo "== pyodide (npm)"
sh .ci/pyodide-setup.sh
echo "== wheels (PyPI): setuptools to build the engine's wheel, micropip for Pyodide"
python3 -m tools.build.wheels --fetch
echo "== chromium"
sh .ci/browser-setup.sh
echo "== webkit and firefox"; sh .ci/webkit-firefox-setup.sh

export TAPETE_REQUIRE_PYODIDE=1 TAPETE_REQUIRE_BROWSER=1 TAPETE_REQUIRE_NODE=1
echo "== pytest"
# A test that fails because a browser wait ran out (Playwright's TimeoutError, the WebKit and
# Firefox drivers' DriverError) runs once more; any other failure, and a second time-out, fails
# the run. The reruns are listed at the end ("RERUN", docs/testing.md).
python3 -m pytest -n auto --dist loadgroup -rR --reruns 1 \
  --only-rerun '^TimeoutError: \w+\.\w+: Timeout \d+ms exceeded' --only-rerun '^DriverError: \w[\w-]*: waited' "$@"
