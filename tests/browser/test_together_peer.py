"""Peer connections with no server (web/together/peer.js): separate Chromium processes on
this machine connect through codes exchanged as text, like two phones on one Wi-Fi
(docs/play-together.md, "The peer layer")."""

from __future__ import annotations

import time

from .together import together  # noqa: F401  (fixture)

HOST = """async ({seats, options}) => {
  window.host = new window.T.peer.Host(options || {});
  window.inbox = {};
  window.bad = [];
  window.closes = [];
  const codes = {};
  for (const s of seats) codes[s] = await host.createOffer(s);
  return {table: host.table, codes};
}"""

GUEST = """async (offer) => {
  const g = await window.T.peer.answerOffer(offer);
  window.chan = g.channel;
  window.got = [];
  window.bad = [];
  window.closes = [];
  chan.onmessage = (m) => got.push(m);
  chan.onbad = (r) => bad.push(r);
  chan.onclose = (r) => closes.push(r);
  chan.opened.then(() => { window.openedAt = performance.now(); }, () => {});   // a test that expects a rejection reads it itself
  return {code: g.code, table: g.table, seat: g.seat};
}"""

ACCEPT = """async (answer) => {
  const t0 = performance.now();
  const c = await host.acceptAnswer(answer);
  const ms = performance.now() - t0;
  inbox[c.seat] = [];
  c.onmessage = (m) => inbox[c.seat].push(m);
  c.onbad = (r) => bad.push([c.seat, r]);
  c.onclose = (r) => closes.push([c.seat, r]);
  return {seat: c.seat, table: c.table, state: c.state, ms};
}"""



def error(page, call: str) -> str:
    """'ok', or 'ErrorName:code' of what `call` (a JS expression) throws or rejects with."""
    return page.evaluate(f"""async () => {{
      try {{ await ({call}); return "ok"; }}
      catch (e) {{ return (e.name || "") + ":" + (e.code || e.message); }}
    }}""")


def wait(page, expr, timeout=10_000):
    # a function, not an expression string: Playwright evals the latter in the page (CSP)
    page.wait_for_function(f"() => ({expr})", timeout=timeout)


def connect(host_page, guest_page, seat):
    answer = guest_page.evaluate(GUEST, host_page.evaluate(f"host.createOffer({seat})"))
    opened = host_page.evaluate(ACCEPT, answer["code"])
    wait(guest_page, "window.chan && window.chan.state === 'open'")
    return answer, opened


def test_two_phones_connect_and_talk_both_ways(together):
    _, host = together()
    _, guest = together()
    made = host.evaluate(HOST, {"seats": [2], "options": {}})
    assert len(made["table"]) == 8 and made["codes"]["2"].startswith("TPT:")
    answer = guest.evaluate(GUEST, made["codes"]["2"])
    assert (answer["table"], answer["seat"]) == (made["table"], 2)
    assert answer["code"].startswith("TPT:") and answer["code"] != made["codes"]["2"]
    opened = host.evaluate(ACCEPT, answer["code"])
    assert opened["seat"] == 2 and opened["table"] == made["table"] and opened["state"] == "open"
    assert opened["ms"] < 8000
    wait(guest, "chan.state === 'open'")
    # host → guest and guest → host, in order, any JSON value, non-ASCII text
    sent = [{"n": i, "text": "¡Cuatrola! ♠ 🂡", "list": [1, None, True]} for i in range(50)]
    host.evaluate("(msgs) => { const c = host.channel(2); for (const m of msgs) c.send(m); }", sent)
    wait(guest, "got.length === 50")
    assert guest.evaluate("got") == sent
    guest.evaluate("() => { for (let i = 0; i < 50; i++) chan.send({act: 'play', i}); chan.send('plain text'); chan.send(7); }")
    wait(host, "inbox[2] && inbox[2].length === 52")
    assert host.evaluate("inbox[2]") == [{"act": "play", "i": i} for i in range(50)] + ["plain text", 7]
    assert host.evaluate("bad") == [] and guest.evaluate("bad") == []


