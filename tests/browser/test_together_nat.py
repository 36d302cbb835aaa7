"""Through NATs (issue 30), tested here with no internet: coturn on loopback serves as the STUN
and TURN server (tests/browser/turn.py); the servers come from the settings, as the app reads
them (web/together/ice.js); relay-only ICE is forced by the documented test hook
(localStorage "tapete.iceTransportPolicy" = "relay"). docs/play-together.md ("Through NATs").

Peer layer on blank pages of the app's origin (together.py), then the app itself: a whole
hand played through the local TURN server, and both phones saying why they cannot connect
when every candidate fails."""

from __future__ import annotations

import json
import statistics
import time

from engine.api import handle

from .conftest import read_catalog
from .helpers import set_settings, stored
from .table_together import (check_wire, close_panel, guest_answer, host_accept, host_table, offer_code,
                             phone, play_all)
from .together import together  # noqa: F401  (fixture)
from .turn import coturn, coturn_blocked  # noqa: F401  (fixtures)

POLICY_KEY = "tapete.iceTransportPolicy"

#: The settings' ICE servers (settings.ice), as the settings screen stores them.
SET_ICE = """(ice) => {
  const s = JSON.parse(localStorage.getItem('tapete.settings') || '{}');
  localStorage.setItem('tapete.settings', JSON.stringify({...s, ice}));
}"""

# The host makes an offer for seat 1 (timed), the guest answers it (timed), the host uses
# the answer; both sides keep their channel (window.chan), messages echo on the guest.
CONNECT = """async ({offer}) => {
  const t0 = performance.now();
  const g = await T.peer.answerOffer(offer);
  window.chan = g.channel;
  window.got = [];
  chan.onmessage = (m) => { got.push(m); chan.send({echo: m}); };
  return {code: g.code, ms: performance.now() - t0};
}"""
OFFER = """async () => {
  window.host = new T.peer.Host();
  const t0 = performance.now();
  const code = await host.createOffer(1);
  return {code, ms: performance.now() - t0};
}"""
ACCEPT = """async (answer) => {
  const t0 = performance.now();
  window.chan = await host.acceptAnswer(answer);
  window.back = [];
  chan.onmessage = (m) => back.push(m);
  return performance.now() - t0;
}"""
# The candidate types of the pair a connection uses: [local, remote].
SELECTED = """async (pc) => {
  const stats = await pc.getStats();
  let pair = null;
  stats.forEach((r) => { if (r.type === "transport" && r.selectedCandidatePairId) pair = stats.get(r.selectedCandidatePairId); });
  if (!pair) stats.forEach((r) => { if (r.type === "candidate-pair" && r.nominated && r.state === "succeeded") pair = r; });
  return pair && [stats.get(pair.localCandidateId).candidateType, stats.get(pair.remoteCandidateId).candidateType];
}"""
ROUND_TRIPS = """async (n) => {
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const seen = back.length;
    chan.send({i, view: {hand: [1, 2, 3, 4, 5], note: "un mensaje típico"}});
    while (back.length === seen) await new Promise((r) => setTimeout(r, 0));
    out.push(performance.now() - t0);
  }
  return out;
}"""


def kinds(page, code):
    return [c["type"] for c in page.evaluate("(c) => T.code.decode(c).candidates", code)]


def connect(host, guest):
    """Offer, answer, accept (the codes as text): {offer, answer, offer_ms, answer_ms, open_ms}."""
    offer = host.evaluate(OFFER)
    answer = guest.evaluate(CONNECT, {"offer": offer["code"]})
    open_ms = host.evaluate(ACCEPT, answer["code"])
    guest.wait_for_function("() => chan.state === 'open'", timeout=10_000)
    return {"offer": offer["code"], "answer": answer["code"], "offer_ms": offer["ms"],
            "answer_ms": answer["ms"], "open_ms": open_ms}


