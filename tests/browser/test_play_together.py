"""Play together at one table, phone to phone (issue 18): several phones (browser profiles)
on one machine exchange the connection codes as text; the host's engine is the authority.

Every phone is a conftest Browser: requests that leave the app's origin, CSP violations and
uncaught page errors fail the test (checked when the test ends)."""

from __future__ import annotations


from engine.api import handle

from .helpers import near_match_end, seat0_view, set_settings, stored, wait_ready
from .waits import engine_round_trip, still
from .table_together import (PROTOCOL, check_wire, close_panel, connect, guest_answer, host_accept, host_late,
                             host_moves_left, host_table, moves, offer_code, open_panel, phone, play_all, wire)


#: The matches a phone keeps (IndexedDB), newest first.
HISTORY = """async () => {
  const store = await import('./store.js');
  return (await store.listMatches()).map((r) => ({ id: r.id, origin: r.origin, status: r.status,
    seat: r.seat, actions: r.match.actions.length, result: r.result }));
}"""


def _history(page):
    return page.evaluate(HISTORY)


#: The host's cards left to play in the tests that start near a match's end (each guest has
#: about as many): two deals of Cuarenta for two, three tricks of Cuatrola.
LAST_CARDS = 10
LAST_TRICKS = 3


def test_a_cuatrola_match_ends_with_a_host_and_three_guests(new_browser, app_url):
    """Four phones at one table: its last tricks and the match's end (a whole Cuatrola match
    by taps is test_cuatrola.py's; the match before them played in CPython)."""
    _, host = phone(new_browser, app_url)
    guests = [phone(new_browser, app_url, wire=True)[1] for _ in range(3)]
    mid = host_table(host, app_url, "cuatrola", {1: "person", 2: "person", 3: "person"},
                     rules={"end": "target", "target": 1}, seed="four-phones")
    host_late(host, app_url, mid, host_moves_left(LAST_TRICKS))
    for seat, guest in enumerate(guests, start=1):
        connect(host, guest, app_url, seat)
    close_panel(host)
    # each phone sees itself at the bottom, the others by place: the partner is seat + 2
    for seat, guest in enumerate(guests, start=1):
        assert guest.get_attribute(".seat.me", "data-seat") == str(seat)
        assert guest.get_attribute(".seat.pos-top", "data-seat") == str((seat + 2) % 4)
    play_all([host, *guests], timeout=300)
    match = stored(host, mid)["match"]
    final = handle({"op": "view", "match": match, "seat": 0})["view"]
    assert final["winner"] is not None
    for seat, guest in enumerate(guests, start=1):
        assert check_wire(guest, host, mid, seat) >= LAST_TRICKS
        kept = [r for r in _history(guest) if r["origin"] == "together"]
        assert kept and kept[0]["status"] == "finished" and kept[0]["seat"] == seat
        assert kept[0]["actions"] == len(match["actions"])
        # the guest's own table showed the same result, from its side
        assert guest.locator("dialog.match-over[open], .final .final-result").count()


def test_cuarenta_between_two_phones(new_browser, app_url):
    """The match's last two deals, and its end, played between the two phones (the rest
    played in CPython: a whole Cuarenta match for two by taps is test_cuarenta.py's, and a
    whole one between phones, four players, with its hands' ends, is the next test)."""
    _, host = phone(new_browser, app_url)
    _, guest = phone(new_browser, app_url, wire=True)
    mid = host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="two-phones")
    assert seat0_view(host_late(host, app_url, mid, host_moves_left(LAST_CARDS)))["hands_played"] >= 1
    connect(host, guest, app_url, 1)
    close_panel(host)
    play_all([host, guest], timeout=420)
    match = stored(host, mid)["match"]
    assert handle({"op": "view", "match": match, "seat": 1})["view"]["winner"] is not None
    assert check_wire(guest, host, mid, 1) >= LAST_CARDS