def test_a_star_of_three_guests_each_gets_only_its_own_messages(together):
    _, host = together()
    guests = {seat: together()[1] for seat in (1, 2, 3)}
    made = host.evaluate(HOST, {"seats": [1, 2, 3], "options": {}})
    assert len(set(made["codes"].values())) == 3
    answers = {seat: g.evaluate(GUEST, made["codes"][str(seat)]) for seat, g in guests.items()}
    # the host scans the answers in another order than it showed the offers
    for seat in (3, 1, 2):
        opened = host.evaluate(ACCEPT, answers[seat]["code"])
        assert opened["seat"] == seat and opened["state"] == "open"
    for seat, g in guests.items():
        wait(g, "chan.state === 'open'")
        assert g.evaluate("[chan.seat, chan.table]") == [seat, made["table"]]
    # each seat's view goes to that seat only
    host.evaluate("() => { for (const s of [1, 2, 3]) host.channel(s).send({view: {seat: s, hand: [s * 10, s * 10 + 1]}}); }")
    for seat, g in guests.items():
        wait(g, "got.length >= 1")
        time.sleep(0.2)
        assert g.evaluate("got") == [{"view": {"seat": seat, "hand": [seat * 10, seat * 10 + 1]}}]
    for seat, g in guests.items():
        g.evaluate("(s) => chan.send({act: 'bid', from: s})", seat)
    wait(host, "[1, 2, 3].every((s) => inbox[s] && inbox[s].length === 1)")
    assert host.evaluate("inbox") == {str(s): [{"act": "bid", "from": s}] for s in (1, 2, 3)}
    # one guest leaves (its page closes): only its seat is reported, at once; the others go on
    t0 = time.monotonic()
    guests[2].close()
    wait(host, "closes.length === 1", timeout=15_000)
    assert host.evaluate("closes") == [[2, "closed"]]
    assert time.monotonic() - t0 < 3
    host.evaluate("() => { host.channel(1).send({still: 1}); host.channel(3).send({still: 3}); }")
    wait(guests[1], "got.length === 2")
    wait(guests[3], "got.length === 2")
    assert host.evaluate("host.channel(2).state") == "closed"


def test_message_limits_and_bad_input_never_throw_on_arrival(together):
    _, host = together()
    _, guest = together()
    host.evaluate(HOST, {"seats": [], "options": {}})
    connect(host, guest, 1)
    limit = host.evaluate("T.peer.MAX_MESSAGE_BYTES")
    assert limit == 64 * 1024
    refused = host.evaluate("""() => {
      const c = host.channel(1);
      const cyclic = {}; cyclic.self = cyclic;
      const out = {};
      const tries = {
        big: {s: "x".repeat(70000)},
        wide: {s: "ñ".repeat(40000)},          // 40,000 UTF-16 units, 80,000 UTF-8 bytes
        bigint: {n: 10n},
        cyclic,
        fn: () => 1,
        undef: undefined,
        exact: "x".repeat(65536 - 2),          // its JSON is exactly 64 KiB
      };
      for (const [k, v] of Object.entries(tries)) {
        try { c.send(v); out[k] = "sent"; } catch (e) { out[k] = e.name + ":" + e.code; }
      }
      return out;
    }""")
    assert refused == {"big": "PeerError:too_big", "wide": "PeerError:too_big",
                       "bigint": "PeerError:not_json", "cyclic": "PeerError:not_json",
                       "fn": "PeerError:not_json", "undef": "PeerError:not_json", "exact": "sent"}
    wait(guest, "got.length === 1")
    assert guest.evaluate("got[0].length") == 65534
    # raw frames from a peer that does not follow the framing: dropped, reported, never thrown
    guest.evaluate("""() => {
      chan.dc.send("{not json");
      chan.dc.send(JSON.stringify("y".repeat(70000)));
      chan.dc.send(JSON.stringify("é".repeat(40000)));
      chan.dc.send(new Uint8Array([1, 2, 3]));
      chan.dc.send(JSON.stringify({after: true}));
    }""")
    wait(host, "inbox[1].length === 1")
    assert host.evaluate("inbox[1]") == [{"after": True}]
    assert host.evaluate("bad") == [[1, "not_json"], [1, "too_big"], [1, "too_big"], [1, "binary"]]
    assert host.evaluate("host.channel(1).state") == "open"
    # a callback that throws does not break the channel (its error surfaces asynchronously)
    host.evaluate("""() => { window.onerror = (m) => { window.cbError = String(m); return true; };
                           host.channel(1).onmessage = (m) => { inbox[1].push(m); throw new Error('boom'); }; }""")
    guest.evaluate("chan.send({one: 1}); chan.send({two: 2})")
    wait(host, "inbox[1].length === 3")
    assert "boom" in host.evaluate("window.cbError")