def test_codes_carry_server_reflexive_and_relay_candidates(together, coturn):
    """With the STUN and TURN servers of the settings, a code carries the phone's public
    address (server-reflexive: 127.0.0.1 here, as coturn sees it) and a relay address on the
    TURN server, besides its host candidates; gathering ends as soon as they have come. (The
    guest's answer here has host candidates only: in one room its checks reach the host at
    once and Chromium stops gathering when ICE connects, before the servers answer.)"""
    _, host = together()
    _, guest = together()
    ice = {"stun": [coturn.stun_url], "turn": coturn.turn()}
    for page in (host, guest):
        page.evaluate(SET_ICE, ice)
    assert host.evaluate("T.ice.iceConfig()") == {
        "iceServers": [{"urls": [coturn.stun_url]},
                       {"urls": coturn.turn_url, "username": "tapete", "credential": coturn.credential}],
        "iceTransportPolicy": "all"}
    got = connect(host, guest)
    cands = host.evaluate("(c) => T.code.decode(c).candidates", got["offer"])
    types = [c["type"] for c in cands]
    assert types[0] == "host" and "srflx" in types and "relay" in types, cands
    assert types == sorted(types, key=["host", "srflx", "relay"].index)    # priority order
    relay = [c for c in cands if c["type"] == "relay"]
    assert all(c["address"] == "127.0.0.1" and c["port"] != coturn.port for c in relay), relay
    srflx = [c for c in cands if c["type"] == "srflx"]
    assert all(c["address"] == "127.0.0.1" for c in srflx), srflx
    # the answer carries a direct candidate: a host one, or (on loopback, where the
    # server-reflexive address is 127.0.0.1 as well) the server-reflexive one that stands
    # for it: a CI run under load saw an answer with only that
    assert {"host", "srflx"} & set(kinds(host, got["answer"]))
    wait_ms = host.evaluate("T.peer.TURN_WAIT_MS")
    print(f"offer {got['offer_ms']:.0f} ms, answer {got['answer_ms']:.0f} ms, open {got['open_ms']:.0f} ms; "
          f"codes {len(got['offer'])} / {len(got['answer'])} characters")
    assert got["offer_ms"] < wait_ms and got["answer_ms"] < wait_ms, got
    # the phones are on one network: a direct path connects them, no relay needed (on
    # loopback the server-reflexive address is 127.0.0.1 too, a direct path as well: under
    # load ICE may nominate that pair first, measured 2026-12-06)
    guest.evaluate("() => chan.send({hello: 1})")
    host.wait_for_function("() => back.length === 1")
    pair = host.evaluate(f"(async () => ({SELECTED})(host.channel(1).pc))()")
    assert "relay" not in pair, pair


def test_relay_only_connects_through_the_turn_server(together, coturn):
    """The test hook forces relay candidates only: the codes carry nothing but relay
    addresses on the TURN server, and every message goes through it."""
    _, host = together()
    _, guest = together()
    before = coturn.allocations()
    for page in (host, guest):
        page.evaluate(SET_ICE, {"stun": [], "turn": coturn.turn()})
        page.evaluate("(k) => localStorage.setItem(k, 'relay')", POLICY_KEY)
    assert host.evaluate("T.ice.iceConfig().iceTransportPolicy") == "relay"
    got = connect(host, guest)
    assert kinds(host, got["offer"]) == ["relay"] and kinds(host, got["answer"]) == ["relay"]
    rtt = host.evaluate(ROUND_TRIPS, 200)
    assert guest.evaluate("got.length") == 200
    assert host.evaluate(f"(async () => ({SELECTED})(host.channel(1).pc))()") == ["relay", "relay"]
    assert guest.evaluate(f"(async () => ({SELECTED})(chan.pc))()") == ["relay", "relay"]
    assert coturn.allocations() >= before + 2
    rtt.sort()
    print(f"through TURN: offer {got['offer_ms']:.0f} ms, answer {got['answer_ms']:.0f} ms, "
          f"open {got['open_ms']:.0f} ms; round trip p50 {statistics.median(rtt):.2f} ms, "
          f"p95 {rtt[int(0.95 * (len(rtt) - 1))]:.2f} ms")
    # a policy the hook does not know is not applied
    host.evaluate("(k) => localStorage.setItem(k, 'host-only')", POLICY_KEY)
    assert host.evaluate("T.ice.iceConfig().iceTransportPolicy") == "all"