def test_cuarenta_four_players_two_people_and_two_computers(new_browser, app_url):
    _, host = phone(new_browser, app_url)
    _, guest = phone(new_browser, app_url, wire=True)
    # the guest is the host's partner (seat 2); the rivals are computer players
    mid = host_table(host, app_url, "cuarenta", {1: "bot", 2: "person", 3: "bot"}, players=4,
                     seed="four-two-26")
    connect(host, guest, app_url, 2)
    close_panel(host)
    play_all([host, guest], timeout=420)
    match = stored(host, mid)["match"]
    view = handle({"op": "view", "match": match, "seat": 2})["view"]
    assert view["winner"] is not None
    assert check_wire(guest, host, mid, 2) > 10
    # both people are one side: the guest's history says the same result as the host's
    mine = [r for r in _history(guest) if r["origin"] == "together"][0]
    assert mine["result"]["winner"] == view["winner"] and mine["result"]["side"] == 0


def test_a_guest_leaves_a_computer_takes_the_seat_and_the_guest_comes_back(new_browser, app_url):
    _, host = phone(new_browser, app_url)
    gb, guest = phone(new_browser, app_url)
    mid = host_table(host, app_url, "cuatrola", {1: "bot", 2: "person", 3: "bot"}, seed="leave-1")
    connect(host, guest, app_url, 2)
    close_panel(host)
    # a few actions, then the guest's phone goes (its page is closed mid-hand)
    play_all([host, guest], timeout=60, stop=lambda: moves(host) >= 6)
    before = moves(host)
    guest.close()
    host.wait_for_selector(".seat[data-seat='2'] .chip.seat-note.away", timeout=30_000)
    # the table waits for that seat: nothing moves while it is seat 2's turn
    play_all([host], timeout=60, stop=lambda: handle({"op": "view", "match": stored(host, mid)["match"],
                                                      "seat": 0})["view"]["turn"] == 2)
    waiting = moves(host)
    # the table says it waits for that seat (and offers a computer player): nothing moves
    host.wait_for_selector(".controls [data-away='2']", timeout=10_000)
    engine_round_trip(host)
    assert moves(host) == waiting >= before
    # the host lets a computer player take the seat: the match goes on
    open_panel(host)
    host.locator("#seats-panel [data-computer='2']").tap()
    host.wait_for_selector(".seat[data-seat='2'] .chip.seat-note.computer", timeout=10_000)
    close_panel(host)
    host.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) > n",
                           arg=waiting, timeout=30_000)
    # the person joins again (a new phone page) and takes the seat back
    guest2 = gb.context.new_page()
    guest2.goto(app_url + "#/join")
    connect(host, guest2, app_url, 2)
    close_panel(host)
    host.wait_for_selector(".seat[data-seat='2'] .chip.seat-note", state="detached", timeout=10_000)
    assert guest2.get_attribute(".seat.me", "data-seat") == "2"
    # the match it sees is the host's, with every action played so far
    assert int(guest2.get_attribute("#screen", "data-moves")) == moves(host)
    at = moves(host)
    play_all([host, guest2], timeout=120, stop=lambda: moves(host) >= at + 6)


def test_the_table_says_who_it_waits_for_and_the_host_can_let_the_computer_play(new_browser, app_url):
    """Issue 18, 'When things go wrong': the table waits for a friend who left and shows who
    is missing; the host can let a computer player take the seat, from the table itself."""
    _, host = phone(new_browser, app_url)
    _, guest = phone(new_browser, app_url)
    mid = host_table(host, app_url, "cuarenta", {1: "person"}, seed="away-1", players=2)
    connect(host, guest, app_url, 1)
    close_panel(host)
    play_all([host, guest], timeout=60, stop=lambda: moves(host) >= 3)
    guest.close()
    host.wait_for_selector(".seat[data-seat='1'] .chip.seat-note.away", timeout=30_000)
    play_all([host], timeout=60, stop=lambda: handle({"op": "view", "match": stored(host, mid)["match"],
                                                      "seat": 0})["view"]["turn"] == 1)
    waiting = moves(host)
    host.wait_for_selector(".controls [data-away='1']", timeout=10_000)
    assert "not connected" in host.text_content(".prompt")
    assert moves(host) == waiting
    host.locator(".controls [data-away='1']").tap()
    host.wait_for_selector(".seat[data-seat='1'] .chip.seat-note.computer", timeout=10_000)
    host.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) > n",
                           arg=waiting, timeout=30_000)
    assert not host.locator(".controls [data-away]").count()


