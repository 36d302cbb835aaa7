"""A table online in one link (issue 40, docs/play-together.md "One link"): friends sit down
through a relay (mosquitto on loopback, wss with a self-signed certificate: tests/browser/
relay.py) with no answer sent back; the two-message flow when the relay fails; what the
relay carries. Every phone is a conftest Browser (requests off the origin, CSP violations and
uncaught errors fail the test); the relay is a WebSocket, which the app's CSP (``wss:``)
allows."""

from __future__ import annotations

import base64
import json
import re
import secrets
import time
import zlib

from .conftest import read_catalog
from .helpers import goto, settings_before_start, stored
from .relay import IGNORE_CERTS, free_tcp_port, mosquitto  # noqa: F401 - the fixture
from .turn import coturn  # noqa: F401 - the fixture
from .test_together_nat import PCS, POLICY_KEY, selected_pairs
from .table_together import (PAST, PHONE_SETTINGS, WIRE, check_wire, close_panel, hands_of_others, host_late, host_table,
                             play_all)

#: A phone may print at most this many readable characters in a row of relay traffic.
READABLE_RUN = 16


def online_phone(new_browser, app_url, relays, wire=False, **settings):
    """A phone (the prepared profile, a fresh copy) whose relays are ``relays``."""
    b = new_browser(installed=True, args=[IGNORE_CERTS])
    settings_before_start(b.context, **PHONE_SETTINGS, relays={"urls": relays}, **settings)
    if wire:
        b.context.add_init_script(WIRE)
    page = b.page()
    goto(page, app_url)
    return b, page


def table_link(app_url, secret: bytes) -> str:
    """A table link for ``secret`` (web/together/online-link.js's format)."""
    check = zlib.crc32(secret).to_bytes(4, "big")
    return f"{app_url}#/sit?v=1&s={base64.b32encode(secret + check).decode()}"


def go_online(host):
    """The host opens its table online (the seats panel is open): the table's link."""
    host.locator("#go-online").tap()
    host.wait_for_selector("#online-status[data-state='live']", timeout=15_000)
    return host.locator("#online-block input.link-field").get_attribute("data-link")


def _readable(data: bytes) -> list[bytes]:
    return re.findall(rb"[\x20-\x7e]{%d,}" % READABLE_RUN, data)


def test_one_link_seats_three_friends_and_a_watcher_and_the_relay_reads_nothing(new_browser, app_url, mosquitto):
    """Host and three friends in fresh profiles, each opening the one link: seated with no
    answer sent back; the last hand of a Cuatrola match played to the end, every view a
    friend received its own seat's (check_wire). A fifth phone is offered to watch and gets
    the public view only. The broker's whole traffic (subscribed to #): one topic that names
    nothing, sealed payloads with nothing readable, no card, no seat key."""
    mosquitto.capture()
    relays = [mosquitto.url]
    _, host = online_phone(new_browser, app_url, relays)
    friends = [online_phone(new_browser, app_url, relays, wire=True)[1] for _ in range(3)]
    _, watcher = online_phone(new_browser, app_url, relays, wire=True)
    mid = host_table(host, app_url, "cuatrola", {1: "person", 2: "person", 3: "person"}, seed="online")
    host_late(host, app_url, mid)
    link = go_online(host)
    assert re.fullmatch(r"http://tapete\.localhost(:\d+)?/#/sit\?v=1&s=[A-Z2-7]{32}", link), link
    t0 = time.monotonic()
    for f in friends:                         # three taps at once
        f.evaluate("(u) => { location.href = u; }", link)
    for f in friends:
        f.wait_for_selector(".table .hand button.card", timeout=20_000)
    seated_s = time.monotonic() - t0
    for seat in (1, 2, 3):
        host.wait_for_selector(f"#seats-panel .seat-entry.live[data-seat='{seat}']", timeout=10_000)
    seats = [int(f.evaluate("document.querySelector('.seat.me').dataset.seat")) for f in friends]   # (in the order they knocked)
    assert sorted(seats) == [1, 2, 3]
    # the fifth phone: every seat taken, it may watch
    watcher.evaluate("(u) => { location.href = u; }", link)
    watcher.wait_for_selector("#sit-full", timeout=15_000)
    watcher.locator("#sit-watch").tap()
    watcher.wait_for_selector("[data-watching='1'] .table", timeout=15_000)
    host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='100']", timeout=10_000)
    close_panel(host)
    play_all([host, *friends], timeout=240)
    for seat, f in zip(seats, friends):
        assert check_wire(f, host, mid, seat) >= 2
    match = stored(host, mid)["match"]
    received = [json.loads(x) for x in watcher.evaluate("window.__wire") if x]
    views = [m for m in received if m.get("t") in ("welcome", "move")]
    assert views and not [m for m in received if m.get("t") == "over"]
    for m in views:
        assert m["view"]["hand"] == [] and m["view"]["seat"] is None
        held = set().union(*(hands_of_others(match, m["n"], s) for s in range(4)))
        text = json.dumps({k: v for k, v in m["view"].items() if k not in PAST})
        assert not [c for c in held if f'"{c}"' in text], m["n"]
    # what the broker carried
    rows = [r for r in mosquitto.captured() if not r[0].startswith("tapete-test/")]
    topics = {topic for topic, _, _ in rows}
    assert len(topics) == 1 and re.fullmatch(r"tapete/[0-9a-f]{32}", next(iter(topics))), topics
    secret = link.split("&s=")[1]
    assert secret.lower() not in next(iter(topics))
    cards = set().union(*(hands_of_others(match, 0, s) for s in range(4)))
    for _, size, payload in rows:
        assert size == len(payload) <= 4096
        assert not _readable(payload), _readable(payload)
        assert b"TPT" not in payload and secret.encode() not in payload
        assert not [c for c in cards if f'"{c}"'.encode() in payload]    # (as JSON would carry it: two bytes alone come by chance)
    per_friend = len(rows) / 4
    print(f"\nonline: link {len(link)} chars; three friends seated in {seated_s:.2f} s; "
          f"{len(rows)} messages, {sum(r[1] for r in rows)} bytes through the relay ({per_friend:.1f} a phone)")


