"""Stored matches: damaged records, a full disk, two tabs, export and import, history."""

from __future__ import annotations

import json

from engine.api import handle

from .helpers import (goto, new_match, put_raw, stored, hand_cards, moves, press, step, my_turn,
                      set_settings, wait_ready)


def test_damaged_records_are_survived(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    good = new_match(phone, app_url, "cuatrola", {}, seed="good-1")
    step(phone)
    good_actions = stored(phone, good)["match"]["actions"]
    put_raw(phone, {"id": "broken-shape", "rev": 1, "updated": 1, "match": "garbage"})
    m = handle({"op": "new", "game": "cuatrola", "seed": "x", "seat": 0})["match"]
    m["actions"] = ["pass", "12Z"]
    put_raw(phone, {"id": "broken-log", "rev": 1, "updated": 2, "game": "cuatrola",
                    "status": "playing", "result": None, "match": m})
    goto(phone, app_url, "#/history")
    phone.wait_for_selector(".history-item[data-id=broken-shape]")
    items = phone.eval_on_selector_all(".history-item", "els => els.map(e => [e.dataset.id, e.className])")
    ids = [i for i, _ in items]
    assert {"broken-shape", "broken-log", good} <= set(ids)
    assert "damaged" in dict(items)["broken-shape"]
    assert "Damaged record" in phone.inner_text(".history-item[data-id=broken-shape]")
    # opening the record whose action log is bad: a clear message, nothing else touched
    goto(phone, app_url, "#/play/broken-log")
    phone.wait_for_selector(".damaged[role=alert]")
    text = phone.inner_text(".damaged")
    assert "cannot be opened" in text and "12Z" in text
    goto(phone, app_url, "#/play/broken-shape")
    phone.wait_for_selector(".damaged[role=alert]")
    # the good match still opens at its position
    goto(phone, app_url, f"#/play/{good}")
    phone.wait_for_selector(".table .hand button.card")
    phone.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) >= n",
                            arg=len(good_actions))
    assert stored(phone, good)["match"]["actions"][:len(good_actions)] == good_actions
    # and the damaged ones can be deleted from the history
    goto(phone, app_url, "#/history")
    for rid in ("broken-shape", "broken-log"):
        press(phone, phone.locator(f".history-item[data-id={rid}] button.danger"))
        press(phone, phone.locator("dialog[open] button.primary"))
        phone.wait_for_selector(f".history-item[data-id={rid}]", state="detached")
    assert stored(phone, good) is not None


def test_a_record_of_a_game_the_shell_does_not_know(phone, app_url):
    """A stored record of a game that is not in web/games.js opens the damaged-record page
    naming the game, its replay says the match cannot be found, and a daily deal of such a
    game goes back to the daily deals, and its new-match form says so: the same for a name
    every JS object has ("constructor", "toString"). Before issue 29 the tables were looked up in plain objects, where those names
    found Object's own properties: the table page failed with "Table is not a constructor",
    the replay with the same, and the daily deal asked the engine for the game."""
    set_settings(phone, speed="instant", lang="en")
    m = handle({"op": "new", "game": "cuatrola", "seed": "unknown-game", "seat": 0})["match"]
    for game in ("foo", "constructor", "toString"):
        rid = f"unknown-{game}"
        put_raw(phone, {"id": rid, "rev": 1, "updated": 1, "game": game, "status": "playing",
                        "result": None, "match": {**m, "game": game}})
        goto(phone, app_url, f"#/play/{rid}")
        phone.wait_for_selector(".damaged[role=alert]")
        assert f"Unknown game: {game}" in phone.inner_text(".damaged")
        goto(phone, app_url, f"#/replay/{rid}")
        phone.wait_for_selector("#screen h1:has-text('Match not found')")
        goto(phone, app_url, f"#/daily/{game}")
        phone.wait_for_selector("#daily-cuatrola")
        assert phone.evaluate("location.hash") == "#/daily"
        # the new-match form of such a game (a link typed or cut): a heading in words, the
        # game named once ("new.title.foo" stood as the heading before, and for "constructor"
        # the form was built from Object's own property: "…is undefined")
        goto(phone, app_url, f"#/new/{game}")
        phone.wait_for_selector("#screen .error-text")
        assert phone.inner_text("#screen h1") == "New match"
        assert phone.inner_text("#screen .error-text") == f"Unknown game: {game}"
        goto(phone, app_url, "#/history")
        # named as what it is, not by a catalog key ("game.foo" before; the browser guard
        # now fails a page that looks a key up in vain)
        assert f"Unknown game ({game})" in phone.inner_text(f".history-item[data-id={rid}]")
        press(phone, phone.locator(f".history-item[data-id={rid}] button.danger"))
        press(phone, phone.locator("dialog[open] button.primary"))
        phone.wait_for_selector(f".history-item[data-id={rid}]", state="detached")