def test_unreachable_stun_servers_do_not_hold_up_one_room(together):
    """In one room with no internet the STUN servers do not answer: an address that swallows
    every packet (Chromium would try it for about 40 s), a name that does not resolve and a
    port where nothing listens. Gathering stops STUN_WAIT_MS after it began, the codes carry
    the host candidates, and the phones connect on them."""
    _, host = together()
    _, guest = together()
    silent = ["stun:198.51.100.7:3478", "stun:stun.tapete.invalid:3478", "stun:127.0.0.1:9"]
    for page in (host, guest):
        page.evaluate(SET_ICE, {"stun": silent})
    assert host.evaluate("T.ice.readIce().stun") == silent
    times = []
    for _ in range(2):
        got = connect(host, guest)
        assert set(kinds(host, got["offer"])) == {"host"} and set(kinds(host, got["answer"])) == {"host"}
        times.append(got)
        guest.evaluate("() => chan.send({hi: 1})")
        host.wait_for_function("() => back.length === 1")
        host.evaluate("() => host.close()")
    wait = host.evaluate("T.peer.STUN_WAIT_MS")
    print("unreachable STUN: " + "; ".join(
        f"offer {t['offer_ms']:.0f} ms, answer {t['answer_ms']:.0f} ms, open {t['open_ms']:.0f} ms" for t in times))
    for t in times:
        # not the gathering's 5 s cap, nor the ~40 s of an unanswered STUN server
        assert t["offer_ms"] < wait + 1500 and t["answer_ms"] < wait + 1500, t
        assert t["open_ms"] < 5000, t
    # a TURN server that does not answer holds a code up TURN_WAIT_MS at most
    host.evaluate(SET_ICE, {"stun": silent[:1], "turn": {"url": "turn:198.51.100.7:3478", "username": "u",
                                                         "credential": "p"}})
    offer = host.evaluate(OFFER)
    turn_wait = host.evaluate("T.peer.TURN_WAIT_MS")
    print(f"unanswered TURN server: offer {offer['ms']:.0f} ms")
    assert set(kinds(host, offer["code"])) == {"host"}
    assert offer["ms"] < turn_wait + 1500, offer["ms"]


def test_ice_settings_from_storage_are_checked(together):
    """Stored servers that do not check (an edited profile, another version) are left out,
    never handed to RTCPeerConnection; servers the browser refuses give PeerError
    ice_settings, not an exception of another kind."""
    _, page = together()
    got = page.evaluate("""async () => {
      const {ice, peer} = T;
      const out = {};
      out.fresh = ice.iceConfig({});
      out.cleared = ice.iceConfig({ice: {stun: []}});
      out.bad = ice.iceConfig({ice: {stun: ["http://x", 7, null, "stun:ok.example:3478", "stun:a b"],
                                     turn: {url: "turn:t.example", username: "", credential: "x"}}});
      out.garbage = ice.iceConfig({ice: "nonsense"});
      out.turnOk = ice.iceConfig({ice: {stun: [], turn: {url: "turns:t.example:5349?transport=tcp", username: "u", credential: "p"}}});
      try { await new peer.Host({ice: {iceServers: [{urls: "turn:t.example"}]}}).createOffer(1); out.refused = "ok"; }
      catch (e) { out.refused = e.name + ":" + e.code; }
      return out;
    }""")
    default = page.evaluate("[...T.ice.DEFAULT_STUN]")
    assert len(default) == 2 and all(u.startswith("stun:") for u in default)
    assert got["fresh"] == {"iceServers": [{"urls": default}], "iceTransportPolicy": "all"}
    assert got["cleared"] == {"iceServers": [], "iceTransportPolicy": "all"}
    assert got["bad"] == {"iceServers": [{"urls": ["stun:ok.example:3478"]}], "iceTransportPolicy": "all"}
    assert got["garbage"] == got["fresh"]
    assert got["turnOk"]["iceServers"] == [{"urls": "turns:t.example:5349?transport=tcp", "username": "u", "credential": "p"}]
    assert got["refused"] == "PeerError:ice_settings"


