"""Importing the same match file twice keeps one entry in the history."""

from __future__ import annotations

import json

from engine.api import handle

from .helpers import (goto, set_settings, stored)


def test_importing_the_same_match_twice_keeps_one_entry(phone, app_url, tmp_path):
    set_settings(phone, speed="instant", lang="en")
    m = handle({"op": "new", "game": "cuatrola", "seed": "import-twice", "seat": 0, "rules": {}})["match"]
    path = tmp_path / "m.json"
    path.write_text(json.dumps(m))
    goto(phone, app_url, "#/history")
    phone.wait_for_selector("#import")
    n = phone.locator(".history-item").count()
    phone.set_input_files("#import-file", str(path))
    phone.wait_for_selector(".history-item.new")
    first = phone.get_attribute(".history-item.new", "data-id")
    assert phone.locator(".history-item").count() == n + 1
    # the list never stands empty while it is filled again (it did: a flash, and a test race)
    phone.evaluate("""() => {
      window.__fewest = Infinity;
      const list = document.querySelector('.history-list');
      new MutationObserver(() => {
        window.__fewest = Math.min(window.__fewest, list.querySelectorAll('.history-item').length);
      }).observe(list, { childList: true });
    }""")
    phone.set_input_files("#import-file", str(path))
    phone.wait_for_function("() => document.getElementById('toast').textContent.includes('already')")
    phone.wait_for_selector(".history-item.new")
    assert phone.evaluate("() => window.__fewest") == n + 1
    assert phone.locator(".history-item").count() == n + 1
    assert phone.get_attribute(".history-item.new", "data-id") == first
    assert stored(phone, first)["match"]["actions"] == m["actions"]