def test_full_storage_gives_a_clear_message_and_keeps_other_matches(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    other = new_match(phone, app_url, "cuatrola", {}, seed="other-1")
    mid = new_match(phone, app_url, "cuatrola", {}, seed="quota-1")
    my_turn(phone)
    other_rec = stored(phone, other)
    n = len(stored(phone, mid)["match"]["actions"])
    phone.evaluate("""() => {
      window.__put = IDBObjectStore.prototype.put;
      IDBObjectStore.prototype.put = function () {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    }""")
    phone.evaluate("() => { const t = document.getElementById('toast'); t.classList.remove('show'); t.textContent=''; }")
    step(phone)
    phone.wait_for_function("() => document.getElementById('toast').textContent.includes('out of storage')")
    assert len(stored(phone, mid)["match"]["actions"]) == n, "nothing was written"
    phone.evaluate("() => { IDBObjectStore.prototype.put = window.__put; }")
    step(phone)   # the next write stores everything again
    rec = stored(phone, mid)
    assert len(rec["match"]["actions"]) > n + 1
    assert handle({"op": "validate", "match": rec["match"]})["ok"]
    assert stored(phone, other) == other_rec


def test_same_match_in_two_tabs_is_not_corrupted(phone, app_url, installed):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuatrola", {}, seed="tabs-1")
    my_turn(phone)
    second = installed.context.new_page()
    try:
        second.goto(f"{app_url}#/play/{mid}")
        wait_ready(second)
        my_turn(second)
        assert hand_cards(second) == hand_cards(phone)
        for page, other in ((phone, second), (second, phone), (phone, second)):
            before = moves(page)
            step(page)
            after = moves(page)
            # the other tab follows (BroadcastChannel + revision check)
            other.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) >= n",
                                    arg=after, timeout=30_000)
            assert after > before
        my_turn(phone)
        my_turn(second)
        rec = stored(phone, mid)
        assert rec["rev"] == len(rec["match"]["actions"]) + 1, "one write per action, none lost"
        ans = handle({"op": "validate", "match": rec["match"]})
        assert ans["ok"], ans
        # a stale write is refused instead of overwriting the newer record
        refused = phone.evaluate("""async (id) => {
          const store = await import('./store.js');
          const rec = await store.getMatch(id);
          const stale = { ...rec, rev: rec.rev - 1 };
          try { await store.saveMatch(stale, rec.match); return false; }
          catch (e) { return e.name; }
        }""", mid)
        assert refused == "ConflictError"
        assert stored(phone, mid)["rev"] == rec["rev"]
    finally:
        second.close()


def test_history_export_and_import(phone, app_url, tmp_path):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuatrola", {"end": "target", "target": 1}, seed="export-1")
    step(phone)
    goto(phone, app_url, "#/history")
    item = phone.locator(f".history-item[data-id={mid}]")
    assert "in progress" in item.inner_text()
    with phone.expect_download() as dl:
        press(phone, item.locator("button:has-text('Export')"))
    path = tmp_path / "match.json"
    dl.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported == stored(phone, mid)["match"]
    assert handle({"op": "validate", "match": exported})["ok"]
    # imported back while the stored match is unchanged: it is already there, nothing is added
    count = phone.locator(".history-item").count()
    phone.set_input_files("#import-file", str(path))
    phone.wait_for_function("() => document.getElementById('toast').textContent.includes('already')")
    assert phone.get_attribute(".history-item.new", "data-id") == mid
    assert phone.locator(".history-item").count() == count
    # once the stored match has moved on, the file is another position: a new record with it
    goto(phone, app_url, f"#/play/{mid}")
    step(phone)
    goto(phone, app_url, "#/history")
    phone.wait_for_selector(f".history-item[data-id={mid}]")
    phone.set_input_files("#import-file", str(path))
    phone.wait_for_selector(".history-item.new")
    new_id = phone.get_attribute(".history-item.new", "data-id")
    assert new_id != mid and stored(phone, new_id)["match"] == exported
    # a bad file gives a clear message and changes nothing
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**exported, "actions": ["pass", "99X"]}))
    count = phone.locator(".history-item").count()
    phone.set_input_files("#import-file", str(bad))
    phone.wait_for_function("() => document.getElementById('toast').textContent.includes('not a valid match')")
    assert phone.locator(".history-item").count() == count


def test_a_record_whose_id_is_taken_is_refused_and_the_stored_one_kept(phone, app_url):
    """store.addMatch with an id already stored rejects (a StorageError naming the taken key),
    and the record that was there is unchanged: an add that fails is never reported as done
    (its transaction aborts instead of committing nothing)."""
    goto(phone, app_url, "#/")
    m = handle({"op": "new", "game": "cuatrola", "seed": "taken", "seat": 0})["match"]
    got = phone.evaluate("""async (m) => {
      const store = await import('./store.js');
      const first = {id: 'taken-id', game: 'cuatrola', origin: 'new', match: m, status: 'playing'};
      await store.addMatch(first);
      let refused = null;
      try { await store.addMatch({...first, origin: 'import', status: 'finished'}); }
      catch (err) { refused = [err.name, String(err.message)]; }
      const kept = await store.getMatch('taken-id');
      await store.deleteMatch('taken-id');
      return {refused, origin: kept.origin, status: kept.status};
    }""", m)
    assert got["refused"] and got["refused"][0] == "StorageError", got
    assert "Constraint" in got["refused"][1] or "exists" in got["refused"][1], got
    assert (got["origin"], got["status"]) == ("new", "playing")
