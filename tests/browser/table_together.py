"""Helpers of the play-together table tests (test_play_together.py): phones that host a
table or join one by exchanging the codes as text, a loop that plays every phone's turns,
and the messages a guest received (recorded on the wire by an init script)."""

from __future__ import annotations

import json
import re
import time

from engine import match as M
from engine.api import handle
from engine.cards import FRENCH, SPANISH, cards_of

from .conftest import ROOT
from .helpers import choose, goto, play_on, played_until, seat0_view, settings_before_start, stored, wait_ready

#: The message protocol's version (web/together/messages.js), for messages a test writes.
PROTOCOL = int(re.search(r"export const PROTOCOL = (\d+);", (ROOT / "web/together/messages.js").read_text()).group(1))

#: Records every text a data channel receives (window.__wire) and the last channel whose
#: handler was set (window.__dc: the guest's channel to its host), before the app runs.
WIRE = """(() => {
  if (typeof RTCDataChannel !== 'function') return;
  const desc = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  window.__wire = [];
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true,
    get() { return desc.get.call(this); },
    set(fn) {
      window.__dc = this;
      desc.set.call(this, typeof fn === 'function'
        ? (e) => { window.__wire.push(typeof e.data === 'string' ? e.data : null); return fn(e); } : fn);
    },
  });
})();"""

#: Whatever the person can do now, the first of it: a bid, a ronda claim, a capture offered,
#: taking a forgotten sequence, else the first playable card.
ACTIONABLE = (".controls button.bid, .controls button.rank-btn, .controls button.capture-btn, "
              ".controls button[data-action^='take:'], .hand button.card:not(.illegal)")


#: A play-together phone's settings: instant speed, English, and motion off: these tests are
#: about the table between phones, not its animations (test_table_motion.py has those), and
#: the "thinking" dots' endless blink on every phone that waits for another cost each of them
#: about 7 % of a core in frames.
PHONE_SETTINGS = {"speed": "instant", "lang": "en", "motion": False}


def phone(new_browser, app_url, wire=False):
    """A phone of its own (a copy of the prepared profile: the app installed) at home, the app
    ready, with ``PHONE_SETTINGS``."""
    b = new_browser(installed=True)
    settings_before_start(b.context, **PHONE_SETTINGS)
    if wire:
        b.context.add_init_script(WIRE)
    page = b.page()
    goto(page, app_url)
    return b, page


def host_table(page, app_url, game, seats, rules=None, seed="together", level="novice", players=None):
    """Open a table played together from the form: ``seats`` maps each other seat to
    "person" or "bot". Returns the match id (the host's stored match)."""
    query = f"?together=1&players={players}" if players else "?together=1"
    page.goto(f"{app_url}#/new/{game}{query}")
    wait_ready(page)
    page.wait_for_selector("#start", timeout=30_000)
    for seat, kind in seats.items():
        page.locator(f"label[for='seat-{seat}-{kind}']").tap()
        assert page.is_checked(f"#seat-{seat}-{kind}")
    for name, value in (rules or {}).items():
        choose(page, f"#opt-{name}", value)
    choose(page, "#level", level)
    choose(page, "#seed", seed)
    page.locator("#start").tap()
    page.wait_for_url("**#/play/*", timeout=30_000)
    page.wait_for_selector(".table .hand", timeout=30_000)
    if "person" in seats.values():      # the seats panel opens by itself while friends are away
        page.wait_for_selector("#seats-panel[open]", timeout=30_000)
    return page.url.split("#/play/")[1]


def last_hand(match):
    """``match`` played on in CPython to its end (the computer players' choices at every seat
    but the host's, the first legal action there) and cut back to where its last hand
    begins: that hand, and the match's end, are the phones' to play."""
    done = played_until(match, lambda view: False)
    final = seat0_view(done)["hands_played"]
    hands = lambda i: seat0_view(dict(done, actions=done["actions"][:i]))["hands_played"]   # noqa: E731
    before = next((i for i in range(len(done["actions"]), -1, -1) if hands(i) < final - 1), None)
    return match if before is None else dict(done, actions=done["actions"][:before + 1])


