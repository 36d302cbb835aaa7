"""Playing the app like a player through a ``drivers.Driver``: taps on the home screen, the
new-match form, bids, cards, captures and claims; the table read from the page (the
``data-*`` attributes the Chromium tests use, tests/browser/helpers.py)."""

from __future__ import annotations

import json
import time

from engine.api import handle

BOOT_TIMEOUT = 180.0   # s: a Python start (WebKit has no snapshot: a full boot, 8-15 s when quiet)
HAND_TAPS = 80         # more taps than a hand of either game needs

ENGINE_STATE = """(() => { const e = document.documentElement.dataset.engine;
  return e === 'failed' ? 'failed: ' + (window.__tapete && window.__tapete.error) : e === 'ready' && 'ready'; })()"""

# What the person can tap now (the first of each kind), or the end of the hand, or nothing.
NEXT_TAP = """(() => {
  const q = (s) => document.querySelector(s);
  const open = q('dialog[open]');
  if (open) return open.classList.contains('hand-over') ? 'hand-over' : 'dialog ' + open.className;
  for (const s of ['.controls button.capture-btn', '.controls button.rank-btn',
                   ".controls button[data-action^='take:']", '.controls button.bid',
                   '.hand button.card:not(.illegal)']) if (q(s)) return s;
  return null;
})()"""

MOVES = "Number(document.getElementById('screen').dataset.moves)"

# The table as the person sees it: the route, the number of moves, the person's cards in
# order, every other card shown (sorted) and the score line.
TABLE = """(() => {
  const s = document.getElementById('screen');
  const cards = [...s.querySelectorAll('[data-card]')];
  const score = s.querySelector('.score');
  return { route: location.hash, moves: Number(s.dataset.moves),
    hand: cards.filter((e) => e.closest('.hand')).map((e) => e.dataset.card),
    shown: cards.filter((e) => !e.closest('.hand')).map((e) => e.dataset.card).sort(),
    score: score ? score.textContent : null };
})()"""


def wait_ready(d, timeout: float = BOOT_TIMEOUT) -> None:
    state = d.wait_for(ENGINE_STATE, timeout, what="Python ready")
    assert state == "ready", f"{d.name}: {state}"


def stored_js(match_id: str) -> str:
    """A promise of the stored record of a match, read straight from IndexedDB (null if none)."""
    return """new Promise((resolve) => {
      const r = indexedDB.open('tapete');
      r.onsuccess = () => {
        const g = r.result.transaction('matches', 'readonly').objectStore('matches').get(%s);
        g.onsuccess = () => { resolve(g.result || null); r.result.close(); };
        g.onerror = () => resolve(null);
      };
      r.onerror = () => resolve(null);
    })""" % json.dumps(match_id)


def stored(d, match_id: str) -> dict:
    rec = d.eval(stored_js(match_id))
    assert rec, f"{d.name}: no stored record {match_id}"
    return rec


def new_match(d, button: str, seed: str) -> str:
    """From the home screen: tap ``button`` (#new-cuatrola, #new-cuarenta-4, ...), the novice
    level, unfold the rules, type the deal code, Start. Returns the match id."""
    d.click(button)
    d.click("label[for='level-novice']")
    d.click("#rules > summary")
    d.type("#seed", seed)
    d.click("#start")
    route = d.wait_for("location.hash.startsWith('#/play/') && document.querySelector('.table .hand')"
                       " && location.hash", what="the table")
    return route.split("#/play/")[1]


def my_turn(d, timeout: float = BOOT_TIMEOUT) -> str:
    """Wait until the person can act (or the hand is over): what NEXT_TAP says."""
    return d.wait_for(NEXT_TAP, timeout, what="the person's turn")


def tap(d, target: str) -> None:
    """Tap ``target`` (a NEXT_TAP selector) and wait for its effect: a move, a dialog, or a
    choice to make (the captures of the card just tapped)."""
    before = d.eval(MOVES)
    d.click(target)
    choice = " || !!document.querySelector('.controls button.capture-btn')" if ".card" in target else ""
    d.wait_for(f"{MOVES} > {before} || !!document.querySelector('dialog[open]'){choice}",
               what=f"the move after tapping {target}")


def play(d, taps: int) -> int:
    """Up to ``taps`` of the person's taps (fewer at the hand's end); returns how many."""
    for done in range(taps):
        target = my_turn(d)
        if target == "hand-over":
            return done
        assert not target.startswith("dialog"), f"{d.name}: unexpected {target}"
        tap(d, target)
    return taps


def play_to_hand_end(d, match_id: str) -> dict:
    """Tap on until the hand-over dialog; the stored match's first hand is then over
    (CPython's engine replays it). Returns that hand's summary."""
    play(d, HAND_TAPS)
    assert my_turn(d) == "hand-over", f"{d.name}: no end of hand after {HAND_TAPS} taps"
    rec = stored(d, match_id)
    summary = handle({"op": "summary", "match": rec["match"]})
    assert summary["ok"], summary
    assert summary["summary"]["hands"], f"{d.name}: the stored match has no finished hand"
    return summary["summary"]["hands"][0]


def table_when_stored(d, match_id: str) -> dict:
    """The table at the person's turn, once the stored record holds every move shown."""
    target = my_turn(d)
    assert target != "hand-over" and not target.startswith("dialog"), target
    table = d.eval(TABLE)
    d.wait_for(f"""(async () => {{
      const r = await ({stored_js(match_id)});
      return !!r && r.match.actions.length === {table['moves']};
    }})()""", what="the record stored")
    return table


def resumed(d, before: dict) -> dict:
    """After a reload: Python ready and the table at the same move; returns the table now."""
    wait_ready(d)
    d.wait_for(f"document.querySelector('.table .hand button.card') && {MOVES} === {before['moves']}",
               what=f"the table at move {before['moves']}")
    my_turn(d)
    return d.eval(TABLE)


class Laps:
    """Wall time per step of a test, printed at its end (``pytest -s`` or ``-rP`` shows it)."""

    def __init__(self, d, since: float):
        self.d = d
        self.start = since
        self.last = time.monotonic()
        self.laps: list[str] = [f"browser started {self.last - since:.1f} s"]

    def __call__(self, step: str, boot: bool = False) -> None:
        """The time since the last step; after a ``boot``, Python's start as the app saw it."""
        now = time.monotonic()
        text = f"{step} {now - self.last:.1f} s"
        if boot:
            ms, used = self.d.eval("[window.__tapete.boot.ms, window.__tapete.boot.snapshot.used]")
            text += f" (Python ready in {ms / 1000:.1f} s, snapshot {'used' if used else 'not used'})"
        self.laps.append(text)
        self.last = now

    def report(self) -> None:
        print(f"{self.d.name} {self.d.version}: {time.monotonic() - self.start:.1f} s: " + "; ".join(self.laps))