URLS = """(urls) => urls.map((u) => [T.ice.isStunUrl(u), T.ice.isTurnUrl(u), (() => {
  // what the browser itself makes of it (RTCPeerConnection throws on a malformed server)
  try {
    const turn = /^turns?:/i.test(u);
    new RTCPeerConnection({iceServers: [turn ? {urls: u, username: "u", credential: "p"} : {urls: u}]}).close();
    return true;
  } catch { return false; }
})()])"""


def test_server_urls_are_checked_as_the_browser_reads_them(together):
    """Every URL ice.js takes, Chromium takes too (so a stored server never makes
    RTCPeerConnection throw); the ones it refuses are the mistakes a player makes."""
    _, page = together()
    good_stun = ["stun:stun.l.google.com:19302", "stun:1.2.3.4", "stuns:stun.example.org:5349",
                 "stun:[2001:db8::1]:3478", "STUN:Example.ORG", "stun:a-b.c"]
    good_turn = ["turn:turn.example.org:3478", "turn:10.0.0.1?transport=tcp", "turns:relay.example:443?transport=tcp",
                 "turn:[::1]:3478?transport=udp"]
    bad = ["", "stun:", "stun://x.org", "stun:x.org:0", "stun:x.org:65536", "stun:x.org:port", "stun:-x.org",
           "stun:x..org", "stun:x.org?transport=udp", "stun:[2001:db8::1", "stun:[nonsense]", "stun:x y.org",
           "http://x.org", "x.org:3478", "turn:x.org:3478?transport=sctp", "turn:x.org/path", "stun:1.2.3.400",
           "stun:" + "a" * 64 + ".org", "stun:" + ".".join(["abcdefghi"] * 30)]
    got = page.evaluate(URLS, good_stun + good_turn + bad)
    for url, (stun, turn, browser) in zip(good_stun, got):
        assert stun and not turn and browser, url
    for url, (stun, turn, browser) in zip(good_turn, got[len(good_stun):]):
        assert turn and not stun and browser, url
    for url, (stun, turn, _) in zip(bad, got[len(good_stun) + len(good_turn):]):
        assert not stun and not turn, url