def test_closing_is_reported_on_both_sides(together):
    _, host = together()
    _, guest = together()
    host.evaluate(HOST, {"seats": [], "options": {}})
    connect(host, guest, 3)
    guest.evaluate("chan.close()")
    assert guest.evaluate("[chan.state, chan.closeReason, closes]") == ["closed", "local", ["local"]]
    wait(host, "closes.length === 1")
    assert host.evaluate("closes") == [[3, "closed"]]
    assert error(host, "host.channel(3).send({x: 1})") == "PeerError:not_open"
    assert error(guest, "chan.send({x: 1})") == "PeerError:not_open"
    # the seat can be offered again, and the same guest joins again
    connect(host, guest, 3)
    host.evaluate("host.channel(3).send({back: true})")
    wait(guest, "got.length === 1")
    # the host closing the table closes every guest's channel
    host.evaluate("host.close()")
    wait(guest, "closes.length === 1")
    assert guest.evaluate("closes") == ["closed"]
    assert error(host, "host.createOffer(1)") == "PeerError:closed"


def test_a_guest_that_vanishes_is_reported_disconnected(together):
    """No goodbye (the guest's browser is killed, as when a phone drops off the network): ICE
    reports the silence and, after DISCONNECT_GRACE_MS, onclose("disconnected")."""
    _, host = together()
    guest_browser, guest = together()
    _, other = together()
    host.evaluate(HOST, {"seats": [], "options": {}})
    connect(host, guest, 1)
    connect(host, other, 2)
    assert host.evaluate("T.peer.DISCONNECT_GRACE_MS") == 5000
    t0 = time.monotonic()
    together.kill(guest_browser)
    wait(host, "closes.length === 1", timeout=40_000)
    took = time.monotonic() - t0
    print(f"vanished guest reported disconnected after {took:.1f} s")
    assert host.evaluate("closes") == [[1, "disconnected"]]
    assert host.evaluate("host.channel(1).state") == "closed"
    assert 5 < took < 20, took
    host.evaluate("host.channel(2).send({still: 2})")
    wait(other, "got.length === 1")


def test_codes_for_another_table_seat_or_kind_are_refused(together):
    _, host = together()
    _, other = together()
    _, guest = together()
    made = host.evaluate(HOST, {"seats": [1], "options": {}})
    other.evaluate(HOST, {"seats": [1], "options": {}})
    answer = guest.evaluate(GUEST, made["codes"]["1"])["code"]
    assert error(other, f"host.acceptAnswer({answer!r})") == "PeerError:wrong_table"
    assert error(host, f"host.acceptAnswer({made['codes']['1']!r})") == "CodeError:wrong_kind"
    assert error(guest, f"T.peer.answerOffer({answer!r})") == "CodeError:wrong_kind"
    assert error(host, "host.acceptAnswer('TPT:AAAA')") == "CodeError:truncated"
    assert error(guest, "T.peer.answerOffer('hello')") == "CodeError:bad_code"
    # the same code while the seat waits; a fresh one on request or once cancelled
    again = host.evaluate("host.createOffer(1)")
    assert again == made["codes"]["1"]
    host.evaluate("host.cancel(1)")
    assert error(host, f"host.acceptAnswer({answer!r})") == "PeerError:no_offer"
    fresh = host.evaluate("host.createOffer(1)")
    assert fresh != made["codes"]["1"]
    assert host.evaluate("host.createOffer(1, {fresh: true})") != fresh
    # the answer to a cancelled offer cannot be used; the guest answering the new one can
    answer2 = guest.evaluate(GUEST, host.evaluate("host.createOffer(1)"))["code"]
    # the same answer scanned twice at once: one opens the seat, the other is refused
    both = host.evaluate("""async (a) => (await Promise.allSettled([host.acceptAnswer(a), host.acceptAnswer(a)]))
        .map((r) => r.status === "fulfilled" ? r.value.state : r.reason.code)""", answer2)
    assert both == ["open", "no_offer"]
    assert error(host, f"host.acceptAnswer({answer2!r})") == "PeerError:no_offer"


LOSE_CANDIDATES = """(text) => {
  const info = T.code.decode(text);
  info.candidates = [{address: "00000000-0000-4000-8000-000000000000.local", port: 9}];
  return T.code.encode(info);
}"""


