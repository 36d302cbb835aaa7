"""Driving the app like a player: taps on the new-match form, bids, cards and captures."""

from __future__ import annotations

import base64
import functools
import hashlib
import itertools
import json
import time
from urllib.parse import urlencode

from engine.api import handle

READY = "html[data-engine=ready]"


def wait_ready(page, timeout=90_000):
    page.wait_for_selector(READY, timeout=timeout)


def goto(page, url, hash_="#/", reload=False):
    """Go to a route; ``reload`` starts the app afresh (a hash change alone does not)."""
    page.goto(url + hash_)
    if reload:
        page.reload()
    wait_ready(page)


def press(page, locator, **kw):
    """A tap on a touch screen, a click elsewhere."""
    if page.evaluate("() => matchMedia('(pointer: coarse)').matches"):
        locator.tap(**kw)
    else:
        locator.click(**kw)


#: Merges settings into the stored ones (the app's own key), in the page.
MERGE_SETTINGS = """(v) => {
  const s = JSON.parse(localStorage.getItem('tapete.settings') || '{}');
  localStorage.setItem('tapete.settings', JSON.stringify({...s, ...v}));
}"""


def set_settings(page, **values):
    page.evaluate(MERGE_SETTINGS, values)


def settings_before_start(context, **values):
    """Settings a new profile's app finds when it first starts (an init script, once per
    profile, then the app's own): one start of the engine instead of a start, then the
    settings, then a reload."""
    context.add_init_script("""(() => {
      if (!/^https?:$/.test(location.protocol) || localStorage.getItem('tapete.test.settled')) return;
      localStorage.setItem('tapete.test.settled', '1');
      (%s)(%s);
    })();""" % (MERGE_SETTINGS, json.dumps(values)))


def use_language(page, app_url, lang, **settings):
    """Switch the UI to ``lang`` (and other settings): the app reads the language when it
    starts, so it is set, then the app reloaded, and checked."""
    set_settings(page, lang=lang, **settings)
    goto(page, app_url, "#/", reload=True)
    assert page.evaluate("document.documentElement.lang") == lang


def open_rules(page):
    """Unfold the new-match form's rules (rule set, options, deal code) if they are folded."""
    if page.locator("#rules").count() and not page.eval_on_selector("#rules", "e => e.open"):
        press(page, page.locator("#rules > summary"))
        page.wait_for_function("() => document.getElementById('rules').open")


def choose(page, sel, value):
    """Set a form field like a player: a select, a checkbox, a group of radio buttons
    (``sel`` names the group; each radio is ``<sel>-<value>``) or a text or number field.
    A field inside the folded rules is unfolded first."""
    if not page.is_visible(sel):
        open_rules(page)
    tag = page.eval_on_selector(sel, "e => e.tagName")
    kind = page.get_attribute(sel, "type")
    if tag == "SELECT":
        page.select_option(sel, str(value))
    elif tag == "FIELDSET":
        press(page, page.locator(f"label[for='{sel[1:]}-{value}']"))
        assert page.is_checked(f"{sel}-{value}"), (sel, value)
    elif kind == "checkbox":
        page.set_checked(sel, bool(value))
    else:
        page.fill(sel, str(value))
        page.dispatch_event(sel, "change")


def new_match(page, app_url, game, options=None, seed=None, level="novice", query=""):
    """Fill the new-match form by taps and start; returns the match id."""
    page.goto(f"{app_url}#/new/{game}{query}")
    wait_ready(page)
    page.wait_for_selector("#start", timeout=30_000)
    for name, value in (options or {}).items():
        choose(page, f"#opt-{name}", value)
    choose(page, "#level", level)
    if seed is not None:
        choose(page, "#seed", seed)
    press(page, page.locator("#start"))
    page.wait_for_url("**#/play/*", timeout=30_000)
    page.wait_for_selector(".table .hand", timeout=30_000)
    return page.url.split("#/play/")[1]


def start_form(page, app_url, game, seed=None, level="novice", query=""):
    """The new-match form filled in, not started."""
    page.goto(f"{app_url}#/new/{game}{query}")
    wait_ready(page)
    page.wait_for_selector("#start", timeout=30_000)
    choose(page, "#level", level)
    if seed is not None:
        choose(page, "#seed", seed)


