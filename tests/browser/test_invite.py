"""Invitations by link, the seat key, watchers and "Play again" at a table played together
(issue 30, docs/play-together.md "Invitations and answers"). Several phones (browser
profiles) on one machine; the share sheet is stubbed (what a phone shares is recorded) or
missing (the link is copied to the clipboard); a link is "tapped" by opening it in the
friend's profile, and the answer in a new tab of the host's. Every phone is a conftest
Browser: requests off the origin, CSP violations and uncaught errors fail the test."""

from __future__ import annotations

import json
import re
import time

from engine.api import handle

from .conftest import ROOT, read_catalog
from .helpers import stored, use_language
from .invite_helpers import answer_link, invitation_link, open_in_new_tab, shared, sharing_phone
from .table_together import (PAST, PROTOCOL, check_wire, close_panel, hands_of_others, host_table, moves, open_panel,
                             play_all, wire)

LANGS = ("en", "es", "de", "fr")


def _seat_live(host, slot, timeout=30_000):
    host.wait_for_selector(f"#seats-panel .seat-entry.live[data-seat='{slot}']", timeout=timeout)


def _status(page, sel, pattern, timeout=30_000):
    """Wait until the text of ``sel`` matches ``pattern`` (a regular expression); return it."""
    page.wait_for_function("([s, p]) => { const e = document.querySelector(s); return !!e && new RegExp(p, 'i').test(e.textContent); }",
                           arg=[sel, pattern], timeout=timeout)
    return page.inner_text(sel)


def test_a_friend_joins_by_link_and_the_answer_link_reaches_the_table_from_another_tab(new_browser, app_url):
    hb, host = sharing_phone(new_browser, app_url)
    _, guest = sharing_phone(new_browser, app_url, share=False, wire=True)   # no share sheet: copied
    mid = host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="by-link")
    link = invitation_link(host, 1)
    sent = shared(host)[-1]
    assert re.fullmatch(re.escape(app_url) + r"#/join\?v=1&o=[A-Z2-7]+&k=[A-Z2-7]{23}", link), link
    assert sent["title"] and sent["text"]
    # the friend taps it (a second profile): the join screen, the invitation filled in
    guest.goto(link)
    guest.wait_for_function("() => (document.getElementById('offer-code') || {}).value", timeout=60_000)
    text = guest.input_value("#offer-code")
    assert text.startswith("TPT:") and "/" in text
    assert "invitation to a seat" in guest.inner_text(".code-status").lower()
    guest.locator("#offer-use").tap()
    guest.locator("#send-answer").wait_for(timeout=30_000)
    guest.locator("#send-answer").tap()
    _status(guest, ".share-note", "copied")
    answer = guest.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(re.escape(app_url) + r"#/answer\?v=1&a=[A-Z2-7]+&t=[A-Z2-7]{16}", answer), answer
    assert guest.locator(".share-link .link-field").get_attribute("data-link") == answer
    # the host taps the answer in the chat: a new tab of the app hands it to the table's tab
    tab = open_in_new_tab(hb, answer)
    _status(tab, "#answer-status", "your table has it")
    _seat_live(host, 1)
    guest.wait_for_selector(".table .hand", timeout=30_000)
    _status(tab, "#answer-result", "your friend is at the table")
    close_panel(host)
    play_all([host, guest], timeout=90, stop=lambda: moves(host) >= 4)
    assert check_wire(guest, host, mid, 1) >= 2
    # the same answer opened again: refused at once, nobody else is seated
    again = open_in_new_tab(hb, answer)
    _status(again, "#answer-result", "used already")
    assert host.locator(".seat[data-seat='1'] .chip.seat-note").count() == 0      # the friend is still there
    assert guest.locator("#lost-bar").count() == 0