def host_moves_left(k):
    """An ``advance`` for ``host_late``: the match played on in CPython to its end (as
    ``last_hand``), then cut back to before the host's ``k``-th last move: the last few
    tricks or deals, and the match's end, are the phones' to play."""
    def advance(match):
        done = played_until(match, lambda view: False)
        mine = [i for i in range(len(done["actions"]))
                if seat0_view(dict(done, actions=done["actions"][:i]))["turn"] == 0]
        return dict(done, actions=done["actions"][:mine[-k] if len(mine) >= k else len(match["actions"])])
    return advance


def host_late(host, app_url, mid, advance=last_hand):
    """The host's table ``mid`` (just opened from the form, every friend still away) moved on
    to a late position (``advance(match)``, by default its last hand) and opened there again:
    its seats panel waits for the friends."""
    play_on(host, app_url, mid, advance)
    host.wait_for_selector("#seats-panel[open]", timeout=30_000)
    return stored(host, mid)["match"]


def open_panel(host):
    """The host's seats panel (opened at once while a friend is away; else from the menu)."""
    if host.locator("#seats-panel[open]").count():
        return
    host.locator(".tbar button.icon-btn").last.tap()
    host.locator("dialog.menu[open] button[data-value=seats]").tap()
    host.wait_for_selector("#seats-panel[open]", timeout=10_000)


def close_panel(host):
    if host.locator("#seats-panel[open]").count():
        host.locator("#seats-panel button.primary").last.tap()
        host.wait_for_selector("#seats-panel[open]", state="detached", timeout=10_000)


def offer_code(host, seat):
    """The code the host shows for ``seat`` (as the guest would copy it)."""
    open_panel(host)
    show = host.locator(f"#seats-panel [data-show='{seat}']")
    if show.count() and show.is_visible():
        show.tap()
    box = host.locator(f"#seats-panel .seat-entry[data-seat='{seat}'] .code-text")
    box.wait_for(timeout=30_000)
    return box.get_attribute("data-code")


def guest_answer(guest, app_url, code):
    """The guest goes to "Join a table", pastes the host's code; returns its answer code."""
    if "#/join" in guest.url:          # a fresh start of the join screen
        guest.goto(f"{app_url}#/")
    guest.goto(f"{app_url}#/join")
    guest.wait_for_selector("#offer-code", timeout=30_000)
    guest.fill("#offer-code", code)
    guest.locator("#offer-use").tap()
    box = guest.locator(".join .code-box .code-text")
    box.wait_for(timeout=30_000)
    return box.get_attribute("data-code")


def host_accept(host, seat, answer):
    """The host pastes a guest's answer into the seat's box and connects."""
    host.fill(f"#answer-{seat}-code", answer)
    host.locator(f"#answer-{seat}-use").tap()


def connect(host, guest, app_url, seat):
    """A guest takes ``seat`` of the host's table (codes exchanged as text)."""
    answer = guest_answer(guest, app_url, offer_code(host, seat))
    host_accept(host, seat, answer)
    host.wait_for_selector(f"#seats-panel .seat-entry.live[data-seat='{seat}']", timeout=30_000)
    guest.wait_for_selector(".table .hand", timeout=30_000)


def moves(page):
    return int(page.get_attribute("#screen", "data-moves") or -1)


#: What a phone shows, in one round trip (a poll of play_all): [state, moves], the state
#: "over" (the match-over dialog or the final result), "hand-over" (a hand's breakdown),
#: "dialog" (another dialog), "act" (something the person can do: ``ACTIONABLE``) or null;
#: moves, the table's move count (#screen[data-moves]).
LOOK = """(actionable) => {
  const moves = Number((document.getElementById('screen') || {dataset: {}}).dataset.moves ?? -1);
  const d = document.querySelector('dialog[open]');
  if (d) return [d.classList.contains('match-over') ? 'over' : d.classList.contains('hand-over') ? 'hand-over' : 'dialog', moves];
  if (document.querySelector('.final .final-result')) return ['over', moves];
  return [document.querySelector(actionable) ? 'act' : null, moves];
}"""
#: After a phone acted, how long play_all lets its table answer (its move count change)
#: before that phone may act again: until then its hand can still look playable.
ANSWER_S = 2.0


