"""The backup of everything a player keeps (issue 38; docs/match-format.md, "Backup files"):
saved from Settings on one phone, restored on another, where every match replays the same,
the statistics, the lessons' stars and the daily results are equal and nothing of that phone
is lost; restored twice, nothing is doubled; a broken file is refused with a clear message
and changes nothing. The file's format, check and merge rules are tested in Node
(tests/js/backup.test.mjs); here is what only a browser shows: IndexedDB and localStorage,
the file going out through the share sheet or a download and coming back through the file
picker."""

from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import read_catalog
from .helpers import match_file, played_until, seat0_view, store_match, wait_ready

#: The share sheet stubbed: the files shared are kept as text (window.__sharedFiles).
SHARE_FILES = """(() => {
  window.__sharedFiles = [];
  Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true,
    value: function (data) { return !!(data && data.files && data.files.length); } });
  Object.defineProperty(Navigator.prototype, 'share', { configurable: true,
    value: async function (data) {
      for (const f of data.files) window.__sharedFiles.push({ name: f.name, type: f.type, text: await f.text() });
    } });
})();"""
#: Everything a backup holds, as the page reads it: the records (by id), the figures of
#: every match (the engine's summary), the statistics, the lessons' progress, the daily
#: results and the settings.
HELD = """async () => {
  const store = await import('./store.js');
  const { engine } = await import('./engine.js');
  const { collectStats } = await import('./stats-cache.js');
  const { readProgress } = await import('./lessons/progress.js');
  const records = (await store.listMatches()).sort((a, b) => (a.id < b.id ? -1 : 1));
  const summaries = {};
  for (const r of records) summaries[r.id] = (await engine.call({ op: 'summary', match: r.match })).summary;
  const stats = await collectStats();
  return { records, summaries, groups: stats.groups, lessons: readProgress(),
    daily: JSON.parse(localStorage.getItem('tapete.daily') || 'null'), settings: store.getSettings() };
}"""
#: What a refused file must leave untouched: the stored records and the keys a restore writes.
STORED = """async () => {
  const store = await import('./store.js');
  const records = (await store.listMatches()).sort((a, b) => (a.id < b.id ? -1 : 1));
  const keys = ['tapete.settings', 'tapete.lessons', 'tapete.daily'];
  return JSON.stringify({ records, local: keys.map((k) => localStorage.getItem(k)) });
}"""
STATUS = "() => (document.getElementById('backup-status') || {}).textContent || ''"
#: Waits until Settings' backup line says `want` (a restore says "Restoring…" first).
SAYS = f"(want) => ({STATUS})() === want"

LESSONS = {"v": 1, "done": {"cuatrola/tricks": {"stars": 3, "at": 1_700_000_000_000},
                            "cuarenta/captures": {"stars": 2, "at": 1_700_000_100_000}}}
DAILY = {"days": {"2026-12-01": {"cuatrola": {"id": "late-daily", "mine": {"margin": 4, "detail_margin": 0},
                                                "machine": {"margin": 2, "detail_margin": 0}}}}}


def matches():
    """Four matches made in CPython: two finished (a short Cuatrola, a Cuarenta for 2 to its
    end), two being played (Cuatrola mid-hand, a 4-player Cuarenta just started)."""
    done = played_until(match_file("cuatrola", {"end": "target", "target": 1}, seed="backup-1"), lambda v: False)
    cuarenta = played_until(match_file("cuarenta", {"players": 2}, seed="backup-2"), lambda v: False)
    playing = played_until(match_file("cuatrola", seed="backup-3"), lambda v: len(v.get("trick") or []) == 2)
    four = played_until(match_file("cuarenta", {"players": 4}, seed="backup-4"), lambda v: v["hands_played"] == 0 and v["turn"] == 0)
    assert seat0_view(done)["winner"] is not None and seat0_view(cuarenta)["winner"] is not None
    assert seat0_view(playing)["winner"] is None
    return {"m-done": done, "m-40": cuarenta, "m-playing": playing, "m-four": four}


def settings_page(page, app_url):
    page.goto(app_url + "#/settings")
    page.wait_for_selector("#backup-save:not([disabled])", timeout=30_000)


def says(page, want, timeout=30_000):
    """Settings' backup line comes to say ``want``; it fails with what the line says instead."""
    try:
        page.wait_for_function(SAYS, arg=want, timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"Settings' backup line says {page.evaluate(STATUS)!r}, not {want!r}") from None


def restore(page, text, name="tapete-backup.json"):
    page.set_input_files("#backup-file", files=[{"name": name, "mimeType": "application/json", "buffer": text.encode()}])