def test_the_host_reloads_mid_hand_and_the_guests_join_again(new_browser, app_url):
    _, host = phone(new_browser, app_url)
    guests = [phone(new_browser, app_url)[1] for _ in range(2)]
    mid = host_table(host, app_url, "cuatrola", {1: "person", 2: "bot", 3: "person"}, seed="reload-1")
    connect(host, guests[0], app_url, 1)
    connect(host, guests[1], app_url, 3)
    close_panel(host)
    play_all([host, *guests], timeout=60, stop=lambda: moves(host) >= 7)
    played = stored(host, mid)["match"]["actions"]
    host.reload()
    # the match resumes from storage, nothing lost; the friends' seats wait for new codes
    host.wait_for_selector("#seats-panel[open]", timeout=60_000)
    assert stored(host, mid)["match"]["actions"] == played
    assert moves(host) == len(played)
    for guest in guests:
        guest.wait_for_selector("#lost-bar", timeout=30_000)
        assert "nothing played is lost" in guest.inner_text("#lost-bar").lower()
    for seat, guest in ((1, guests[0]), (3, guests[1])):
        guest.locator("#join-again").tap()
        connect(host, guest, app_url, seat)
        assert int(guest.get_attribute("#screen", "data-moves")) == len(played)
    close_panel(host)
    play_all([host, *guests], timeout=120, stop=lambda: moves(host) >= len(played) + 5)


