#!/bin/sh
# Idempotent set-up for the smoke suite in WebKit and Firefox (tests/webkit_firefox): Debian's
# webkit2gtk-driver (WebKitWebDriver and WebKitGTK's MiniBrowser), xvfb (MiniBrowser needs an X
# display) and firefox-esr. puppeteer-core, which drives Firefox, is a devDependency installed
# with the rest of node_modules by .ci/pyodide-setup.sh (it never downloads a browser).
# Usage: .ci/webkit-firefox-setup.sh   (from anywhere; apt-get as root or with sudo)
set -eu
cd "$(dirname "$0")/.."

need=""
command -v WebKitWebDriver >/dev/null 2>&1 || need="$need webkit2gtk-driver"
command -v Xvfb >/dev/null 2>&1 || need="$need xvfb"
command -v firefox-esr >/dev/null 2>&1 || need="$need firefox-esr"
if [ -n "$need" ]; then
    SUDO=""
    if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi
    $SUDO apt-get update
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $need
fi
if [ ! -f node_modules/puppeteer-core/package.json ]; then sh .ci/pyodide-setup.sh; fi
echo "webkit-firefox-setup: WebKitGTK $(dpkg-query -W -f='${Version}' libwebkit2gtk-4.1-0 2>/dev/null);" \
     "$(firefox-esr --version 2>/dev/null);" \
     "puppeteer-core $(node -p 'require("./node_modules/puppeteer-core/package.json").version')"