def hold_engine(page, op):
    """Hold every engine request of kind ``op`` until release_engine() (window.__held lists them)."""
    page.evaluate("""async (op) => {
      const { engine } = await import('./engine.js');
      window.__held = [];
      let open;
      window.__gate = new Promise((r) => { open = r; });
      window.__open = open;
      if (!engine.__call) engine.__call = engine.call;
      engine.call = async (req) => {
        if (req.op === op && window.__gate) { window.__held.push(op); await window.__gate; }
        return engine.__call(req);
      };
    }""", op)


def release_engine(page):
    page.evaluate("() => { const open = window.__open; window.__gate = null; if (open) open(); }")


class Finger:
    """A finger that goes down and stays down until up() (raw CDP touch events)."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)

    def down(self, x, y):
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})

    def up(self):
        try:
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        finally:
            self.cdp.detach()


def collect_said(page):
    """From now on, every line put in the live region is kept in window.__said, and in
    window.__shown how many places on screen (outside the live region) showed it then."""
    page.evaluate("""() => {
      if (window.__saidObserver) window.__saidObserver.disconnect();
      window.__said = [];
      window.__shown = [];
      const live = document.getElementById('live');
      const places = (text) => [...document.querySelectorAll('body *')].filter((e) => !e.closest('#live')
        && e.childElementCount === 0 && e.textContent === text && e.getBoundingClientRect().height > 0
        && getComputedStyle(e).visibility !== 'hidden').map((e) => e.className || e.id || e.tagName);
      window.__saidObserver = new MutationObserver((list) => { for (const m of list) for (const n of m.addedNodes) {
        window.__said.push(n.textContent);
        window.__shown.push([n.textContent, places(n.textContent)]);
      } });
      window.__saidObserver.observe(live, { childList: true });
    }""")


def box_overlaps(a, b):
    """Two boxes {x, y, w, h} share some area (touching edges do not count)."""
    return a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5 and \
        a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5


def stored(page, match_id):
    """The stored record of a match, read straight from IndexedDB."""
    return page.evaluate("""(id) => new Promise((resolve, reject) => {
      const r = indexedDB.open('tapete');
      r.onsuccess = () => {
        const tx = r.result.transaction('matches', 'readonly');
        const g = tx.objectStore('matches').get(id);
        g.onsuccess = () => { resolve(g.result); r.result.close(); };
        g.onerror = () => reject(g.error);
      };
      r.onerror = () => reject(r.error);
    })""", match_id)


def put_raw(page, record):
    page.evaluate("""(rec) => new Promise((resolve, reject) => {
      const r = indexedDB.open('tapete');
      r.onsuccess = () => {
        const tx = r.result.transaction('matches', 'readwrite');
        tx.objectStore('matches').put(rec);
        tx.oncomplete = () => { r.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
      };
    })""", record)


def toast_after(page, locator, force=True, timeout=10_000):
    """Tap ``locator`` and return the toast it shows (a stale toast is cleared first)."""
    page.evaluate("() => { const t = document.getElementById('toast'); t.classList.remove('show'); t.textContent = ''; }")
    locator.tap(force=force)
    page.wait_for_function("() => document.getElementById('toast').classList.contains('show')"
                           " && document.getElementById('toast').textContent.length > 0", timeout=timeout)
    return page.inner_text("#toast")


def hand_cards(page):
    return page.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)")


def playable(page):
    return page.eval_on_selector_all(".hand button.card:not(.illegal)", "els => els.map(e => e.dataset.card)")


def seat0_view(match):
    ans = handle({"op": "view", "match": match, "seat": 0})
    assert ans["ok"], ans
    return ans["view"]


ACTION = ("dialog[open], .controls button.bid, .controls button[data-action], "
          ".hand button.card:not(.illegal)")


def moves(page):
    return int(page.get_attribute("#screen", "data-moves") or -1)


def wait_moved(page, before, timeout=30_000):
    page.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) > n"
                           " || document.querySelector('dialog[open]') !== null", arg=before, timeout=timeout)


def my_turn(page, timeout=60_000):
    """Wait until the person can act; close hand-over dialogs on the way."""
    while True:
        page.wait_for_selector(ACTION, timeout=timeout)
        dlg = page.locator("dialog.hand-over[open]")
        if dlg.count():
            press(page, dlg.locator("button.primary"))
            page.wait_for_selector("dialog.hand-over[open]", state="detached")
            continue
        return


def step(page):
    """One action of the person (Cuatrola): the first bid, else the first playable card."""
    my_turn(page)
    act_once(page)


def act_once(page):
    """Tap the first bid, else the first playable card, and wait for the move."""
    before = moves(page)
    if page.locator(".controls button.bid").count():
        press(page, page.locator(".controls button.bid").first)
    else:
        press(page, page.locator(".hand button.card:not(.illegal)").first)
    wait_moved(page, before)


def close_dialog(page):
    """Close an open end-of-hand or match-over dialog: "hand-over" after going on past a
    hand's end, the match-over dialog's text after closing it, None if no dialog is open."""
    dlg = page.locator("dialog[open]")
    if not dlg.count():
        return None
    if "match-over" in (dlg.get_attribute("class") or ""):
        text = dlg.inner_text()
        dlg.locator("button[data-value=close]").tap()
        return text
    dlg.locator("button.primary").tap()
    page.wait_for_selector("dialog.hand-over[open]", state="detached")
    return "hand-over"


def play_cuatrola(page, match_id, on_turn=None, max_steps=400, timeout=240, keep_over=False):
    """Play until the match-over dialog: first bid button (pass), first playable card.
    Returns the dialog's text once closed, or with ``keep_over`` None, the dialog left open.

    ``on_turn(page, view)`` is called at each of the person's card turns with the engine's
    view of the stored match (CPython), e.g. to compare the dimmed cards.
    """
    end = time.time() + timeout
    for _ in range(max_steps):
        assert time.time() < end, "the match took too long"
        page.wait_for_selector(ACTION, timeout=60_000)
        if keep_over and page.locator("dialog.match-over[open]").count():
            return None
        dialog = close_dialog(page)
        if dialog == "hand-over":
            continue
        if dialog is not None:
            return dialog
        bids = page.locator(".controls button.bid")
        before = moves(page)
        if bids.count():
            bids.first.tap()
        else:
            if on_turn:
                rec = stored(page, match_id)
                on_turn(page, seat0_view(rec["match"]))
            page.locator(".hand button.card:not(.illegal)").first.tap()
        wait_moved(page, before)
    raise AssertionError("the match did not end")


def cuarenta_move(page):
    """The person's move at Cuarenta: at a claim the first rank; else the first playable card
    and, when it captures, the first capture offered."""
    claim = page.locator(".controls button.rank-btn")
    if claim.count():
        claim.first.tap()
        return
    page.locator(".hand button.card:not(.illegal)").first.tap()
    choice = page.locator(".controls button.capture-btn")
    if choice.count():
        choice.first.tap()


def play_cuarenta(page, max_steps=2000, timeout=300, stats=None, stop=None):
    """Play a Cuarenta game by taps: capture with the first offered choice, else lay the
    first card; at a ronda claim, name a rank; until the game-over dialog."""
    end = time.time() + timeout
    stats = stats if stats is not None else {}
    for _ in range(max_steps):
        assert time.time() < end, "the game took too long"
        page.wait_for_selector(ACTION, timeout=60_000)
        dialog = close_dialog(page)
        if dialog == "hand-over":
            stats["hands"] = stats.get("hands", 0) + 1
            continue
        if dialog is not None:
            return dialog
        if stop and stop(page):
            return None
        choice = page.locator(".controls button.capture-btn")
        claim = page.locator(".controls button.rank-btn")
        before = moves(page)
        if choice.count():
            choice.first.tap()
        elif claim.count():
            stats["claims"] = stats.get("claims", 0) + 1
            claim.first.tap()
        else:
            take = page.locator(".controls button[data-action^='take:']")
            if take.count():
                take.first.tap()
            else:
                cards = page.locator(".hand button.card:not(.illegal)")
                # prefer a card that captures (its accessible name says so; data-captures in any language)
                names = cards.evaluate_all("els => els.map(e => e.dataset.captures ? 'capture' : e.getAttribute('aria-label'))")
                idx = next((i for i, n in enumerate(names) if "capture" in n), 0)
                cards.nth(idx).tap()
                if choice.count():
                    stats["captures"] = stats.get("captures", 0) + 1
                    choice.first.tap()
        wait_moved(page, before)
    raise AssertionError("the game did not end")


def capture_position(ways=None):
    """A 4-player Cuarenta deal (CPython) where the person can capture in more than one way
    (or in exactly ``ways`` ways) with one card: (seed, view, card, the options of that card)."""
    for k in range(200):
        m = handle({"op": "new", "game": "cuarenta", "seed": f"choice-{k}", "seat": 0,
                    "rules": {"players": 4}, "meta": {"app": "tapete-web", "level": "novice"}})["match"]
        for _ in range(60):
            v = handle({"op": "view", "match": m, "seat": 0})["view"]
            if v["turn"] == 0:
                break
            seat = v["turn"]
            a = handle({"op": "bot", "match": m, "seat": seat, "level": "novice"})["action"]
            m = handle({"op": "act", "match": m, "seat": seat, "action": a})["match"]
        if v["turn"] != 0:
            continue
        by_card = {}
        for o in v["captures"]:
            by_card.setdefault(o["card"], []).append(o)
        multi = [c for c, os in by_card.items() if (len(os) == ways if ways else len(os) > 1)]
        if multi:
            return f"choice-{k}", v, multi[0], by_card[multi[0]]
    raise AssertionError("no deal with a choice of captures")


# ---- share links (docs/share-links.md), built independently of the app's JS ----
def b64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def make_link(app_url, game, seed, rules, dv=1, v="1", tamper=None):
    r = b64url(json.dumps(rules, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    c = hashlib.sha256(f"tapete-link|{v}|{game}|{dv}|{seed}|{r}".encode()).hexdigest()[:12]
    q = {"v": v, "g": game, "dv": str(dv), "s": seed, "r": r, "c": c}
    if tamper:
        q.update(tamper)
    return f"{app_url}#/deal?{urlencode(q)}"


def cuatrola_seed(prefix, want, level="novice", rules=None, limit=300):
    """A seed whose first bidding, the person (seat 0) passing and the computer players of
    ``level`` bidding as the app's ``bot`` op does, ends with ``want(view)`` true (the view of
    seat 0 when the play starts). Found with CPython's engine (the app's own), so a test does
    not depend on what a computer player happens to choose today."""
    for k in range(limit):
        seed = f"{prefix}-{k}"
        m = handle({"op": "new", "game": "cuatrola", "seed": seed, "seat": 0, "rules": rules or {},
                    "meta": {"app": "tapete-web", "level": level}})["match"]
        view = handle({"op": "view", "match": m, "seat": 0})["view"]
        while view["phase"] == "bidding":
            seat = view["turn"]
            if seat == 0:
                r = handle({"op": "act", "match": m, "seat": 0, "action": "pass"})
            else:
                r = handle({"op": "bot", "match": m, "seat": seat, "level": level, "viewers": [0]})
            m, view = r["match"], r["view"]
        if want(view):
            return seed
    raise AssertionError(f"no {prefix} seed found")


def all_pass(view):
    """A normal hand: everyone passed (the person plays every trick)."""
    return view["contract"] == "normal"


def rival_solo(view):
    """A rival (seat 1 or 3) plays Solo: its partner sits out, the person plays."""
    return view["contract"] == "solo" and view["declarer"] in (1, 3)


@functools.cache
def cover_seed():
    """A Cuatrola seed whose first hand is a normal hand (everyone passes): the person plays
    every trick (also a Cuarenta seed the table tests use)."""
    return cuatrola_seed("cover", all_pass)


# ---- late positions: a match played on in CPython, stored through the app's own store ----
# (a record of that id stored before, by another test on the shared phone or by this test's
# first try, goes first: the position is stored afresh, as a new record)
ADD_RECORD = "async (rec) => { const s = await import('./store.js'); await s.deleteMatch(rec.id); await s.addMatch(rec); }"


def match_file(game, rules=None, seed="late", level="novice", meta=None):
    """A match file as the app's new-match form starts it (the engine's ``new`` op, seat 0,
    the app's meta)."""
    ans = handle({"op": "new", "game": game, "rules": rules or {}, "seed": seed, "seat": 0,
                  "meta": {"app": "tapete-web", "level": level, **(meta or {})}})
    assert ans["ok"], ans
    return ans["match"]