# ------------------------------------------------------------------------ settings screen
def test_the_settings_screen_checks_the_servers_in_four_languages(phone, app_url):
    """Settings → "Playing across the internet": a STUN address that is not one, a TURN
    server with no user name or password, one whose address is not one: each is said under
    its field in the player's language, and nothing is stored; good servers are stored and
    used by the next connection (ice.js reads the settings)."""
    for lang in ("en", "es", "fr", "de"):
        cat = read_catalog(lang)
        set_settings(phone, lang=lang, ice=None, relays=None)
        phone.goto(app_url + "#/")
        phone.reload()
        phone.wait_for_selector("html[data-engine=ready]", timeout=90_000)
        phone.goto(app_url + "#/settings")
        phone.wait_for_selector("#net-settings #net-stun")
        assert phone.inner_text("#net-settings legend") == cat["settings.net"]
        assert phone.input_value("#net-stun") == "stun:stun.l.google.com:19302\nstun:stun.cloudflare.com:3478"
        phone.fill("#net-stun", "stun:stun.example.org:3478\nstun://wrong.example")
        phone.fill("#net-turn-url", "turn:relay.example.org:3478")
        phone.fill("#net-turn-user", "")
        phone.fill("#net-turn-credential", "")
        phone.fill("#net-relays", "ws://broker.example/mqtt")       # (a table online's relays: wss only)
        phone.locator("#net-save").click()
        assert phone.inner_text("#net-stun-problem") == cat["settings.net_err.bad_stun_url"].replace("{url}", "stun://wrong.example")
        assert phone.inner_text("#net-relays-problem") == cat["online.err.bad_relay_url"].replace("{url}", "ws://broker.example/mqtt")
        assert phone.inner_text("#net-turn-user-problem") == cat["settings.net_err.turn_needs_user"]
        assert phone.inner_text("#net-turn-credential-problem") == cat["settings.net_err.turn_needs_credential"]
        assert phone.get_attribute("#net-stun", "aria-invalid") == "true"
        assert phone.is_hidden("#net-turn-url-problem")
        assert phone.evaluate("JSON.parse(localStorage.getItem('tapete.settings')).ice") is None
        phone.fill("#net-stun", "stun:stun.example.org:3478")
        phone.fill("#net-turn-url", "turn:relay example")
        phone.fill("#net-turn-user", "ana")
        phone.fill("#net-turn-credential", "s3cret")
        phone.locator("#net-save").click()
        assert phone.inner_text("#net-turn-url-problem") == cat["settings.net_err.bad_turn_url"].replace("{url}", "turn:relay example")
        assert phone.is_hidden("#net-stun-problem") and phone.get_attribute("#net-stun", "aria-invalid") is None
        phone.fill("#net-stun", "\n".join(f"stun:s{i}.example.org" for i in range(6)))
        phone.fill("#net-turn-url", "turn:relay.example.org:3478?transport=tcp")
        phone.locator("#net-save").click()
        assert phone.inner_text("#net-stun-problem") == cat["settings.net_err.too_many_stun"].replace("{max}", "5")
        phone.fill("#net-stun", "stun:stun.example.org:3478")
        phone.fill("#net-relays", "wss://mqtt.family.example/mqtt")
        phone.locator("#net-save").click()
        phone.wait_for_function("() => JSON.parse(localStorage.getItem('tapete.settings')).ice")
        assert phone.evaluate("JSON.parse(localStorage.getItem('tapete.settings')).relays") == {"urls": ["wss://mqtt.family.example/mqtt"]}
        assert phone.evaluate("JSON.parse(localStorage.getItem('tapete.settings')).ice") == {
            "stun": ["stun:stun.example.org:3478"],
            "turn": {"url": "turn:relay.example.org:3478?transport=tcp", "username": "ana", "credential": "s3cret"}}
        assert phone.is_hidden("#net-turn-url-problem")
    # shown again as stored; the default list comes back with its button
    phone.goto(app_url + "#/")
    phone.goto(app_url + "#/settings")
    phone.wait_for_selector("#net-settings #net-stun")
    assert phone.input_value("#net-stun") == "stun:stun.example.org:3478"
    assert phone.input_value("#net-turn-credential") == "s3cret"
    assert phone.get_attribute("#net-turn-credential", "type") == "password"
    phone.locator("#net-stun-default").click()
    phone.fill("#net-turn-url", "")
    phone.fill("#net-turn-user", "")
    phone.fill("#net-turn-credential", "")
    phone.locator("#net-save").click()
    phone.wait_for_function("() => JSON.parse(localStorage.getItem('tapete.settings')).ice.turn === null")
    assert phone.evaluate("JSON.parse(localStorage.getItem('tapete.settings')).ice") == {"turn": None}
    config = phone.evaluate("""async () => (await import('./together/ice.js')).iceConfig()""")
    assert config["iceServers"] == [{"urls": ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"]}]
    set_settings(phone, lang="en", ice=None)


# ------------------------------------------------------------------------ the app
#: Every RTCPeerConnection the app makes (window.__pcs), for its selected candidate pair.
PCS = """(() => {
  const Real = window.RTCPeerConnection;
  if (typeof Real !== 'function') return;
  window.__pcs = [];
  window.RTCPeerConnection = class extends Real {
    constructor(...args) { super(...args); window.__pcs.push(this); }
  };
})();"""


def relay_phone(new_browser, app_url, turn, wire=False):
    """A phone whose settings name the TURN server, with relay-only ICE (the test hook)."""
    b, page = phone(new_browser, app_url, wire=wire)
    b.context.add_init_script(PCS)
    page.evaluate(SET_ICE, {"stun": [], "turn": turn})
    page.evaluate("(k) => localStorage.setItem(k, 'relay')", POLICY_KEY)
    page.reload()
    page.wait_for_selector("html[data-engine=ready]", timeout=90_000)
    return b, page


def selected_pairs(page):
    return page.evaluate(f"""async () => {{
      const pick = {SELECTED};
      const out = [];
      for (const pc of window.__pcs || []) if (pc.connectionState === "connected") out.push(await pick(pc));
      return out;
    }}""")


def test_a_whole_hand_played_through_the_turn_server(new_browser, app_url, coturn):
    """Cuatrola, the host and its partner on two phones that may only use relay candidates
    (two computer players on the host): a whole hand is played through the local TURN server,
    and every message the guest receives is its own seat's view (as in one room)."""
    _, host = relay_phone(new_browser, app_url, coturn.turn())
    _, guest = relay_phone(new_browser, app_url, coturn.turn(), wire=True)
    before = coturn.allocations()
    mid = host_table(host, app_url, "cuatrola", {1: "bot", 2: "person", 3: "bot"}, seed="through-turn")
    offer = offer_code(host, 2)
    answer = guest_answer(guest, app_url, offer)
    host_accept(host, 2, answer)
    host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='2']", timeout=30_000)
    guest.wait_for_selector(".table .hand", timeout=30_000)
    close_panel(host)
    for code in (offer, answer):
        # the app's texts: an invitation (the offer and the seat key) and an answer (and its tag)
        types = host.evaluate("""async (c) => (await import('./together/code.js')).decode(c.split('/')[0]).candidates
                                  .map((x) => x.type)""", code)
        assert types == ["relay"], types
    assert selected_pairs(host) == [["relay", "relay"]]
    assert selected_pairs(guest) == [["relay", "relay"]]

    def hands_played():
        view = handle({"op": "view", "match": stored(host, mid)["match"], "seat": 0})["view"]
        return view["hands_played"] >= 1 or view["winner"] is not None
    play_all([host, guest], timeout=240, stop=hands_played)
    assert hands_played()
    assert check_wire(guest, host, mid, 2) >= 5
    assert coturn.allocations() >= before + 2
    assert selected_pairs(guest) == [["relay", "relay"]]


def test_when_every_candidate_fails_both_phones_say_so_within_20_s(new_browser, app_url, coturn_blocked):
    """Both phones may only use a TURN server that relays to nobody here: the codes are
    genuine, but no candidate pair can work. The host's seat and the guest's join screen
    each say why in words a player understands within 20 s, with a way to retry: the host
    together.err.unreachable and "Make a new invitation"; the guest, which cannot tell a
    blocked path from a host that has not opened its answer yet, together.unreachable_wait
    (or together.err.unreachable where its ICE gave up first) and "Try again". The host's
    table and its stored match are as they were."""
    _, host = relay_phone(new_browser, app_url, coturn_blocked.turn())
    _, guest = relay_phone(new_browser, app_url, coturn_blocked.turn())
    mid = host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="no-path")
    before = stored(host, mid)
    offer = offer_code(host, 1)
    answer = guest_answer(guest, app_url, offer)
    t_guest = time.monotonic()          # the guest's clock runs from its answer
    host_accept(host, 1, answer)
    t_host = time.monotonic()
    said = read_catalog("en")["together.err.unreachable"]
    status = "#seats-panel .seat-entry[data-seat='1'] .code-status"
    host.wait_for_function("([sel, text]) => { const el = document.querySelector(sel); return el && el.textContent === text; }",
                           arg=[status, said], timeout=25_000)
    host_took = time.monotonic() - t_host
    guest_said = [said, read_catalog("en")["together.unreachable_wait"]]
    guest.wait_for_function("(texts) => { const el = document.getElementById('guest-status'); return el && texts.includes(el.textContent); }",
                            arg=guest_said, timeout=25_000)
    guest_took = time.monotonic() - t_guest
    print(f"every candidate failing: the host said so after {host_took:.1f} s, the guest {guest_took:.1f} s after its answer: {guest.inner_text('#guest-status')[:30]!r}")
    assert host_took < 20 and guest_took < 20, (host_took, guest_took)
    assert host.get_attribute(status, "data-kind") == "error"
    assert guest.get_attribute("#guest-status", "data-kind") == "error"
    assert host.locator("#seats-panel [data-fresh='1']").is_visible()        # the host's retry
    assert guest.locator("#join-retry").is_visible()                         # the guest's
    assert host.locator(".spinner").count() == 0 and guest.locator(".spinner").count() == 0
    # the host's table goes on as it was: the same stored match, its seat still a friend's
    after = stored(host, mid)
    assert after["match"] == before["match"] and after["rev"] == before["rev"]
    assert host.locator(".table .hand").count() == 1
    assert host.locator("#seats-panel .seat-entry[data-seat='1']:not(.live)").count() == 1
    assert json.dumps(before["match"]["meta"]["together"]) == json.dumps(after["match"]["meta"]["together"])