def test_an_answer_link_opened_in_the_page_of_the_table_keeps_the_table(new_browser, app_url):
    """A chat app may open the link in the very window of the installed app: the table stays
    (the same page, its connections), the friend sits down, the address is the table's."""
    _, host = sharing_phone(new_browser, app_url)
    _, guest = sharing_phone(new_browser, app_url)
    mid = host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="same-page")
    answer = answer_link(guest, invitation_link(host, 1))
    host.evaluate("() => { window.__samePage = true; document.querySelector('.table').dataset.kept = '1'; }")
    host.goto(answer)
    host.wait_for_selector(".seat[data-seat='1'] .chip.seat-note.away", state="detached", timeout=30_000)
    guest.wait_for_selector(".table .hand", timeout=30_000)
    assert host.evaluate("window.__samePage === true")
    assert host.get_attribute(".table", "data-kept") == "1"
    assert host.url.endswith(f"#/play/{mid}")


def test_an_answer_no_open_table_waits_for_says_so(new_browser, app_url):
    """The host reopened the table since the invitation went out (a new table, new
    invitations): the answer tab says that no table of this phone waits for it, and gives the
    answer's text to paste elsewhere; never a spinner."""
    hb, host = sharing_phone(new_browser, app_url)
    _, guest = sharing_phone(new_browser, app_url)
    host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="gone")
    answer = answer_link(guest, invitation_link(host, 1))
    host.reload()
    host.wait_for_selector("#seats-panel[open]", timeout=60_000)
    started = time.monotonic()
    tab = open_in_new_tab(hb, answer)
    said = _status(tab, "#answer-status", "no table of yours", timeout=15_000)
    assert time.monotonic() - started < 15, said
    assert tab.get_attribute(".answer-more .code-text", "data-code").startswith("TPT:")
    assert host.locator("#seats-panel .seat-entry.away[data-seat='1']").count() == 1


def _mutate(link, field, how):
    """The link with one field changed: ``how(value) -> value`` (None drops the field)."""
    head, query = link.split("?", 1)
    parts = []
    for pair in query.split("&"):
        k, v = pair.split("=", 1)
        if k == field:
            v = how(v)
            if v is None:
                continue
        parts.append(f"{k}={v}")
    return head + "?" + "&".join(parts)


def _flip(text, at):
    return text[:at] + ("B" if text[at] == "A" else "A") + text[at + 1:]