def first_legal(view):
    """The person's move in ``played_until``: the first legal action (at Cuatrola's bidding: pass)."""
    return view["legal"][0]


def captures_first(view):
    """The person's move as a player keen on captures: the first capture offered, else the
    first legal action (a claim of the ronda: its first rank)."""
    return next((a for a in view["legal"] if ":" in a and not a.startswith(("claim:", "take:"))), view["legal"][0])


def first_card_first_capture(view):
    """The person's move as ``cuarenta_move`` taps it: the first playable card of the hand and,
    when it captures, the first capture offered (at a claim: the first legal action)."""
    for card in view["hand"]:
        options = [o for o in view.get("captures", []) if o["card"] == card]
        if options:
            return options[0]["action"]
        if card in view["legal"]:
            return card
    return view["legal"][0]


def played_until(match, stop, level=None, person=first_legal):
    """``match`` played on in CPython until ``stop(view)`` holds for the person's view (seat
    0), or the match is over: the computer players choose as the app's ``bot`` op (at the
    match's level), the person takes ``person(view)`` (by default the first legal action)."""
    level = level or (match.get("meta") or {}).get("level") or "novice"
    while True:
        view = seat0_view(match)
        if stop(view) or view["winner"] is not None:
            return match
        seat = view["turn"]
        if seat == 0:
            ans = handle({"op": "act", "match": match, "seat": 0, "action": person(view)})
        else:
            ans = handle({"op": "bot", "match": match, "seat": seat, "level": level})
        assert ans["ok"], ans
        match = ans["match"]


