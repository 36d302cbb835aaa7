"""A backup made in Chromium, for the Firefox test of tests/webkit_firefox/test_deploy.py
(made in one engine, restored in another): run in a process of its own (Playwright's sync API
must not meet another in the test's process).

    python3 -m tests.webkit_firefox.chromium_backup URL    # prints the backup's text

Debian's headless Chromium opens the app at URL (Python's worker not loaded: the backup needs
none), stores ``MATCHES`` (made in CPython) through the app's store, lesson stars, a daily
result and settings, and saves a backup with the app's own ``backupNow()`` (web/backup.js)."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.browser.helpers import ADD_RECORD, match_file, outcome, played_until, seat0_view  # noqa: E402

CHROMIUM = os.environ.get("TAPETE_CHROMIUM", "/usr/bin/chromium-headless-shell")
LESSONS = {"v": 1, "done": {"cuatrola/tricks": {"stars": 2, "at": 1_700_000_000_000}}}
SETTINGS = {"lang": "en", "speed": "instant", "theme": "dark"}


def matches() -> dict:
    """Two matches made in CPython: a short Cuatrola played to its end, one being played."""
    done = played_until(match_file("cuatrola", {"end": "target", "target": 1}, seed="engines-1"), lambda v: False)
    playing = played_until(match_file("cuatrola", seed="engines-2"), lambda v: len(v.get("trick") or []) == 2)
    return {"c-done": done, "c-playing": playing}


def main(url: str) -> int:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        ctx = p.chromium.launch_persistent_context(tempfile.mkdtemp(prefix="tapete-chromium-"), executable_path=CHROMIUM,
                                                   args=["--no-sandbox", "--disable-gpu"], headless=True,
                                                   service_workers="block")
        page = ctx.pages[0] if ctx.pages else ctx.new_page()
        page.route("**/worker.js", lambda route: route.abort())   # no Python: a backup needs none
        page.goto(url)
        page.wait_for_selector("#new-cuatrola")
        for mid, m in matches().items():
            view = seat0_view(m)
            page.evaluate(ADD_RECORD, {"id": mid, "game": m["game"], "origin": "new", "match": m, "view": view, **outcome(view)})
        page.evaluate("([l, s]) => { localStorage.setItem('tapete.lessons', JSON.stringify(l));"
                      " localStorage.setItem('tapete.settings', JSON.stringify(s)); }", [LESSONS, SETTINGS])
        text = page.evaluate("async () => (await (await import('./backup.js')).backupNow()).text")
        ctx.close()
    sys.stdout.write(json.dumps({"text": text, "agent": "chromium"}) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
