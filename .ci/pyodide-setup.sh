#!/bin/sh
# Install the pinned npm packages (package.json / package-lock.json) into node_modules/:
# Pyodide for tests/pyodide, tools/bench.py and the build, and axe-core (accessibility checks
# in tests/browser; never shipped in dist/). Idempotent: does nothing when node_modules already
# matches the lock. Uses `npm ci` (exact lock); `npm install` only if there is no lock yet.
# Usage: .ci/pyodide-setup.sh   (from anywhere; works in the repo root)
set -eu
cd "$(dirname "$0")/.."

command -v node >/dev/null 2>&1 || { echo "pyodide-setup: node not found (need Node >= 18)" >&2; exit 1; }
command -v npm >/dev/null 2>&1 || { echo "pyodide-setup: npm not found" >&2; exit 1; }

want=$(node -p 'require("./package.json").devDependencies.pyodide')
have=$(node -p 'try { require("./node_modules/pyodide/package.json").version } catch (e) { "" }')
# npm writes node_modules/.package-lock.json on install; if it equals the lock's packages and the
# pinned version is present, there is nothing to do.
if [ -f package-lock.json ] && [ "$have" = "$want" ] && [ -f node_modules/pyodide/pyodide.asm.wasm ] \
   && [ -f node_modules/axe-core/axe.min.js ] \
   && [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  echo "pyodide-setup: pyodide $have already installed"
  exit 0
fi

if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi
echo "pyodide-setup: pyodide $(node -p 'require("./node_modules/pyodide/package.json").version') installed"