def test_bad_codes_are_refused_on_the_screen_that_took_them(new_browser, app_url):
    _, host = phone(new_browser, app_url)
    _, other_host = phone(new_browser, app_url)
    _, guest = phone(new_browser, app_url)
    _, second = phone(new_browser, app_url)
    host_table(host, app_url, "cuatrola", {1: "person", 2: "person", 3: "bot"}, seed="codes-1")
    code = offer_code(host, 1)
    guest.goto(app_url + "#/join")
    guest.wait_for_selector("#offer-code")

    def guest_says(text):
        guest.fill("#offer-code", text)
        guest.locator("#offer-use").tap()
        guest.wait_for_function("() => document.querySelector('.code-status').textContent.length > 0 && "
                                "!document.querySelector('.code-status').textContent.includes('Connecting')",
                                timeout=10_000)
        return guest.inner_text(".code-status")

    assert "not a tapete table code" in guest_says("hello, this is not a code").lower()
    assert "cut short" in guest_says(code[: len(code) // 2]).lower()
    typo = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    assert "wrong character" in guest_says(typo).lower()
    # an answer from another table's guest, pasted at this host
    host_table(other_host, app_url, "cuatrola", {1: "person", 2: "bot", 3: "bot"}, seed="codes-2")
    foreign = guest_answer(second, app_url, offer_code(other_host, 1))
    host_accept(host, 1, foreign)
    host.wait_for_function("() => /another table/i.test(document.querySelector('#seats-panel "
                           ".seat-entry[data-seat=\"1\"] .code-status').textContent)", timeout=10_000)
    # the host's own code pasted where an answer goes: the other kind of code
    host_accept(host, 1, code)
    host.wait_for_function("() => /other side/i.test(document.querySelector('#seats-panel "
                           ".seat-entry[data-seat=\"1\"] .code-status').textContent)", timeout=10_000)
    # a guest takes seat 1; a second guest answers the same (used) code: the seat is taken
    connect(host, guest, app_url, 1)
    late = guest_answer(second, app_url, code)
    offer_code(host, 2)
    host_accept(host, 2, late)
    host.wait_for_function("() => /already taken/i.test(document.querySelector('#seats-panel "
                           ".seat-entry[data-seat=\"2\"] .code-status').textContent)", timeout=10_000)


def test_a_guest_sending_bad_messages_is_refused_and_the_table_goes_on(new_browser, app_url):
    _, host = phone(new_browser, app_url)
    _, guest = phone(new_browser, app_url, wire=True)
    mid = host_table(host, app_url, "cuatrola", {1: "person", 2: "bot", 3: "bot"}, seed="bad-msgs")
    connect(host, guest, app_url, 1)
    close_panel(host)
    n = moves(host)
    match = stored(host, mid)["match"]
    view = handle({"op": "view", "match": match, "seat": 1})["view"]
    other_seat = next(s for s in range(4) if s not in (1, view["turn"]))

    def send(raw):
        guest.evaluate("(t) => window.__dc.send(t)", raw)

    def refusals():
        return [m for m in wire(guest) if m and m.get("t") == "refused"]

    v, other = PROTOCOL, PROTOCOL - 1     # this protocol's version and the one before
    send("garbage, not JSON")
    send('{"v": %d, "t": "act", "n": 0, "action": "' % v + "x" * 3000 + '"}')  # oversized
    send('{"v": %d, "t": "act", "n": 0, "action": "pass"}' % other)             # another version
    send('{"v": %d, "t": "seat", "seat": 3}' % v)                               # no such message
    # an action for another seat: there is no seat field to claim; the host acts for the
    # channel's own seat (1) only, so it is refused as out of turn when seat 1 is not to act
    if view["turn"] != 1:
        send('{"v": %d, "t": "act", "n": %d, "action": "pass", "seat": %d}' % (v, n, other_seat))
    guest.wait_for_function("(k) => (window.__wire || []).filter((t) => t && t.includes('\"refused\"')).length >= k",
                            arg=4, timeout=10_000)
    codes = [m["code"] for m in refusals()]
    assert codes[:4] == ["bad_message", "bad_message", "bad_message", "bad_message"], codes
    if view["turn"] != 1:
        guest.wait_for_function("() => (window.__wire || []).filter((t) => t && t.includes('not_your_turn')).length >= 1",
                                timeout=10_000)
    # nothing changed at the table; the guest was told on its own screen
    assert stored(host, mid)["match"]["actions"] == match["actions"]
    # a flood: dropped and said, the table goes on
    guest.evaluate("(v) => { for (let i = 0; i < 200; i++) window.__dc.send(`{\"v\": ${v}, \"t\": \"summary\"}`); }", v)
    guest.wait_for_function("() => (window.__wire || []).some((t) => t && t.includes('\"flood\"'))", timeout=10_000)
    # an illegal card on the guest's turn: the engine's refusal, to the guest alone
    def guest_plays_next(m):
        v = handle({"op": "view", "match": m, "seat": 1})["view"]
        return v["turn"] == 1 and v["phase"] == "play"

    for _ in range(5):
        # (play_all stops once no phone's move is on its way to the host)
        play_all([host, guest], timeout=60, stop=lambda: guest_plays_next(stored(host, mid)["match"]))
        match = stored(host, mid)["match"]
        if guest_plays_next(match):
            break
    v1 = handle({"op": "view", "match": match, "seat": 1})["view"]
    illegal = [c for c in v1["hand"] if c not in v1["legal"]]
    if illegal:
        # the guest's table is where the host's is (every move shown), its turn
        guest.wait_for_function("(n) => Number(document.getElementById('screen').dataset.moves) === n",
                                arg=len(match["actions"]), timeout=10_000)
        send('{"v": %d, "t": "act", "n": %d, "action": "%s"}' % (v, len(match["actions"]), illegal[0]))
        guest.wait_for_function("(c) => (window.__wire || []).some((t) => t && t.includes('\"refused\"') && t.includes(c))",
                                arg=illegal[0], timeout=10_000)
        assert stored(host, mid)["match"]["actions"] == match["actions"]
    # and the match goes on
    at = moves(host)
    play_all([host, guest], timeout=60, stop=lambda: moves(host) >= at + 4)
    set_settings(guest, lang="en")


def test_home_loads_nothing_of_the_feature(new_browser, app_url):
    """First paint (home) requests no file of web/together/, its screens or the QR libraries;
    opening "Join a table" loads them."""
    b = new_browser(installed=True)     # (the files come from its service worker: requests all the same)
    page = b.page()
    seen = []
    page.on("request", lambda r: seen.append(r.url))
    page.goto(app_url)
    page.wait_for_selector("#home-together", timeout=60_000)
    wait_ready(page)      # the start done: Python up, home drawn, nothing moving
    still(page)
    feature = [u for u in seen if "/together/" in u or "/vendor/" in u or u.endswith(("/join.js", "/together.js"))]
    assert not feature, feature
    page.goto(app_url + "#/join")
    page.wait_for_selector("#offer-code", timeout=60_000)
    assert any("/together/" in u for u in seen)


def test_a_guest_whose_page_reloads_is_told_how_to_come_back(new_browser, app_url):
    """Seen playing: a guest's phone reloaded the page mid-hand and it opened on a blank
    "Join a table" form, with nothing about the table the guest had just been at. It now
    says that the link to the host was cut, that nothing is lost, and what to do; joining
    again works from that form, and the notice is not shown on a later, ordinary visit."""
    _, host = phone(new_browser, app_url)
    _, guest = phone(new_browser, app_url)
    host_table(host, app_url, "cuarenta", {1: "person"}, seed="reload-guest", players=2)
    connect(host, guest, app_url, 1)
    close_panel(host)
    play_all([host, guest], timeout=60, stop=lambda: moves(host) >= 2)
    guest.reload()
    wait_ready(guest)
    notice = guest.locator("#rejoin-notice")
    notice.wait_for(timeout=30_000)
    text = notice.inner_text()
    assert "reloaded" in text and "Nothing played is lost" in text, text
    host.wait_for_selector(".seat[data-seat='1'] .chip.seat-note.away", timeout=30_000)
    # join again from this very form: the guest is back at the host's table
    answer = guest_answer_here(guest, offer_code(host, 1))
    host_accept(host, 1, answer)
    host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='1']", timeout=30_000)
    guest.wait_for_selector(".table .hand", timeout=30_000)
    assert int(guest.get_attribute("#screen", "data-moves")) == moves(host)
    # home, then "Join a table" on purpose: no notice
    guest.goto(app_url + "#/")
    guest.wait_for_selector("#screen .home, #new-cuatrola", timeout=30_000)
    guest.goto(app_url + "#/join")
    guest.wait_for_selector("#offer-code", timeout=30_000)
    assert guest.locator("#rejoin-notice").count() == 0


def test_a_guest_whose_match_is_over_is_not_told_to_join_again_after_a_reload(new_browser, app_url):
    """The reload notice ("the link to the host was cut ... scan the seat's code again") is for
    a match still being played. A guest whose match had ended (kept in its history) and whose
    page then reloaded was still told to join again, to a table with nothing left to play."""
    _, host = phone(new_browser, app_url)
    _, guest = phone(new_browser, app_url)
    mid = host_table(host, app_url, "cuatrola", {1: "person", 2: "bot", 3: "bot"},
                     rules={"end": "target", "target": 1}, seed="over-then-reload")
    host_late(host, app_url, mid, near_match_end)    # (the match played in CPython up to the host's last card)
    connect(host, guest, app_url, 1)
    close_panel(host)
    play_all([host, guest], timeout=300)
    guest.wait_for_function(f"async () => ({HISTORY})().then((all) => all.some((r) => r.origin === 'together'"
                            " && r.status === 'finished'))", timeout=30_000)   # the guest kept the finished match
    guest.reload()
    wait_ready(guest)
    guest.wait_for_selector("#offer-code", timeout=30_000)
    assert guest.locator("#rejoin-notice").count() == 0


def guest_answer_here(guest, code):
    """The guest pastes the host's code into the join form already on screen."""
    guest.fill("#offer-code", code)
    guest.locator("#offer-use").tap()
    box = guest.locator(".join .code-box .code-text")
    box.wait_for(timeout=30_000)
    return box.get_attribute("data-code")
