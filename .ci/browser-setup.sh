#!/bin/sh
# Idempotent set-up for the browser tests (tests/browser): Debian's Chromium (the headless
# shell most tests launch, /usr/bin/chromium-headless-shell, and the full browser a few need,
# /usr/bin/chromium), coturn (a local STUN and TURN server) and the Playwright Python
# package, plus the pinned Pyodide core the build ships. Never runs `playwright install` (its
# browser download does not work here).
set -eu
cd "$(dirname "$0")/.."

# coturn: the local STUN and TURN server of the play-together tests (tests/browser/turn.py
# starts its own on a free port; the package's service is not needed)
need=""
# (the two together: each needs chromium-common of its own version, so one installed alone
# beside an older other would have apt move or remove that one)
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
    need="$need chromium chromium-headless-shell"
fi
command -v turnserver >/dev/null 2>&1 || need="$need coturn"
# mosquitto: the local MQTT relay of the tables online (tests/browser/relay.py starts its own,
# with mosquitto_sub / mosquitto_pub to watch and replay its traffic)
{ [ -x /usr/sbin/mosquitto ] || command -v mosquitto >/dev/null 2>&1; } || need="$need mosquitto"
command -v mosquitto_sub >/dev/null 2>&1 || need="$need mosquitto-clients"
if [ -n "$need" ]; then
    SUDO=""
    if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $need
fi

if ! python3 -c "import playwright.sync_api" >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check "playwright>=1.50" 2>/tmp/tapete-pw.err || {
        if grep -q externally-managed /tmp/tapete-pw.err; then
            python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "playwright>=1.50"
        else
            cat /tmp/tapete-pw.err >&2; exit 1
        fi
    }
fi

# build.py ships the pinned Pyodide core from node_modules/pyodide
if [ ! -f node_modules/pyodide/pyodide.asm.wasm ]; then
    if [ -f .ci/pyodide-setup.sh ]; then sh .ci/pyodide-setup.sh; else npm ci --no-audit --no-fund; fi
fi
echo "browser-setup: $(/usr/bin/chromium --version 2>/dev/null | tail -n 1), headless shell $(dpkg-query -W -f='${Version}' chromium-headless-shell 2>/dev/null); coturn $(dpkg-query -W -f='${Version}' coturn 2>/dev/null); mosquitto $(dpkg-query -W -f='${Version}' mosquitto 2>/dev/null); playwright $(python3 -c 'import importlib.metadata as m; print(m.version("playwright"))')"
