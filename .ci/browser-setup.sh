#!/bin/sh
# Idempotent set-up for the browser tests (tests/browser): Debian's Chromium and
# the Playwright Python package. Never runs `playwright install` (its browser
# download does not work here): the tests launch /usr/bin/chromium.
set -eu
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
    SUDO=""
    if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium
fi

if ! python3 -c "import playwright, pytest_playwright" >/dev/null 2>&1; then
    python3 -m pip install --quiet "playwright>=1.50" "pytest-playwright>=0.5"
fi

# The build needs the pinned Pyodide core from the npm package.
if [ ! -f node_modules/pyodide/pyodide.asm.wasm ]; then
    npm ci --no-audit --no-fund
fi
echo "browser-setup: chromium $(/usr/bin/chromium --version 2>/dev/null | tail -n 1); playwright ok"