def test_an_unreachable_guest_is_reported_unreachable_on_both_sides(together):
    """Nothing gets through in either direction (what Wi-Fi client isolation, or two networks
    that block direct connections, look like; here each side is given a host name that never
    resolves in place of the other's address): acceptAnswer rejects with `unreachable` after
    OPEN_TIMEOUT_MS, the guest's channel.opened with `unreachable` UNREACHABLE_MS after its
    answer (issue 30: "both phones say so within 20 s"), and the seat can be offered anew."""
    _, host = together()
    _, guest = together()
    made = host.evaluate(HOST, {"seats": [1], "options": {}})
    offer = host.evaluate(LOSE_CANDIDATES, made["codes"]["1"])
    # the guest's clock starts before its answer is made (its UNREACHABLE_MS counts from the
    # answer; a clock started after it, one round trip later, read 14.2 s under load)
    guest.evaluate("() => { window.t0 = performance.now(); }")
    answer = guest.evaluate(GUEST, offer)["code"]
    guest.evaluate("""() => {
      chan.opened.catch((e) => { window.gaveUp = [e.name, e.code, performance.now() - window.t0]; }); }""")
    lost = host.evaluate(LOSE_CANDIDATES, answer)
    assert host.evaluate("[T.peer.OPEN_TIMEOUT_MS, T.peer.UNREACHABLE_MS]") == [15000, 15000]
    t0 = time.monotonic()
    got = error(host, f"host.acceptAnswer({lost!r})")
    took = time.monotonic() - t0
    assert got == "PeerError:unreachable"
    assert 14.5 < took < 20, took
    assert host.evaluate("host.channel(1)") is None
    assert host.evaluate("host.createOffer(1)") != made["codes"]["1"]
    # the guest, whose checks never reached the host either, has said so too
    wait(guest, "window.gaveUp", timeout=10_000)
    name, code, ms = guest.evaluate("window.gaveUp")
    assert (name, code) == ("PeerError", "unreachable")
    assert 14_500 < ms < 20_000, ms
    assert guest.evaluate("[chan.state, chan.closeReason]") == ["closed", "unreachable"]


def test_no_webrtc_and_no_network(together):
    _, page = together()
    got = page.evaluate("""async () => {
      const {peer} = T;
      const out = {};
      const Real = window.RTCPeerConnection;
      // a device with no network: the description has no candidate at all
      window.RTCPeerConnection = class extends Real {
        get localDescription() {
          const d = super.localDescription;
          return d && {type: d.type, sdp: d.sdp.split("\\r\\n").filter((l) => !l.startsWith("a=candidate")).join("\\r\\n")};
        }
      };
      try { await new peer.Host().createOffer(1); out.host = "ok"; } catch (e) { out.host = e.code; }
      window.RTCPeerConnection = Real;
      const offer = await new peer.Host().createOffer(1);
      window.RTCPeerConnection = class extends Real {
        get localDescription() {
          const d = super.localDescription;
          return d && {type: d.type, sdp: d.sdp.split("\\r\\n").filter((l) => !l.startsWith("a=candidate")).join("\\r\\n")};
        }
      };
      try { await peer.answerOffer(offer); out.guest = "ok"; } catch (e) { out.guest = e.code; }
      // a device with many interfaces: only the 4 candidates of highest priority go in a code
      window.RTCPeerConnection = class extends Real {
        get localDescription() {
          const d = super.localDescription;
          const extra = [1, 2, 3, 4, 5, 6].map((i) => `a=candidate:${i} 1 udp ${2000 + i} 192.0.2.${i} ${5000 + i} typ host`);
          return d && {type: d.type, sdp: d.sdp.replace("a=ice-ufrag", extra.join("\\r\\n") + "\\r\\na=ice-ufrag")};
        }
      };
      const many = T.code.decode(await new peer.Host().createOffer(1)).candidates;
      out.many = [many.length, many.filter((c) => c.address.startsWith("192.0.2.")).length];
      delete window.RTCPeerConnection;
      window.RTCPeerConnection = undefined;
      try { await new peer.Host().createOffer(1); out.none = "ok"; } catch (e) { out.none = e.code; }
      window.RTCPeerConnection = Real;
      return out;
    }""")
    # the real candidates (priority ~2.1e9) first, then the extra ones
    real = got["many"][0] - got["many"][1]
    assert got == {"host": "no_network", "guest": "no_network", "none": "no_webrtc",
                   "many": [4, 4 - real]}
    assert real >= 1