def outcome(view):
    """What the table stores with a match's view (web/table/session.js ``outcome``)."""
    over = view["winner"] is not None
    side = view.get("side")
    side = view["seat"] % 2 if side is None else side
    return {"status": "finished" if over else "playing",
            "result": {"score": view["score"], "winner": view["winner"] if over else None, "side": side}}


_RECORDS = itertools.count(1)


def store_match(page, match, mid=None, origin="new", **extra):
    """Store ``match`` (a match file made in CPython) as a new record through the app's own
    store module (``addMatch``, with the person's view and the outcome the table stores).
    Returns the record's id."""
    view = seat0_view(match)
    # (one id per record: the same position stored by two tests on the shared phone is two
    # records, not a second add refused)
    mid = mid or f"late-{hashlib.sha256(json.dumps(match, sort_keys=True).encode()).hexdigest()[:12]}-{next(_RECORDS)}"
    page.evaluate(ADD_RECORD, {"id": mid, "game": match["game"], "origin": origin, "match": match,
                               "view": view, **outcome(view), **extra})
    return mid


def open_table(page, app_url, mid):
    """The table of the stored match ``mid`` opened and drawn (its hand may be empty: a ronda
    claim comes after the last card)."""
    page.goto(f"{app_url}#/play/{mid}")
    wait_ready(page)
    page.wait_for_selector(".table .hand", state="attached", timeout=30_000)