DROPPED = "() => JSON.parse(document.getElementById('online-block').dataset.dropped || '{}')"


def test_stale_altered_and_replayed_links_say_so_in_four_languages(new_browser, app_url, mosquitto):
    """A table link cut short or changed: a clear message in each language, then the
    two-message form. A friend seated through the link leaves; every message the broker
    carried, published again (a replay), seats nobody. The table closed: its link finds
    nobody within seconds, and says so. Never a spinner."""
    relays = [mosquitto.url]
    _, host = online_phone(new_browser, app_url, relays)
    _, guest = online_phone(new_browser, app_url, relays)
    host_table(host, app_url, "cuatrola", {1: "person", 2: "bot", 3: "bot"}, seed="stale")
    mosquitto.capture()
    link = go_online(host)
    secret = link.split("&s=")[1]
    flipped = "B" if secret[5] == "A" else "A"
    cases = {"online.err.altered": link.replace(secret, secret[:5] + flipped + secret[6:]),
             "online.err.truncated": link[:-3]}
    for lang in ("en", "es", "de", "fr"):
        words = read_catalog(lang)
        guest.evaluate("(l) => { const s = JSON.parse(localStorage.getItem('tapete.settings') || '{}');"
                       " localStorage.setItem('tapete.settings', JSON.stringify({...s, lang: l})); }", lang)
        guest.reload()
        for key, bad in cases.items():
            guest.goto(f"{app_url}#/")
            guest.goto(bad)
            guest.wait_for_selector("#sit-fallback", timeout=15_000)
            assert guest.inner_text("#sit-fallback") == words[key], (lang, key)
            assert guest.locator("#offer-code").count() == 1          # the two-message form
    # seated through the link, then gone: the seat is away again
    guest.goto(f"{app_url}#/")
    guest.goto(link)
    guest.wait_for_selector(".table .hand button.card", timeout=20_000)
    host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='1']", timeout=10_000)
    guest.goto(f"{app_url}#/")
    host.wait_for_selector("#seats-panel .seat-entry.away[data-seat='1']", timeout=15_000)
    # a replay of all of it: nobody sits down
    rows = [r for r in mosquitto.captured() if not r[0].startswith("tapete-test/")]
    assert len(rows) >= 3                    # knock, invitation, answer at least
    before = host.evaluate(DROPPED)
    mosquitto.publish(rows)
    host.wait_for_function(f"(n) => {{ const d = ({DROPPED})(); return (d.replayed || 0) + (d.own || 0) >= n; }}",
                           arg=len(rows) + before.get("replayed", 0) + before.get("own", 0), timeout=15_000)
    assert host.locator("#seats-panel .seat-entry.away[data-seat='1']").count() == 1
    # the table closed: the host leaves it; its link now finds nobody, and says so in time
    host.goto(f"{app_url}#/")
    host.wait_for_selector("#online-block", state="detached", timeout=10_000)
    t0 = time.monotonic()
    guest.goto(link)
    guest.wait_for_selector("#sit-fallback", timeout=15_000)
    assert time.monotonic() - t0 < 10
    assert guest.inner_text("#sit-fallback") == read_catalog("fr")["online.no_table"]
    assert guest.locator("#offer-code").count() == 1


