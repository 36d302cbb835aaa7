"""The browser the Chromium benchmarks drive: Debian's Chromium (never ``playwright install``)
and the switches it runs with (.ci/browser-setup.sh installs both it and playwright)."""

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--disable-dev-shm-usage"]