def open_stored(page, app_url, match, **kw):
    """A late position reached without tapping through the match: ``match`` stored as a new
    record (``store_match``) and its table opened. Returns the record's id."""
    mid = store_match(page, match, **kw)
    open_table(page, app_url, mid)
    return mid


def near_hand_end(match):
    """``match`` played on in CPython (as ``played_until``) to the end of its current hand,
    then cut back to the person's last move in that hand (or, if the person had none, to
    the hand's last move): the table then finishes the hand live."""
    start = seat0_view(match)["hands_played"]
    done = played_until(match, lambda view: view["hands_played"] > start)
    n = len(match["actions"])
    turns = [seat0_view(dict(done, actions=done["actions"][:i]))["turn"] for i in range(n, len(done["actions"]))]
    mine = [i for i, seat in enumerate(turns) if seat == 0]
    return dict(done, actions=done["actions"][:n + (mine[-1] if mine else len(turns) - 1)])


def near_match_end(match):
    """``match`` played on in CPython (as ``played_until``) to its end, then cut back to the
    person's last move: the table then finishes the match live (its match-over dialog)."""
    done = played_until(match, lambda view: False)
    return cut_before_my_move(done)


def claim_position(players=2, prefix="claim", limit=200):
    """A Cuarenta match for ``players`` played on in CPython (``played_until``, the person
    keen on captures) up to the person's ronda claim in its first hand, with the rival's ronda behind it: the first seed
    ``<prefix>-<k>`` that gets there."""
    for k in range(limit):
        m = played_until(match_file("cuarenta", {"players": players}, seed=f"{prefix}-{k}"),
                         lambda v: (v["phase"] == "claim" and v["turn"] == 0) or v["hands_played"] > 0,
                         person=captures_first)
        view = seat0_view(m)
        if view["phase"] == "claim" and view["turn"] == 0 and view["claim"]["seat"] == 0:
            return m
    raise AssertionError(f"no {prefix} seed with a ronda claim for the person")


