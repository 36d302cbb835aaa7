#!/usr/bin/env python3
"""Figures of "play together" (web/together/, docs/play-together.md), on this machine.

    python3 -m tools.bench.together [--connections 20] [--messages 500] [--tables 3] [--no-build]

Prints:
- connection codes: bytes, text length and QR version (error correction M) of real Chromium
  offers and answers with 1 and 2 host candidates (mDNS names; plain IPv4 / IPv6 addresses
  with --disable-features=WebRtcHideLocalIpsWithMdns), for the text form used (base32) and
  for base45 and base64url, the alternatives measured; then codes with the server-reflexive
  and relay candidates of a STUN and TURN server (coturn on loopback, tests/browser/turn.py),
  and the invitation and answer links that carry them (web/together/invite.js's format,
  when that module is there);
- ICE gathering (createOffer) with no server, the default public STUN list, a STUN server
  that never answers, and the local STUN and TURN server: median and max;
- connecting on loopback (two Chromium processes): time of createOffer (ICE gathering
  included), of answerOffer, and from acceptAnswer (the answer code pasted) to the channel
  open (target: 1 s or less); medians and the worst of --connections connections; over host
  candidates, and relay-only through the local TURN server;
- message round trip host → guest → host (JSON, echoed by the guest): p50 / p95 / max of
  --messages messages sent one after the other, both ways;
- the QR decoder (jsQR in its worker): ms per 640×480 frame, with and without a code;
- the app itself (--tables N, default 3): a host opens a 2-player Cuarenta table, a guest
  joins by pasting the codes: time from the host pressing "Connect" (the answer pasted) to
  the seat being live on both phones (target ≤ 1 s), and every other table from the answer
  link opened in a new tab of the host's browser (handed to the table's tab); then the two play: the round trip of
  each of the guest's actions, from the message leaving the guest to both tables showing it
  (target ≤ 50 ms at p95; no computer player thinks in this table); once over host
  candidates (the settings' default STUN list, unanswered here), once relay-only through the
  local TURN server (the settings' TURN server and the relay-only test hook);
- the bytes the feature adds (web/together/, its screens, the vendored QR libraries): all
  loaded with import() when it is opened, none on first paint;
- a table online in one link (issue 40, --online N, default 5; --only-online for this part
  alone): the link's length; tap → seated over a loopback mosquitto (tests/browser/relay.py,
  wss with a self-signed certificate), median and max over N tables (target ≤ 2 s); the
  messages and bytes through the relay per seated friend (captured at the broker); the bytes
  loaded when a table goes online (MQTT.js and the modules of the door).

A benchmark, not a test: it asserts nothing. Needs Debian's Chromium and playwright.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import build
from tests.browser.relay import IGNORE_CERTS, Mosquitto
from tests.browser.turn import Coturn
from tools import ROOT
from tools.bench.browser import ARGS, CHROMIUM

MDNS_OFF = "--disable-features=WebRtcHideLocalIpsWithMdns"
PAGE = ('<!doctype html><html lang="en"><meta charset="utf-8"><title>bench</title>'
        '<body></body></html>')
LOAD = """async () => {
  window.T = {};
  for (const m of ["code", "ice", "peer", "qr", "scan"]) T[m] = await import(new URL(`together/${m}.js`, location.href).href);
  try { T.invite = await import(new URL("together/invite.js", location.href).href); } catch { T.invite = null; }
}"""
#: A STUN server that never answers (TEST-NET-2: routed, but nothing there).
SILENT_STUN = "stun:198.51.100.7:3478"

# Real offer and answer SDPs, then variants with fewer / other candidates, measured three ways.
SIZES = """async () => {
  const gather = (pc) => new Promise((r) => {
    if (pc.iceGatheringState === "complete") r();
    pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && r());
  });
  const a = new RTCPeerConnection({iceServers: []}), b = new RTCPeerConnection({iceServers: []});
  a.createDataChannel("t", {negotiated: true, id: 0}); b.createDataChannel("t", {negotiated: true, id: 0});
  await a.setLocalDescription(await a.createOffer()); await gather(a);
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription(await b.createAnswer()); await gather(b);
  const B45 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
  const base45 = (bytes) => {               // RFC 9285
    let out = "";
    for (let i = 0; i < bytes.length; i += 2) {
      if (i + 1 < bytes.length) {
        let n = bytes[i] * 256 + bytes[i + 1];
        out += B45[n % 45] + B45[Math.floor(n / 45) % 45] + B45[Math.floor(n / 2025)];
      } else {
        out += B45[bytes[i] % 45] + B45[Math.floor(bytes[i] / 45)];
      }
    }
    return out;
  };
  const b64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const rows = [];
  for (const [kind, desc] of [["offer", a.localDescription], ["answer", b.localDescription]]) {
    const full = T.code.parseSdp(desc.sdp);
    const sets = {"2 (as gathered)": full.candidates, "1": full.candidates.slice(0, 1)};
    const v4 = full.candidates.filter((c) => /^\\d+\\.\\d+\\.\\d+\\.\\d+$/.test(c.address));
    if (v4.length) {
      sets["1 IPv4"] = v4.slice(0, 1);
      sets["2 IPv4 (Wi-Fi + Ethernet)"] = [v4[0], {address: "192.0.2.77", port: v4[0].port + 1}];
    }
    for (const [label, candidates] of Object.entries(sets)) {
      const info = {...full, candidates, kind, table: T.code.newTableId(), seat: 1};
      const bytes = T.code.pack(info);
      const text = T.code.encode(info);
      const t45 = "TPT:" + base45(bytes), t64 = "tpt:" + b64url(bytes);
      rows.push({kind, label, addresses: candidates.map((c) => c.address), sdp: desc.sdp.length,
                 bytes: bytes.length, base32: [text.length, T.qr.qrMatrix(text).version],
                 base45: [t45.length, T.qr.qrMatrix(t45).version],
                 base64url: [t64.length, T.qr.qrMatrix(t64).version]});
    }
  }
  a.close(); b.close();
  return rows;
}"""

DECODER = """async (runs) => {
  const text = await new T.peer.Host().createOffer(1);
  const m = T.qr.qrMatrix(text);
  const c = document.createElement("canvas"); c.width = 640; c.height = 480;
  const ctx = c.getContext("2d");
  const reader = new T.scan.QrReader();
  const time = async () => { const t0 = performance.now(); const r = await reader.read(c); return [performance.now() - t0, r === text]; };
  ctx.fillStyle = "#c8c8c8"; ctx.fillRect(0, 0, 640, 480);
  const blank = []; for (let i = 0; i < runs; i++) blank.push((await time())[0]);
  const px = 7, x0 = (640 - m.size * px) / 2, y0 = (480 - m.size * px) / 2;
  m.modules.forEach((row, y) => row.forEach((d, x) => { ctx.fillStyle = d ? "#000" : "#fff"; ctx.fillRect(x0 + x * px, y0 + y * px, px, px); }));
  const code = []; let ok = 0;
  for (let i = 0; i < runs; i++) { const [ms, hit] = await time(); code.push(ms); ok += hit; }
  reader.close();
  return {blank, code, ok};
}"""


def pct(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))]


def open_page(pw, url, extra=()):
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS + list(extra), headless=True)
    page = browser.new_page()
    page.route(url + "bench-together.html", lambda r: r.fulfill(
        status=200, body=PAGE,
        headers={"Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": build.CSP}))
    page.goto(url + "bench-together.html")
    page.evaluate(LOAD)
    return browser, page


def sizes(pw, url):
    print("## Connection codes (QR error correction M)\n")
    print("| SDP | kind | candidates | SDP bytes | code bytes | base32 (used): chars, QR version "
          "| base45: chars, version | base64url: chars, version |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, extra in (("mDNS", ()), ("plain", (MDNS_OFF,))):
        browser, page = open_page(pw, url, extra)
        for r in page.evaluate(SIZES):
            print(f"| {name} | {r['kind']} | {r['label']} | {r['sdp']} | {r['bytes']} "
                  f"| {r['base32'][0]}, v{r['base32'][1]} | {r['base45'][0]}, v{r['base45'][1]} "
                  f"| {r['base64url'][0]}, v{r['base64url'][1]} |")
        browser.close()
    print()


# Real codes with the candidates of a STUN and TURN server: the offer of a host with both
# (its answer in one room has host candidates only: Chromium stops gathering when ICE has
# connected), an answer made where the host cannot be reached early (relay-only), and the
# links h-invite's invite.js makes of them, when it is there.
SERVER_CODES = """async ({stun, turn}) => {
  const rows = [];
  const base = "https://tapete.example/";
  const add = async (label, text) => {
    const info = T.code.decode(text);
    const row = {label, types: info.candidates.map((c) => c.type), bytes: info.bytes,
                 chars: text.length, version: T.qr.qrMatrix(text).version};
    if (T.invite) {     // an offer goes out as an invitation link, an answer as an answer link
      const secret = T.invite.newSecret();
      if (info.kind === "offer") row.link = T.invite.invitationLink(text, secret, base).length;
      else row.answerLink = (await T.invite.answerLink(text, secret, base)).length;
      row.base = base.length;
    }
    rows.push(row);
    return info;
  };
  const both = {iceServers: [{urls: [stun]}, turn]};
  const relay = {iceServers: [turn], iceTransportPolicy: "relay"};
  const room = new T.peer.Host({ice: {iceServers: []}});
  const roomOffer = await room.createOffer(1);
  await add("offer in one room (no server)", roomOffer);
  const rg = await T.peer.answerOffer(roomOffer, {ice: {iceServers: []}});
  await add("answer in one room (no server)", rg.code);
  const stunHost = new T.peer.Host({ice: {iceServers: [{urls: [stun]}]}});
  await add("offer: host + STUN", await stunHost.createOffer(1));
  const host = new T.peer.Host({ice: both});
  await add("offer: host + STUN + TURN", await host.createOffer(1));
  const h2 = new T.peer.Host({ice: relay});
  const offer = await h2.createOffer(1);
  await add("offer, relay only", offer);
  const g = await T.peer.answerOffer(offer, {ice: relay});
  await add("answer, relay only", g.code);
  rg.channel.close(); room.close(); stunHost.close();
  g.channel.close(); host.close(); h2.close();
  return rows;
}"""


def server_codes(pw, url, coturn):
    browser, page = open_page(pw, url)
    rows = page.evaluate(SERVER_CODES, {"stun": coturn.stun_url, "turn": coturn.ice_server()})
    browser.close()
    print("## Codes with server candidates (coturn on loopback as STUN and TURN server)\n")
    print("| code | candidates | bytes | base32 characters, QR version |")
    print("| --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['label']} | {', '.join(r['types'])} | {r['bytes']} | {r['chars']}, v{r['version']} |")
    print()
    if rows and "link" in rows[0]:
        base = rows[0]["base"]
        for r in rows:
            if r.get("link"):
                print(f"- invitation link of \"{r['label']}\": {r['link']} characters "
                      f"({base} of them the app's address https://tapete.example/)")
            if r.get("answerLink"):
                print(f"- answer link of \"{r['label']}\": {r['answerLink']} characters "
                      f"({base} of them the app's address)")
    else:
        print("- (web/together/invite.js is not in this tree: no link lengths)")
    print()


GATHER = """async ({ice, n}) => {
  const out = [];
  for (let i = 0; i < n; i++) {
    const host = new T.peer.Host(ice ? {ice} : {});
    const t0 = performance.now();
    const code = await host.createOffer(1);
    out.push({ms: performance.now() - t0, types: T.code.decode(code).candidates.map((c) => c.type)});
    host.close();
  }
  return out;
}"""


def gathering(pw, url, coturn, n=10):
    browser, page = open_page(pw, url)
    cases = [("no STUN or TURN server", {"iceServers": []}),
             ("the default public STUN list (no internet here)", None),
             (f"a STUN server that never answers ({SILENT_STUN})", {"iceServers": [{"urls": SILENT_STUN}]}),
             ("the local STUN server", {"iceServers": [{"urls": coturn.stun_url}]}),
             ("the local STUN and TURN server", {"iceServers": [{"urls": coturn.stun_url}, coturn.ice_server()]}),
             ("relay only, the local TURN server", {"iceServers": [coturn.ice_server()], "iceTransportPolicy": "relay"})]
    print(f"## ICE gathering: host createOffer ({n} each)\n")
    print("| servers | median ms | max ms | candidates in the code |")
    print("| --- | --- | --- | --- |")
    for label, ice in cases:
        rows = page.evaluate(GATHER, {"ice": ice, "n": n})
        ms = [r["ms"] for r in rows]
        types = sorted({", ".join(r["types"]) for r in rows})
        print(f"| {label} | {statistics.median(ms):.0f} | {max(ms):.0f} | {' / '.join(types)} |")
    browser.close()
    print()


def connections(pw, url, n, messages, ice=None, label="mDNS host candidates"):
    hb, host = open_page(pw, url)
    gb, guest = open_page(pw, url)
    host.evaluate("(ice) => { window.host = new T.peer.Host(ice ? {ice} : {}); }", ice)
    offer_ms, answer_ms, open_ms = [], [], []
    for _ in range(n):
        t0 = time.perf_counter()
        offer = host.evaluate("host.createOffer(1, {fresh: true})")
        offer_ms.append((time.perf_counter() - t0) * 1000)
        g = guest.evaluate("""async ([offer, ice]) => {
          const t0 = performance.now();
          const g = await T.peer.answerOffer(offer, ice ? {ice} : {});
          window.chan = g.channel;
          chan.onmessage = (m) => chan.send(m);
          return {code: g.code, ms: performance.now() - t0};
        }""", [offer, ice])
        answer_ms.append(g["ms"])
        ms = host.evaluate("""async (code) => {
          const t0 = performance.now();
          window.chan = await host.acceptAnswer(code);
          return performance.now() - t0;
        }""", g["code"])
        open_ms.append(ms)
    rtt = host.evaluate("""async (n) => {
      const out = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const back = new Promise((r) => { chan.onmessage = r; });
        chan.send({i, view: {hand: [1, 2, 3, 4, 5, 6, 7, 8], table: [], note: "un mensaje típico"}});
        await back;
        out.push(performance.now() - t0);
      }
      return out;
    }""", messages)
    hb.close()
    gb.close()
    print(f"## Connecting on loopback ({n} connections, two Chromium processes, {label})\n")
    print("| step | median ms | max ms |")
    print("| --- | --- | --- |")
    print(f"| host createOffer (ICE gathering included) | {statistics.median(offer_ms):.0f} | {max(offer_ms):.0f} |")
    print(f"| guest answerOffer (ICE gathering included) | {statistics.median(answer_ms):.0f} | {max(answer_ms):.0f} |")
    print(f"| acceptAnswer → channel open (target ≤ 1000) | {statistics.median(open_ms):.0f} | {max(open_ms):.0f} |")
    print()
    print(f"## Message round trip host → guest → host ({messages} messages, one at a time, {label})\n")
    print(f"p50 {pct(rtt, 50):.2f} ms, p95 {pct(rtt, 95):.2f} ms, max {max(rtt):.2f} ms\n")


def decoder(pw, url, runs=30):
    browser, page = open_page(pw, url)
    r = page.evaluate(DECODER, runs)
    browser.close()
    print(f"## QR decoder (jsQR in the worker), 640×480 frames, {runs} each\n")
    print(f"no code: median {statistics.median(r['blank']):.1f} ms; a code (v7, 7 px a module): "
          f"median {statistics.median(r['code']):.1f} ms, read {r['ok']} of {runs}\n")


# The app: both pages record (epoch ms) when their table shows a new action, and the guest
# when it sends an action to the host.
APP_WATCH = """(() => {
  window.__shown = {};
  window.__sent = [];
  const now = () => performance.timeOrigin + performance.now();
  const watch = () => {
    const el = document.getElementById('screen');
    if (!el) { setTimeout(watch, 50); return; }
    new MutationObserver(() => {
      const n = el.dataset.moves;
      if (n !== undefined && !(n in window.__shown)) window.__shown[n] = now();
    }).observe(el, { attributes: true, attributeFilter: ['data-moves'] });
  };
  document.addEventListener('DOMContentLoaded', watch);
  if (typeof RTCDataChannel === 'function') {
    const send = RTCDataChannel.prototype.send;
    RTCDataChannel.prototype.send = function (text) {
      try { const m = JSON.parse(text); if (m && m.t === 'act') window.__sent.push([m.n + 1, now()]); } catch {}
      return send.call(this, text);
    };
  }
})();"""


def app_table(pw, url, tables, turn=None):
    """``turn`` (settings.ice.turn): both phones use it relay-only (the test hook)."""
    browsers, pages = [], []
    for _ in range(2):
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        ctx = b.new_context(locale="en-US", viewport={"width": 412, "height": 839}, has_touch=True)
        ctx.add_init_script(APP_WATCH)
        ctx.add_init_script("window.__tapeteTapFreshMs = 0")   # taps faster than a person (web/ui.js, the tap guard)
        page = ctx.new_page()
        page.goto(url)
        settings = {"speed": "instant", "lang": "en"}
        if turn:
            settings["ice"] = {"stun": [], "turn": turn}
            page.evaluate("localStorage.setItem('tapete.iceTransportPolicy', 'relay')")
        page.evaluate("(s) => localStorage.setItem('tapete.settings', JSON.stringify(s))", settings)
        page.reload()
        page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
        browsers.append(b)
        pages.append(page)
    host, guest = pages
    join_ms, link_ms, rtt = [], [], []
    for k in range(tables):
        host.goto(f"{url}#/new/cuarenta?together=1&players=2")
        host.wait_for_selector("#start")
        host.fill("#seed", f"bench-{k}") if host.is_visible("#seed") else None
        host.locator("#start").click()
        host.wait_for_selector("#seats-panel[open]", timeout=30_000)
        host.locator("#seats-panel [data-show='1']").click()
        code = host.locator("#seats-panel .code-text").get_attribute("data-code")
        guest.goto(f"{url}#/")
        guest.goto(f"{url}#/join")
        guest.fill("#offer-code", code)
        guest.locator("#offer-use").click()
        guest.wait_for_selector(".join .code-box .code-text", timeout=30_000)
        answer = guest.locator(".join .code-box .code-text").get_attribute("data-code")
        by_link = k % 2 == 1        # every other table: the answer link opened in a new tab
        t0 = host.evaluate("performance.timeOrigin + performance.now()")
        if by_link:                 # (the tab hands the answer to the table's tab)
            link = guest.locator(".join .share-link .link-field").get_attribute("data-link")
            tab = host.context.new_page()
            tab.goto(link)
        else:
            host.fill("#answer-1-code", answer)
            t0 = host.evaluate("performance.timeOrigin + performance.now()")
            host.locator("#answer-1-use").click()
        host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='1']", timeout=30_000)
        guest.wait_for_selector(".table .hand", timeout=30_000)
        t1 = max(host.evaluate("performance.timeOrigin + performance.now()"),
                 guest.evaluate("performance.timeOrigin + performance.now()"))
        (link_ms if by_link else join_ms).append(t1 - t0)
        if by_link:
            tab.close()
            host.bring_to_front()
        host.locator("#seats-panel button.primary").last.click()
        # play 40 actions (the guest's are timed)
        guest.evaluate("window.__sent = []")
        for page in pages:  # each table counts its moves from 0 again: forget the last table's
            page.evaluate("window.__shown = {}")
        end = time.time() + 120
        while time.time() < end:
            moved = False
            for page in pages:
                if page.locator("dialog[open]").count():
                    page.locator("dialog[open] button.primary").last.click()
                    moved = True
                    continue
                el = page.locator(".controls button.capture-btn, .controls button.rank-btn, .hand button.card:not(.illegal)").first
                if el.count():
                    try:
                        el.click(timeout=1000)
                        moved = True
                    except Exception:  # noqa: BLE001 - redrawn meanwhile
                        pass
            if int(host.get_attribute("#screen", "data-moves") or 0) >= 40:
                break
            if not moved:
                time.sleep(0.02)
        sent = guest.evaluate("window.__sent")
        shown_h, shown_g = host.evaluate("window.__shown"), guest.evaluate("window.__shown")
        for n, at in sent:
            key = str(n)
            if key in shown_h and key in shown_g:
                rtt.append(max(shown_h[key], shown_g[key]) - at)
    for b in browsers:
        b.close()
    how = "relay-only through the local TURN server" if turn else "host candidates"
    print(f"## The app: joining a table and playing ({tables} tables, 2-player Cuarenta, loopback, {how})\n")
    print(f"- answer pasted at the host → the seat live on both phones (target ≤ 1000 ms; {len(join_ms)} tables): "
          f"median {statistics.median(join_ms):.0f} ms, max {max(join_ms):.0f} ms")
    if link_ms:
        print(f"- answer link opened in a new tab of the host's browser → the seat live on both phones "
              f"({len(link_ms)} tables; the tab starts the app, hands the answer to the table's tab): "
              f"median {statistics.median(link_ms):.0f} ms, max {max(link_ms):.0f} ms")
    if rtt:
        print(f"- a guest's action → both tables show it ({len(rtt)} actions; target ≤ 50 ms at p95): "
              f"p50 {pct(rtt, 50):.1f} ms, p95 {pct(rtt, 95):.1f} ms, max {max(rtt):.1f} ms")
    print()


def feature_bytes():
    files = sorted((ROOT / "web" / "together").glob("*.js")) + [ROOT / "web" / "screens" / n for n in ("together.js", "join.js", "answer.js")]
    own = sum(p.stat().st_size for p in files)
    vendor = sum((build.DIST / "vendor" / n).stat().st_size for n in ("uqr.mjs", "jsqr.js")
                 if (build.DIST / "vendor" / n).exists())
    print("## Bytes the feature adds (loaded with import() when opened; none on first paint)\n")
    print(f"- web/together/*.js and the three screens: {own / 1024:.1f} KiB ({len(files)} files)")
    net = [ROOT / "web" / "together" / n for n in ("ice.js", "ice-settings.js")]
    print(f"- of which STUN / TURN (ice.js, and ice-settings.js, loaded by the settings screen): "
          f"{sum(p.stat().st_size for p in net) / 1024:.1f} KiB")
    print(f"- vendored QR libraries (dist/vendor/uqr.mjs, jsqr.js; jsQR only when the camera reads "
          f"without BarcodeDetector): {vendor / 1024:.1f} KiB\n")


ONLINE_FILES = ("together/online-link.js", "together/seal.js", "together/relay.js", "together/online-host.js",
                "vendor/mqtt.mjs")


def online(pw, url, n):
    """Tables online: a host opens a 2-player Cuarenta table online, a friend in a fresh
    browser taps its link; timed from the tap to the friend's hand on screen."""
    import gzip
    mosq = Mosquitto().start()
    browsers, tap_ms, per_friend, sizes_ = [], [], [], []
    try:
        mosq.capture()
        settings = {"speed": "instant", "lang": "en", "relays": {"urls": [mosq.url]}}
        pages = []
        for _ in range(2):
            b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS + [IGNORE_CERTS], headless=True)
            browsers.append(b)
            ctx = b.new_context(locale="en-US", viewport={"width": 412, "height": 839}, has_touch=True)
            ctx.add_init_script("window.__tapeteTapFreshMs = 0")   # taps faster than a person (web/ui.js, the tap guard)
            page = ctx.new_page()
            page.goto(url)
            page.evaluate("(s) => localStorage.setItem('tapete.settings', JSON.stringify(s))", settings)
            page.reload()
            page.wait_for_selector("html[data-engine=ready]", timeout=120_000)
            pages.append(page)
        host, guest = pages
        link = ""
        for k in range(n):
            host.goto(f"{url}#/new/cuarenta?together=1&players=2")
            host.wait_for_selector("#start")
            host.locator("#start").click()
            host.wait_for_selector("#seats-panel[open]", timeout=30_000)
            host.locator("#go-online").click()
            host.wait_for_selector("#online-status[data-state='live']", timeout=15_000)
            link = host.locator("#online-block input.link-field").get_attribute("data-link")
            before = len(mosq.captured())
            guest.goto(f"{url}#/")
            t0 = time.perf_counter()
            guest.goto(link)
            guest.wait_for_selector(".table .hand", timeout=30_000)
            tap_ms.append((time.perf_counter() - t0) * 1000)
            host.wait_for_selector("#seats-panel .seat-entry.live[data-seat='1']", timeout=30_000)
            rows = [r for r in mosq.captured()[before:] if not r[0].startswith("tapete-test/")]
            per_friend.append(len(rows))
            sizes_.append(sum(r[1] for r in rows))
    finally:
        for b in browsers:
            b.close()
        mosq.close()
    files = [build.DIST / f for f in ONLINE_FILES]
    raw = sum(p.stat().st_size for p in files)
    gz = sum(len(gzip.compress(p.read_bytes(), 9)) for p in files)
    mqtt_gz = len(gzip.compress((build.DIST / "vendor/mqtt.mjs").read_bytes(), 9))
    print(f"## A table online in one link ({n} tables, 2-player Cuarenta, loopback mosquitto over wss)\n")
    print(f"- the link: {len(link)} characters ({link.split('#')[0]} + {len(link) - len(link.split('#')[0])})")
    print(f"- tap → seated (the friend's hand drawn; target ≤ 2000 ms): median {statistics.median(tap_ms):.0f} ms, "
          f"max {max(tap_ms):.0f} ms")
    print(f"- through the relay per seated friend: median {statistics.median(per_friend):.0f} messages, "
          f"{statistics.median(sizes_):.0f} bytes (max {max(per_friend)} messages, {max(sizes_)} bytes)")
    print(f"- loaded when a table goes online ({', '.join(ONLINE_FILES)}): {raw / 1024:.1f} KiB, "
          f"{gz / 1024:.1f} KiB gzipped (MQTT.js {mqtt_gz / 1024:.1f} KiB of it); none on first paint\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m tools.bench.together",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--connections", type=int, default=20)
    ap.add_argument("--messages", type=int, default=500)
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--tables", type=int, default=3, help="tables joined and played in the app (0: none)")
    ap.add_argument("--online", type=int, default=5, help="tables joined through the one link (0: none)")
    ap.add_argument("--only-online", action="store_true", help="only the one-link figures")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright
    if not args.no_build:
        build.build(quiet=True)
    server = build.serve_in_thread(build.DIST)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    coturn = Coturn().start()
    try:
        with sync_playwright() as pw:
            version = None
            b, p = open_page(pw, url)
            version = p.evaluate("navigator.userAgent.match(/Chrome\\/(\\d+)/)[1]")
            b.close()
            print(f"# Play together, {time.strftime('%Y-%m-%d %H:%M')}, Chromium {version}\n")
            if args.only_online:
                online(pw, url, args.online)
                return 0
            sizes(pw, url)
            server_codes(pw, url, coturn)
            gathering(pw, url, coturn)
            connections(pw, url, args.connections, args.messages)
            relay_only = {"iceServers": [coturn.ice_server()], "iceTransportPolicy": "relay"}
            connections(pw, url, args.connections, args.messages, ice=relay_only,
                        label="relay-only through the local TURN server")
            decoder(pw, url)
            if args.tables:
                app_table(pw, url, args.tables)
                app_table(pw, url, args.tables, turn=coturn.turn())
            feature_bytes()
            if args.online:
                online(pw, url, args.online)
    finally:
        coturn.close()
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