def test_a_guest_told_no_path_yet_is_still_seated_when_the_host_opens_its_answer_late(new_browser, app_url, coturn):
    """Across the internet nothing reaches the guest before the host uses its answer (relay
    only here: the host's TURN allocation lets no packet in before then, as a NAT would), and
    Chromium's ICE gives up ~15 s after the answer. An answer sent through a chat may be opened
    much later: after UNREACHABLE_MS the guest says what may be wrong, offers "Try again", and
    keeps waiting past its ICE giving up (sending the answer again starts its wait again); the
    host opening the answer then still seats it."""
    _, host = relay_phone(new_browser, app_url, coturn.turn())
    _, guest = relay_phone(new_browser, app_url, coturn.turn())
    host_table(host, app_url, "cuarenta", {1: "person"}, players=2, seed="late-answer")
    answer = guest_answer(guest, app_url, offer_code(host, 1))
    hint = read_catalog("en")["together.unreachable_wait"]
    guest.wait_for_function("(text) => { const el = document.getElementById('guest-status'); return el && el.textContent === text; }",
                            arg=hint, timeout=25_000)
    assert guest.locator("#join-retry").is_visible()
    # past the guest's ICE giving up (its connection "failed", not closed)
    guest.wait_for_function("() => window.__pcs.some((pc) => pc.connectionState === 'failed')", timeout=30_000)
    assert guest.inner_text("#guest-status") == hint
    # the answer sent again (a share sheet stubbed here): the wait starts again from now
    guest.evaluate("() => { navigator.share = async () => {}; }")
    guest.locator("#send-answer").tap()
    guest.wait_for_function("(text) => document.getElementById('guest-status').textContent === text",
                            arg=read_catalog("en")["together.waiting_host"], timeout=10_000)
    host_accept(host, 1, answer)
    host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='1']", timeout=30_000)
    guest.wait_for_selector(".table .hand", timeout=30_000)
    assert selected_pairs(guest) == [["relay", "relay"]]