def cut_before_my_move(match, want=lambda action: True):
    """``match`` cut back to just before the person's last move for which ``want(action)``
    holds: the moves from there on (``person_moves``) are the table's to play live."""
    for i in range(len(match["actions"]) - 1, -1, -1):
        if seat0_view(dict(match, actions=match["actions"][:i]))["turn"] == 0 and want(match["actions"][i]):
            return dict(match, actions=match["actions"][:i])
    raise AssertionError("no such move of the person")


def person_moves(start, end):
    """The person's actions (seat 0) in ``end`` after ``start``'s (``end`` played on from it)."""
    n = len(start["actions"])
    return [a for i, a in enumerate(end["actions"][n:], start=n)
            if seat0_view(dict(end, actions=end["actions"][:i]))["turn"] == 0]


def tap_action(page, action):
    """The person plays ``action`` (an action text, docs/api.md) by taps and the table shows
    it: a card, a bid, a ronda claim, a forgotten run taken, or a Cuarenta capture (its card,
    then the capture offered; a card that could capture but is laid down: "Lay down")."""
    my_turn(page)
    before = moves(page)
    card, _, rest = action.partition(":")
    control = page.locator(f".controls button[data-action='{action}']")
    if control.count():
        press(page, control)
    elif page.locator(f".hand button.card[data-card='{card}']").count():
        press(page, page.locator(f".hand button.card[data-card='{card}']"))
        if page.locator(".controls button.capture-btn").count():   # its captures offered
            press(page, control)
    else:
        raise AssertionError(f"nothing to tap for {action}")
    wait_moved(page, before)


SAVE_MATCH = """async ([id, rev, match, extra]) => {
  const store = await import('./store.js');
  const rec = await store.getMatch(id);
  if (!rec || rec.rev !== rev) return false;
  try { await store.saveMatch(rec, match, extra); } catch (e) { if (e instanceof store.ConflictError) return false; throw e; }
  return true;
}"""


def play_on(page, app_url, mid, advance=near_hand_end):
    """The app's stored match ``mid`` played on in CPython (``advance(match)``, by default
    ``near_hand_end``) up to a late position, saved over its record through the app's own store module (``saveMatch``, as
    the table saves a move) and its table opened again. The table is left first; a move the
    app was still saving is read again (the store's revision check)."""
    page.goto(f"{app_url}#/")
    page.wait_for_selector("#new-cuatrola", timeout=30_000)
    for _ in range(5):
        rec = stored(page, mid)
        match = advance(rec["match"])
        view = seat0_view(match)
        if page.evaluate(SAVE_MATCH, [mid, rec["rev"], match, {**outcome(view), "view": view}]):
            break
        # the app saved a move meanwhile (its table was still closing): read it again
    else:
        raise AssertionError(f"the stored match {mid} kept changing")
    open_table(page, app_url, mid)
    return match


# The controls matching a selector (in the window) that reach under the boot bar
UNDER_BOOT_BAR = """(sel) => {
  const bar = document.getElementById('boot').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].filter((b) => {
    const r = b.getBoundingClientRect();
    if (!r.width || r.bottom <= 0 || r.top >= innerHeight) return false;
    return r.bottom > bar.top + 0.5 && r.top < bar.bottom - 0.5;
  }).map((b) => b.id || b.dataset.action || b.dataset.card || b.textContent.trim());
}"""


def under_boot_bar(page, selector) -> list[str]:
    """The controls matching ``selector`` that reach under the boot bar while it shows (by id,
    action, card or text): the bar must cover nothing that can be tapped."""
    return page.evaluate(UNDER_BOOT_BAR, selector)


def show_boot_bar(page, fraction=0.4, text="Starting"):
    """The boot bar shown as Python's start shows it (web/boot-bar.js showProgress)."""
    page.evaluate("async ([f, t]) => (await import('./boot-bar.js')).showProgress(f, t)", [fraction, text])


def hide_boot_bar(page):
    """The boot bar put away as when Python is up (web/boot-bar.js hideProgress)."""
    page.evaluate("async () => (await import('./boot-bar.js')).hideProgress()")