def test_a_backup_saved_on_one_phone_restores_everything_on_another_once(new_browser, app_url):
    made = matches()
    # phone A: four matches, lesson stars, a daily result, its look chosen; it shares the file
    a = new_browser(installed=True)
    a.context.add_init_script(SHARE_FILES)
    pa = a.page()
    pa.goto(app_url)
    wait_ready(pa)
    for mid, m in made.items():
        store_match(pa, m, mid=mid)
    pa.evaluate("""([lessons, daily]) => {
      localStorage.setItem('tapete.lessons', JSON.stringify(lessons));
      localStorage.setItem('tapete.daily', JSON.stringify(daily));
      localStorage.setItem('tapete.settings', JSON.stringify({ lang: 'en', speed: 'instant', theme: 'dark', suits: 'four' }));
    }""", [LESSONS, DAILY])
    settings_page(pa, app_url)
    assert pa.inner_text("#backup-last") == read_catalog("en")["backup.never"]
    pa.locator("#backup-save").tap()
    pa.wait_for_function("() => window.__sharedFiles.length === 1", timeout=30_000)
    shared = pa.evaluate("window.__sharedFiles[0]")
    assert shared["name"].startswith("tapete-backup-") and shared["name"].endswith(".json"), shared["name"]
    assert shared["type"] == "application/json"
    says(pa, "Backup saved: 4 matches.")
    assert pa.inner_text("#backup-last").startswith("Last backup:")
    text = shared["text"]
    backup = json.loads(text)
    assert backup["format"] == "tapete-backup" and backup["version"] == 1 and len(backup["sha256"]) == 64
    assert sorted(r["id"] for r in backup["data"]["matches"]) == sorted(made)
    held_a = pa.evaluate(HELD)

    # phone B: a match of its own, and A's match being played at an earlier point (the same id:
    # played on phone B before A went on); its own settings; no share sheet (the file is
    # downloaded)
    b = new_browser(installed=True)
    pb = b.page()
    pb.goto(app_url)
    wait_ready(pb)
    own = played_until(match_file("cuatrola", seed="backup-own"), lambda v: len(v.get("trick") or []) == 1)
    store_match(pb, own, mid="m-own")
    earlier = dict(made["m-playing"], actions=made["m-playing"]["actions"][:5])
    store_match(pb, earlier, mid="m-playing")
    pb.evaluate("localStorage.setItem('tapete.settings', JSON.stringify({lang: 'en', speed: 'instant'}))")
    settings_page(pb, app_url)
    pb.evaluate("() => { document.getElementById('backup').dataset.before = ''; }")
    restore(pb, text)
    # the restore brought other settings: Settings is drawn anew, and the new one says so too
    pb.wait_for_selector("#backup:not([data-before])", timeout=30_000)
    says(pb, "Backup restored. New matches: 3. Brought up to date: 1. Already here: 0.")
    # a restore brought A's dark theme and four colours: the page shows them at once
    assert pb.evaluate("document.documentElement.dataset.theme") == "dark"
    assert pb.evaluate("document.documentElement.dataset.suits") == "four"
    held_b = pb.evaluate(HELD)
    by_id = {r["id"]: r for r in held_b["records"]}
    # every match of A replays the same on B (the same match file, the engine's same summary)
    for mid in made:
        assert by_id[mid]["match"] == made[mid] == next(r for r in held_a["records"] if r["id"] == mid)["match"]
        assert held_b["summaries"][mid] == held_a["summaries"][mid]
    assert by_id["m-playing"]["rev"] > 1 and by_id["m-playing"]["status"] == "playing"
    assert by_id["m-own"]["match"] == own, "phone B's own match is kept"
    # the statistics are A's plus B's own match (in progress: one more match played)
    group = lambda held: {(g["game"], g["players"], g["level"]): g for g in held["groups"]}  # noqa: E731
    ga, gb = group(held_a), group(held_b)
    assert set(ga) == set(gb)
    for key, g in ga.items():
        mine = gb[key]
        if key[0] == "cuatrola":
            assert mine["playing"] == g["playing"] + 1 and mine["matches"] == g["matches"] and mine["won"] == g["won"]
        else:
            assert mine == g, key
    assert held_b["lessons"] == held_a["lessons"] == {k: v for k, v in LESSONS["done"].items()}
    assert held_b["daily"] == held_a["daily"] == DAILY
    assert held_b["settings"] == held_a["settings"]

    # restored again: nothing doubled, nothing changed
    before = pb.evaluate(STORED)
    restore(pb, text)
    says(pb, "Backup restored. New matches: 0. Brought up to date: 0. Already here: 4.")
    assert pb.evaluate(STORED) == before

    # broken files: each refused with its message; the phone's data the same after each
    en = read_catalog("en")
    bad = json.loads(text)
    longest = max(bad["data"]["matches"], key=lambda r: len(r["match"]["actions"]))
    longest["match"]["actions"].pop()     # a move taken out: the check no longer matches
    newer = dict(json.loads(text), version=2)
    for broken, code in ((text[: len(text) // 2], "damaged"), (json.dumps(bad), "damaged"),
                         (json.dumps(newer), "newer"), ("just some notes\n", "not_backup"),
                         (json.dumps(made["m-done"]), "match_file"), ("", "not_backup")):
        pb.evaluate("() => { document.getElementById('backup-status').textContent = ''; }")
        restore(pb, broken, name="other.json")
        says(pb, en[f"backup.refused.{code}"])
        assert pb.locator("#backup-status.error-text").count() == 1
        assert pb.evaluate(STORED) == before, f"a refused file ({code}) changed the phone's data"

    # B's own backup, downloaded (no share sheet): A's matches and its own, once each
    with pb.expect_download(timeout=30_000) as dl:
        pb.locator("#backup-save").tap()
    path = dl.value.path()
    mine = json.loads(open(path, encoding="utf-8").read())
    assert dl.value.suggested_filename.startswith("tapete-backup-")
    assert sorted(r["id"] for r in mine["data"]["matches"]) == sorted([*made, "m-own"])


def test_every_refusal_of_a_backup_has_its_words_in_four_languages():
    """Each BackupError code of web/backup-file.js has its message in every catalog (the
    message the player reads when a file is refused)."""
    import re
    from .conftest import ROOT
    source = (ROOT / "web" / "backup-file.js").read_text()
    codes = set(re.findall(r"""new BackupError\(\s*["']([a-z_]+)["']""", source))
    codes |= set(re.findall(r"""\?\s*["']([a-z_]+)["']\s*:\s*["']([a-z_]+)["']""", source)[0])
    assert codes == {"not_backup", "match_file", "newer", "damaged"}, codes
    for lang in ("en", "es", "de", "fr"):
        cat = read_catalog(lang)
        for code in codes:
            assert cat.get(f"backup.refused.{code}"), (lang, code)
        assert len({cat[f"backup.refused.{c}"] for c in codes}) == len(codes), lang