def act_if_able(page, seen):
    """Close a hand's breakdown; if the person can act, do the first thing offered. ``seen``:
    the state LOOK just read. Returns "over" (the match-over dialog is open), "acted" or None."""
    if seen == "over":
        return "over"
    if seen == "hand-over":
        page.locator("dialog[open].hand-over button.primary").first.tap()
        return "acted"
    if seen != "act":
        return None
    el = page.locator(ACTIONABLE).first
    try:
        is_card = "card" in (el.get_attribute("class", timeout=2_000) or "")
        el.tap(timeout=2_000)
    except Exception:  # noqa: BLE001 - redrawn under the finger: look again
        return None
    choice = page.locator(".controls button.capture-btn")
    if is_card and choice.count():
        try:
            choice.first.tap(timeout=2_000)
        except Exception:  # noqa: BLE001
            pass
    return "acted"


def play_all(pages, timeout=300, stop=None):
    """Every phone plays its turns until each shows the end of the match (or ``stop()``, once
    no phone's move is on its way). A phone that acted is left alone until its table has
    answered (its move count changed, or ``ANSWER_S``): acting on the position it just left
    would tap a card already gone."""
    end = time.time() + timeout
    done = set()
    acted_at = {}   # phone -> (its move count when it acted, when)

    def answering():
        """A phone's move still on its way (its table has not shown an answer yet): ``stop``
        waits for it, or the stored match it reads would be one move short."""
        for i, (was, when) in acted_at.items():
            if time.time() - when < ANSWER_S and pages[i].evaluate(LOOK, ACTIONABLE)[1] == was:
                return True
        return False

    while len(done) < len(pages):
        assert time.time() < end, "the match took too long"
        if stop and stop() and not answering():
            return
        idle = True
        for i, page in enumerate(pages):
            if i in done:
                continue
            seen, count = page.evaluate(LOOK, ACTIONABLE)
            if seen == "act" and i in acted_at:
                was, when = acted_at[i]
                if count == was and time.time() - when < ANSWER_S:
                    continue
            r = act_if_able(page, seen)
            if r == "over":
                done.add(i)
            elif r == "acted":
                idle = False
                if seen == "act":   # (closing a hand's breakdown is no move: nothing to wait for)
                    acted_at[i] = (count, time.time())
        if idle:
            time.sleep(0.1)


def wire(page):
    """The messages a guest received, parsed (None for what was not JSON)."""
    out = []
    for text in page.evaluate("window.__wire || []"):
        try:
            out.append(json.loads(text))
        except (TypeError, ValueError):
            out.append(None)
    return out


def engine_view(match, n, seat):
    """The host engine's view of ``seat`` after the first ``n`` actions of ``match``."""
    cut = dict(match, actions=match["actions"][:n])
    r = handle({"op": "view", "match": cut, "seat": seat})
    assert r["ok"], r
    return r["view"]


def hands_of_others(match, n, seat):
    """Every card another seat holds after ``n`` actions (CPython's replay of the match)."""
    state = M.replay(dict(match, actions=match["actions"][:n]))
    deck = SPANISH if match["game"] == "cuatrola" else FRENCH
    return {deck.text(c) for s, h in enumerate(state.hands) if s != seat for c in cards_of(h)}


#: Parts of a view that name cards of earlier hands (a new deal may give those cards to any
#: seat), the face-up draw for the first dealer, or Cuatrola's trump card, which the dealer
#: shows to everyone ("jeder weiß von Anfang an, dass der Geber genau diese Karte hält", seed
#: 000): public, and left out of the literal check (the view is checked whole against the
#: engine's view just before).
PAST = ("last_hand", "events", "first_dealer_draw", "trump_card")


def check_wire(guest, host, match_id, seat):
    """Every view a guest received is exactly the host engine's view of its seat at that
    point, and holds no card of another seat's hand (issue 18: a test reads every message)."""
    msgs = wire(guest)                            # first: see test_invite's watcher test
    match = stored(host, match_id)["match"]
    assert msgs and None not in msgs
    views = 0
    for m in msgs:
        if m.get("t") in ("welcome", "move"):
            n = m["n"]
            want = engine_view(match, n, seat)
            assert m["view"] == want, (m["t"], n)
            hidden = hands_of_others(match, n, seat)
            text = json.dumps({k: v for k, v in m["view"].items() if k not in PAST})
            leaked = [c for c in hidden if f'"{c}"' in text]
            assert not leaked, (n, leaked)
            views += 1
        elif m.get("t") == "over":
            assert m["match"]["actions"] == match["actions"]
            assert handle({"op": "view", "match": m["match"], "seat": seat})["view"]["winner"] is not None
    return views