def test_stale_altered_reused_and_foreign_links_are_refused_with_a_clear_message(new_browser, app_url):
    hb, host = sharing_phone(new_browser, app_url)
    _, guest = sharing_phone(new_browser, app_url)
    mid = host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="bad-links")
    link = invitation_link(host, 1)

    def guest_opens(url):
        guest.goto(app_url + "#/")
        guest.goto(url)
        guest.wait_for_selector("#offer-code", timeout=60_000)
        return _status(guest, ".code-status", ".", timeout=10_000).lower()

    # the join screen words a refusal of the invitation (InviteError) and of its code
    # (CodeError); every refusal's code is tests/js/invite.test.mjs's, each code's words in
    # every catalog test_every_refusal_of_an_invitation_or_an_answer_is_worded_in_four_languages's
    assert "wrong character or was changed" in guest_opens(_mutate(link, "k", lambda k: _flip(k, 3)))
    assert "wrong character" in guest_opens(_mutate(link, "o", lambda o: _flip(o, len(o) // 2)))
    assert "cut short" in guest_opens(_mutate(link, "o", lambda o: o[: len(o) // 2]))
    assert moves(host) == len(stored(host, mid)["match"]["actions"])
    # a guest's answer, then a new invitation for that seat: the first answer is stale
    answer = answer_link(guest, link)
    assert invitation_link(host, 1) != link          # a new invitation for the seat
    tab = open_in_new_tab(hb, answer)
    assert "earlier invitation" in _status(tab, "#answer-result", "earlier invitation")
    # an answer whose tag was changed: no invitation of this table made it
    tab = open_in_new_tab(hb, _mutate(answer, "t", lambda t: _flip(t, 0)))
    assert "does not come from an invitation" in _status(tab, "#answer-result", "does not come")
    # the host's own invitation pasted where the answer goes: the other kind of code
    host.fill("#answer-1-code", host.get_attribute("#seats-panel .seat-entry[data-seat='1'] .code-text", "data-code"))
    host.locator("#answer-1-use").tap()
    _status(host, "#seats-panel .seat-entry[data-seat='1'] .code-status", "other side")
    # the same refusals in the other languages
    for lang in ("es", "de", "fr"):
        use_language(guest, app_url, lang)
        cat = read_catalog(lang)
        got = guest_opens(_mutate(link, "k", lambda k: _flip(k, 3)))
        assert got == cat["together.err.altered"].lower(), (lang, got)
    assert host.locator("#seats-panel .seat-entry.away[data-seat='1']").count() == 1


def test_a_phone_that_cannot_show_the_seat_key_is_not_seated(new_browser, app_url):
    """The channel opens (the codes are right) but the phone shows a wrong seat key, or none:
    it is not seated, both phones say so; the right key then seats it."""
    hb, host = sharing_phone(new_browser, app_url)
    _, guest = sharing_phone(new_browser, app_url, forge=True, wire=True)
    mid = host_table(host, app_url, "cuatrola", {1: "person", 2: "bot", 3: "bot"}, seed="seat-key")
    before = stored(host, mid)["match"]["actions"]
    for key, waits in (("AAAAAAAAAAAAAAAA", 10), (None, 15)):
        guest.goto(app_url + "#/")
        guest.evaluate("(k) => { window.helloKey = k; }", key)
        answer = answer_link(guest, invitation_link(host, 1))
        open_panel(host)
        tab = open_in_new_tab(hb, answer)
        _status(tab, "#answer-result", "could not show the seat's key", timeout=waits * 1000)
        _status(host, "#seats-panel .seat-entry[data-seat='1'] .code-status", "could not show the seat's key")
        _status(guest, "#guest-status", "did not accept this invitation", timeout=waits * 1000)
        assert guest.locator("#join-retry").is_visible()
        assert host.locator("#seats-panel .seat-entry.away[data-seat='1']").count() == 1
        tab.close()
    # no welcome reached the forger: no view of the table at all
    assert not [m for m in wire(guest) if m and m.get("t") in ("welcome", "move")]
    assert stored(host, mid)["match"]["actions"] == before
    guest.goto(app_url + "#/")
    guest.evaluate("() => { delete window.helloKey; }")
    answer = answer_link(guest, invitation_link(host, 1))
    open_in_new_tab(hb, answer)
    _seat_live(host, 1)
    guest.wait_for_selector(".table .hand", timeout=30_000)


def test_a_watcher_sees_what_every_seat_sees_and_never_a_hand(new_browser, app_url):
    """A fifth phone watches: every message it receives is the host engine's public view at
    that point (checked against CPython's engine), holds no card of any hand, and it can
    change nothing."""
    hb, host = sharing_phone(new_browser, app_url)
    _, watcher = sharing_phone(new_browser, app_url, wire=True)
    mid = host_table(host, app_url, "cuatrola", {1: "bot", 2: "bot", 3: "bot"}, seed="watched")
    link = invitation_link(host, 100)
    assert "&o=" in link
    answer = answer_link(watcher, link)
    open_in_new_tab(hb, answer)
    _seat_live(host, 100)
    watcher.wait_for_selector(".table", timeout=30_000)
    close_panel(host)
    play_all([host], timeout=120, stop=lambda: moves(host) >= 12)
    watcher.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) >= n", arg=12, timeout=30_000)
    # the watcher's table: no hand, the seats by number
    assert watcher.locator(".hand button.card").count() == 0
    assert watcher.inner_text(".seat.me .seat-label .name") == "Seat 1"
    assert watcher.inner_text(".seat.pos-top .seat-label .name") == "Seat 3"
    # a watcher's messages change nothing: an action, a second hello, garbage
    match = stored(host, mid)["match"]
    for raw in ('{"v": %d, "t": "act", "n": %d, "action": "pass"}' % (PROTOCOL, len(match["actions"])),
                '{"v": %d, "t": "hello", "key": "AAAAAAAAAAAAAAAA"}' % PROTOCOL, "garbage"):
        watcher.evaluate("(t) => window.__dc.send(t)", raw)
    watcher.wait_for_function("() => (window.__wire || []).filter((t) => t && t.includes('\"refused\"')).length >= 2",
                              timeout=10_000)
    codes = [m["code"] for m in wire(watcher) if m and m.get("t") == "refused"]
    assert codes[:2] == ["watcher", "bad_message"], codes
    play_all([host], timeout=60, stop=lambda: moves(host) >= len(match["actions"]) + 4)
    # every view the watcher received: the public view, as the host's engine answers it. The
    # messages are read first, the stored match after: the computer players play on meanwhile,
    # and a move is stored before it is sent, so the match then holds every action a message
    # names (read the other way round, a move sent between the two reads was compared with a
    # match one action short: a red CI of stop 37's work)
    received = wire(watcher)
    match = stored(host, mid)["match"]
    views = 0
    for m in received:
        if m and m.get("t") in ("welcome", "move"):
            n = m["n"]
            cut = dict(match, actions=match["actions"][:n])
            want = handle({"op": "view", "match": cut, "seat": None})["view"]
            assert m["view"] == want, (m["t"], n)
            assert m["view"]["hand"] == [] and m["view"]["legal"] == [] and m["view"]["seat"] is None
            if m["t"] == "welcome":
                assert m["seat"] is None
            held = set().union(*(hands_of_others(match, n, s) for s in range(4)))
            text = json.dumps({k: v for k, v in m["view"].items() if k not in PAST})
            assert not [c for c in held if f'"{c}"' in text], n
            views += 1
        assert not (m and m.get("t") == "over")
    assert views >= 12


def test_play_again_keeps_the_friends_seated(new_browser, app_url):
    """'Play again' at a table played together: a new match with the same seats and rules,
    the friend still seated (no new invitation); the finished match is in the friend's
    history."""
    hb, host = sharing_phone(new_browser, app_url)
    _, guest = sharing_phone(new_browser, app_url)
    mid = host_table(host, app_url, "cuatrola", {1: "bot", 2: "person", 3: "bot"},
                     rules={"end": "target", "target": 1}, seed="again-1")
    open_in_new_tab(hb, answer_link(guest, invitation_link(host, 2)))
    _seat_live(host, 2)
    guest.wait_for_selector(".table .hand", timeout=30_000)
    close_panel(host)
    play_all([host, guest], timeout=300)
    first = stored(host, mid)["match"]
    # the guest's "Play again" is the host's to start: it says so and nothing else happens
    guest.locator("dialog.match-over[open] button[data-value=again]").tap()
    _status(guest, "#toast", "host starts the next match")
    host.locator("dialog.match-over[open] button[data-value=again]").tap()
    host.wait_for_function("(old) => location.hash.startsWith('#/play/') && !location.hash.endsWith(old)", arg=mid,
                           timeout=30_000)
    new_id = host.url.split("#/play/")[1]
    second = stored(host, new_id)["match"]
    assert second["rules"] == first["rules"] and second["seed"] != first["seed"]
    assert second["meta"]["together"] == first["meta"]["together"] == {"seats": ["host", "bot", "person", "bot"]}
    # the friend is at the new table: the same seat, the new match's moves
    # (the last match's table stays drawn, its dialog closed, until the next one is mounted:
    # join.js nextMatch; the wait is for the next one, fewer moves than the finished match)
    guest.wait_for_function("""(n) => !document.querySelector('dialog.match-over[open]') && document.querySelector('.table .hand')
                               && Number(document.getElementById('screen').dataset.moves) < n""",
                            arg=len(first["actions"]), timeout=30_000)
    assert guest.get_attribute(".seat.me", "data-seat") == "2"
    assert host.locator("#seats-panel[open]").count() == 0          # nobody is away: no panel
    play_all([host, guest], timeout=120, stop=lambda: moves(host) >= 6)
    guest.wait_for_function("() => Number(document.getElementById('screen').dataset.moves) >= 6", timeout=30_000)
    kept = guest.evaluate("""async () => (await (await import('./store.js')).listMatches())
        .filter((r) => r.origin === 'together').map((r) => r.match.actions.length)""")
    assert kept == [len(first["actions"])]


def test_when_it_cannot_connect_the_host_says_so_within_20_s_and_offers_a_new_invitation(new_browser, app_url):
    """Both phones' candidates are unreachable (rewritten to TEST-NET addresses, the seat key
    and the tag made again as a host and a guest would): the host's panel says the connection
    did not open, in words a player understands, within 20 s, with a new invitation to send;
    the table and its stored match are untouched."""
    _, host = sharing_phone(new_browser, app_url)
    _, guest = sharing_phone(new_browser, app_url)
    mid = host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="no-route")
    before = stored(host, mid)
    open_panel(host)
    host.locator("#seats-panel [data-show='1']").tap()
    host.locator("#seats-panel .seat-entry[data-seat='1'] .code-text").wait_for(timeout=30_000)
    invitation = host.get_attribute("#seats-panel .seat-entry[data-seat='1'] .code-text", "data-code")
    nowhere = """async ([text, kind]) => {
      const code = await import('./together/code.js');
      const inv = await import('./together/invite.js');
      const [body, extra] = text.split('/');
      const info = code.decode(body, kind);
      const moved = code.encode({ ...info, candidates: [{ address: '192.0.2.1', port: 9 }] });
      return { body: moved, extra };
    }"""
    offer = guest.evaluate(nowhere, [invitation, "offer"])
    secret = guest.evaluate("""async (text) => (await import('./together/invite.js')).readInvitation(text).secret""", invitation)
    forged = guest.evaluate("""async ([offer, secret]) => (await import('./together/invite.js')).invitationText(offer, secret)""",
                            [offer["body"], secret])
    guest.goto(app_url + "#/join")
    guest.fill("#offer-code", forged)
    guest.locator("#offer-use").tap()
    guest.locator(".join .code-box .code-text").wait_for(timeout=30_000)
    answer = guest.get_attribute(".join .code-box .code-text", "data-code")
    moved = guest.evaluate(nowhere, [answer, "answer"])
    forged_answer = guest.evaluate("""async ([a, secret]) => (await import('./together/invite.js')).answerText(a, secret)""",
                                   [moved["body"], secret])
    host.fill("#answer-1-code", forged_answer)
    started = time.monotonic()
    host.locator("#answer-1-use").tap()
    said = _status(host, "#seats-panel .seat-entry[data-seat='1'] .code-status", "connection|network|reach", timeout=21_000)
    assert time.monotonic() - started <= 20.5, said
    assert host.locator("#seats-panel [data-fresh='1']").is_visible()
    assert host.locator(".spinner").count() == 0
    after = stored(host, mid)
    assert after["match"] == before["match"] and after["rev"] == before["rev"]


def test_every_refusal_of_an_invitation_or_an_answer_is_worded_in_four_languages():
    """Each code the invitation layer and the host's seating give (invite.js, host.js,
    handoff.js, the join screen) has its sentence in every catalog."""
    codes = set()
    for path in ("web/together/invite.js", "web/together/host.js", "web/screens/join.js"):
        text = (ROOT / path).read_text()
        codes |= set(re.findall(r"""new (?:InviteError|PeerError)\(\s*["'](\w+)["']""", text))
        codes |= set(re.findall(r"""code: ["'](\w+)["']""", text))
        codes |= set(re.findall(r"""\? ["'](refused_key)["']""", text))
    assert {"altered", "no_key", "too_long", "link_incomplete", "link_version", "answer_altered", "stale", "used",
            "not_invited", "refused_key", "seat_taken", "wrong_table"} <= codes, codes
    for lang in LANGS:
        cat = read_catalog(lang)
        missing = sorted(c for c in codes if f"together.err.{c}" not in cat)
        assert not missing, (lang, missing)
    assert all("err.watcher" in read_catalog(lang) for lang in LANGS)


def test_the_link_formats_are_documented():
    text = (ROOT / "docs" / "play-together.md").read_text()
    for part in ("#/join?v=1&o=", "&k=", "#/answer?v=1&a=", "&t=", "tapete-answer|1|", '"hello"', "protocol version 2"):
        assert part in text, part