def test_through_turn_with_a_dead_relay_a_flood_and_the_relay_stopped(new_browser, app_url, mosquitto, coturn):
    """Two relays, one dead: a friend still sits down through the live one, and the hand is
    played through the local TURN server (both phones relay-only). A flood of junk (and one
    oversized message) on the table's topic: dropped, the table plays on. The relay stopped
    while a phone knocks: it falls back to the two-message form at once, saying why, and the
    table's link then does too (no relay), all within 10 s; the seated friend plays on to the
    end of the match."""
    relays = [f"wss://127.0.0.1:{free_tcp_port()}/mqtt", mosquitto.url]
    ice = {"stun": [], "turn": coturn.turn()}

    def phone(wire=False):
        b, page = online_phone(new_browser, app_url, relays, wire=wire, ice=ice)
        b.context.add_init_script(PCS)
        b.context.add_init_script(f"localStorage.setItem({json.dumps(POLICY_KEY)}, 'relay')")   # relay-only ICE
        page.reload()
        return page
    host, friend, late = phone(), phone(wire=True), phone()
    before = coturn.allocations()
    mid = host_table(host, app_url, "cuatrola", {1: "person", 2: "bot", 3: "bot"}, seed="dead-relay")
    host_late(host, app_url, mid)
    link = go_online(host)
    friend.goto(link)
    friend.wait_for_selector(".table .hand button.card", timeout=30_000)
    host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='1']", timeout=10_000)
    assert selected_pairs(friend) == [["relay", "relay"]]
    topic = host.evaluate("async (s) => (await (await import('./together/seal.js')).deriveRoom(Uint8Array.from(s))).topic",
                          list(__import__("base64").b32decode(link.split("&s=")[1])[:16]))
    mosquitto.flood(topic, 3000, big=200_000)
    host.wait_for_function(f"() => Object.values(({DROPPED})()).reduce((a, b) => a + b, 0) >= 100", timeout=20_000)
    close_panel(host)
    n0 = stored(host, mid)["match"]["actions"]
    play_all([host, friend], timeout=120, stop=lambda: len(stored(host, mid)["match"]["actions"]) >= len(n0) + 4)
    # mid-join: a phone on the relay, knocking at a table that does not answer (a link of
    # nobody's table), when the relay stops
    mosquitto.capture()
    late.goto(table_link(app_url, secrets.token_bytes(16)))
    end = time.monotonic() + 10
    while not [r for r in mosquitto.captured() if r[0].startswith("tapete/")]:
        assert time.monotonic() < end, "no knock reached the relay"
        time.sleep(0.05)
    mosquitto.stop()
    t0 = time.monotonic()
    late.wait_for_selector("#sit-fallback", timeout=10_000)
    assert late.inner_text("#sit-fallback") == read_catalog("en")["online.relay_lost"]
    # the relay gone: the table's link falls back at once, saying so
    late.goto(f"{app_url}#/")
    late.goto(link)
    late.wait_for_selector("#sit-fallback", timeout=10_000)
    assert time.monotonic() - t0 < 10
    assert late.inner_text("#sit-fallback") == read_catalog("en")["online.no_relay"]
    assert late.locator("#offer-code").count() == 1
    play_all([host, friend], timeout=240)
    assert check_wire(friend, host, mid, 1) >= 4
    assert coturn.allocations() >= before + 2
