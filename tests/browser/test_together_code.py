"""Connection codes (web/together/code.js) and QR codes (qr.js, scan.js's decoder) in Chromium.

Real SDPs come from Chromium's own RTCPeerConnection, with its default mDNS host candidates
and with plain addresses (``--disable-features=WebRtcHideLocalIpsWithMdns``); they are
checked against an independent reading of the SDP text here in Python. The code format is
docs/play-together.md ("Connection codes").
"""

from __future__ import annotations

import ipaddress
import json
import random
import re
import shutil

import pytest

import build

from .conftest import ROOT
from .together import MDNS_OFF, REAL_SDPS, real_codes, together  # noqa: F401  (fixture)

ERROR_CODES = {"bad_code", "truncated", "checksum", "version", "wrong_kind"}
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


# Encodes each SDP, decodes the text, rebuilds the SDP and reads it again; the rebuilt SDP
# must be one Chromium accepts as a remote description (an answer needs an offer first).
ROUND_TRIP = """async (items) => {
  const {code} = window.T;
  const out = [];
  for (const it of items) {
    const text = code.encodeSdp(it.sdp, it);
    const info = code.decode(text, it.kind);
    const sdp = code.toSdp(info);
    const pc = new RTCPeerConnection({iceServers: []});
    pc.createDataChannel("t", {negotiated: true, id: 0});
    let accepted = true;
    try {
      if (it.kind === "answer") await pc.setLocalDescription(await pc.createOffer());
      await pc.setRemoteDescription({type: it.kind, sdp});
    } catch (e) { accepted = String(e); }
    pc.close();
    out.push({text, info, again: code.parseSdp(sdp), accepted});
  }
  return out;
}"""


def candidates_of(sdp: str) -> list[tuple[str, int]]:
    """UDP host candidates of component 1, highest priority first (read here, not in JS)."""
    found = []
    for line in sdp.splitlines():
        m = re.match(r"a=candidate:\S+ (\d+) (\S+) (\d+) (\S+) (\d+) typ (\S+)", line)
        if m and m[1] == "1" and m[2].lower() == "udp" and m[6] == "host":
            found.append((-int(m[3]), m[4].lower(), int(m[5])))
    out = []
    for _, addr, port in sorted(found):
        if (addr, port) not in out:
            out.append((addr, port))
    return out


def attr(sdp: str, name: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in sdp.splitlines()
                if line.startswith(f"a={name}:"))


def expected_bytes(info: dict) -> int:
    """Docs' layout: header 3, flags 1, table 4, seat 1, ufrag, pwd, fingerprint 32,
    count 1, 1 + 16|4|16 + 2 per candidate, CRC 4."""
    ice = sum(1 + -(-len(info[k]) * 6 // 8) for k in ("ufrag", "pwd"))
    cands = 0
    for c in info["candidates"]:
        cands += 1 + 2 + (16 if c["address"].endswith(".local") or ":" in c["address"] else 4)
    return 3 + 1 + 4 + 1 + ice + 32 + 1 + cands + 4


@pytest.fixture
def page(together):
    return together()[1]


def check_round_trips(page, sdps):
    rng = random.Random(18)
    items = [{**s, "table": f"{rng.getrandbits(32):08x}", "seat": rng.randrange(256)} for s in sdps]
    results = page.evaluate(ROUND_TRIP, items)
    for item, r in zip(items, results):
        info, sdp = r["info"], item["sdp"]
        assert r["accepted"] is True, r["accepted"]
        assert r["text"].startswith("TPT:") and re.fullmatch(r"TPT:[A-Z2-7]+", r["text"])
        assert (info["kind"], info["table"], info["seat"]) == (item["kind"], item["table"], item["seat"])
        assert info["ufrag"] == attr(sdp, "ice-ufrag") and info["pwd"] == attr(sdp, "ice-pwd")
        assert info["fingerprint"] == attr(sdp, "fingerprint").split()[1].upper()
        assert info["setup"] == attr(sdp, "setup")
        got = [(c["address"], c["port"]) for c in info["candidates"]]
        want = candidates_of(sdp)
        assert [(str(ipaddress.ip_address(a)) if not a.endswith(".local") else a, p) for a, p in got] \
            == [(str(ipaddress.ip_address(a)) if not a.endswith(".local") else a, p) for a, p in want]
        assert got, "a Chromium SDP here has host candidates"
        again = r["again"]
        assert {k: again[k] for k in ("ufrag", "pwd", "fingerprint", "setup", "candidates")} \
            == {k: info[k] for k in ("ufrag", "pwd", "fingerprint", "setup", "candidates")}
        assert info["bytes"] == expected_bytes(info)
        n = info["bytes"]
        assert len(r["text"]) == 4 + -(-n * 8 // 5)
    return results


def test_real_sdps_with_mdns_round_trip(together):
    _, page = together()
    sdps = page.evaluate(REAL_SDPS, 6)
    results = check_round_trips(page, sdps)
    addrs = [c["address"] for r in results for c in r["info"]["candidates"]]
    assert all(re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local", a)
               for a in addrs), addrs
    assert {r["info"]["setup"] for r in results} == {"actpass", "active"}


def test_real_sdps_with_plain_addresses_round_trip(together):
    _, page = together(MDNS_OFF)
    sdps = page.evaluate(REAL_SDPS, 6)
    results = check_round_trips(page, sdps)
    addrs = {c["address"] for r in results for c in r["info"]["candidates"]}
    assert not any(a.endswith(".local") for a in addrs)
    assert any(ipaddress.ip_address(a).version == 4 for a in addrs), addrs


SYNTH = """v=0\r
o=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0\r
s=-\r
t=0 0\r
a=fingerprint:sha-1 AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD\r
a=fingerprint:sha-256 {fp}\r
a=group:BUNDLE 0\r
m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r
c=IN IP4 0.0.0.0\r
{cands}a=ice-pwd:{pwd}\r
a=ice-ufrag:{ufrag}\r
a=setup:{setup}\r
a=mid:0\r
a=sctp-port:5000\r
"""


def test_what_a_code_keeps_from_other_browsers_sdps(page):
    """Firefox-like credentials (hex), TCP / RTCP / non-UUID host lines dropped, server-
    reflexive and relay candidates kept with their type (format 2: issue 30, "codes carry
    server-reflexive candidates"; a server's candidate named by a host name dropped), IPv6 in
    every spelling, duplicates once, highest priority first."""
    fp = ":".join(f"{i * 7 % 256:02x}" for i in range(32))
    lines = [
        ("1 1 UDP 2122252543 fd00:0:0::2 5001 typ host", ("fd00::2", 5001)),
        ("2 1 TCP 2105524479 192.168.1.20 9 typ host tcptype active", None),
        ("3 1 UDP 2122187007 192.168.1.20 5002 typ host", ("192.168.1.20", 5002)),
        ("4 2 UDP 2122187006 192.168.1.20 5003 typ host", None),
        ("5 1 UDP 1686052863 203.0.113.9 5004 typ srflx raddr 192.168.1.20 rport 5002", None),
        ("6 1 UDP 92217343 198.51.100.1 5005 typ relay raddr 0.0.0.0 rport 0", None),
        ("7 1 udp 2122194687 0b0e4a73-fe6b-4fa2-9f39-3c4e1e0c5a8d.local 5006 typ host", None),
        ("8 1 udp 2122260223 2001:DB8:0:0:1:0:0:1 5007 typ host", ("2001:db8::1:0:0:1", 5007)),
        ("9 1 udp 2122129151 my-laptop.local 5008 typ host", None),
        ("10 1 udp 2122187007 192.168.1.20 5002 typ host", None),  # duplicate
        ("11 1 udp 2000000000 ::ffff:192.0.2.7 5009 typ host", ("::ffff:192.0.2.7", 5009)),
        ("12 1 udp 1999999999 fe80::1 5010 typ host", ("fe80::1", 5010)),
        ("13 1 tcp 1518280447 203.0.113.9 9 typ srflx raddr 192.168.1.20 rport 9 tcptype active", None),
        ("14 1 udp 1677729535 0b0e4a73-fe6b-4fa2-9f39-3c4e1e0c5a8d.local 5011 typ srflx", None),
        ("15 1 udp 1677729534 2001:db8::77 5012 typ srflx raddr :: rport 0", ("2001:db8::77", 5012)),
        ("16 1 udp 1677729533 203.0.113.9 5004 typ srflx raddr 0.0.0.0 rport 0", None),  # duplicate
        ("17 1 udp 1000 203.0.113.10 5013 typ prflx raddr 0.0.0.0 rport 0", None),
    ]
    cands = "".join(f"a=candidate:{text}\r\n" for text, _ in lines)
    # the mDNS line sorts by its priority like any other
    want = [("2001:db8::1:0:0:1", 5007), ("fd00::2", 5001),
            ("0b0e4a73-fe6b-4fa2-9f39-3c4e1e0c5a8d.local", 5006), ("192.168.1.20", 5002),
            ("::ffff:192.0.2.7", 5009), ("fe80::1", 5010),
            ("203.0.113.9", 5004), ("2001:db8::77", 5012), ("198.51.100.1", 5005)]
    types = ["host"] * 6 + ["srflx", "srflx", "relay"]
    sdp = SYNTH.format(fp=fp, cands=cands, pwd="0123456789abcdef0123456789abcdef",
                       ufrag="89abcdef", setup="passive")
    info = page.evaluate("""(sdp) => {
      const {code} = window.T;
      return code.decode(code.encodeSdp(sdp, {kind: "answer", table: "00ff10ab", seat: 3}), "answer");
    }""", sdp)
    assert (info["ufrag"], info["pwd"], info["setup"]) == ("89abcdef", "0123456789abcdef0123456789abcdef", "passive")
    assert info["fingerprint"] == fp.upper()
    top2 = page.evaluate("""(sdp) => T.code.decode(T.code.encodeSdp(sdp, {kind: "offer", table: "00ff10ab",
                                                     seat: 1, maxCandidates: 2})).candidates""", sdp)
    assert [(c["address"], c["port"]) for c in top2] == [("2001:db8::1:0:0:1", 5007), ("fd00::2", 5001)]
    got = [(c["address"], c["port"]) for c in info["candidates"]]
    assert [c["type"] for c in info["candidates"]] == types
    assert [(ipaddress.ip_address(a) if ":" in a or a[0].isdigit() and "." in a and not a.endswith("local")
             else a, p) for a, p in got] == \
        [(ipaddress.ip_address(a) if not a.endswith(".local") else a, p) for a, p in want]
    for a, _ in got:   # RFC 5952 text, as Python writes it (mapped addresses: same value)
        if ":" in a and not a.startswith("::ffff:"):
            assert a == ipaddress.IPv6Address(a).compressed


SERVER_LINES = [
    "a=candidate:91 1 udp 1677729535 203.0.113.5 40000 typ srflx raddr 0.0.0.0 rport 0",
    "a=candidate:92 1 udp 1677729279 2001:db8::5 40001 typ srflx raddr :: rport 0",
    "a=candidate:93 1 udp 41885439 198.51.100.20 50000 typ relay raddr 203.0.113.5 rport 40000",
    "a=candidate:94 1 udp 41885183 2001:db8:1::20 50001 typ relay raddr 2001:db8::5 rport 40001",
]


def test_server_candidates_round_trip(page):
    """Format 2: a real offer and answer with server-reflexive and relay candidates (IPv4 and
    IPv6) added: each is carried with its type, in priority order, in the same bytes as a
    host candidate of its family (docs' layout), and the rebuilt SDP names the type
    (`typ srflx raddr 0.0.0.0 rport 0`) and is accepted by Chromium."""
    sdps = page.evaluate(REAL_SDPS, 1)
    for s in sdps:
        s["sdp"] = s["sdp"].replace("a=ice-ufrag", "\r\n".join(SERVER_LINES) + "\r\na=ice-ufrag", 1)
    items = [{**s, "table": "0badc0de", "seat": 2} for s in sdps]
    for item, r in zip(items, page.evaluate(ROUND_TRIP, items)):
        info = r["info"]
        assert r["accepted"] is True, r["accepted"]
        hosts = [(a, p) for a, p in candidates_of(item["sdp"])]
        got = [(c["address"], c["port"], c["type"]) for c in info["candidates"]]
        assert got == [(a, p, "host") for a, p in hosts] + [
            ("203.0.113.5", 40000, "srflx"), ("2001:db8::5", 40001, "srflx"),
            ("198.51.100.20", 50000, "relay"), ("2001:db8:1::20", 50001, "relay")]
        assert info["bytes"] == expected_bytes(info)
        assert r["again"]["candidates"] == info["candidates"]
        sdp = page.evaluate("(text) => T.code.toSdp(T.code.decode(text))", r["text"])
        assert " 203.0.113.5 40000 typ srflx raddr 0.0.0.0 rport 0 generation 0" in sdp
        assert " 198.51.100.20 50000 typ relay raddr 0.0.0.0 rport 0 generation 0" in sdp
    # at most so many of each type, then the total (peer.js keeps 4 host, 2 srflx, 2 relay)
    kept = page.evaluate("""(sdp) => T.code.decode(T.code.encodeSdp(sdp, {kind: "offer", table: "0badc0de", seat: 1,
        perType: {host: 1, srflx: 1, relay: 2}, maxCandidates: 3})).candidates.map((c) => c.type)""", sdps[0]["sdp"])
    assert kept == ["host", "srflx", "relay"]


def test_ipv6_addresses_survive_a_code(page):
    rng = random.Random(5952)
    addrs = []
    for _ in range(300):
        words = [rng.choice([0, 0, 0, rng.getrandbits(16), rng.getrandbits(4)]) for _ in range(8)]
        addrs.append(str(ipaddress.IPv6Address(sum(w << (16 * (7 - i)) for i, w in enumerate(words)))))
    addrs += ["::", "::1", "1::", "fe80::", "1:0:0:2:0:0:0:3", "0:0:1::", "1:2:3:4:5:6:7:8"]
    got = page.evaluate("""(addrs) => {
      const {code} = window.T;
      return addrs.map((a) => code.formatIPv6(code.parseIPv6(a)));
    }""", [ipaddress.IPv6Address(a).exploded for a in addrs])
    for a, g in zip(addrs, got):
        assert ipaddress.IPv6Address(g) == ipaddress.IPv6Address(a)
        if not ipaddress.IPv6Address(a).ipv4_mapped:
            assert g == ipaddress.IPv6Address(a).compressed, (a, g)


ERRORS_OF = """(texts) => texts.map((t) => {
  const [text, expect] = Array.isArray(t) ? t : [t, null];
  try { window.T.code.decode(text, expect); return "ok"; }
  catch (e) { return e.name === "CodeError" ? e.code : "THREW " + e.name + ": " + e.message; }
})"""


def test_every_one_character_mistake_is_a_checksum_error(page):
    for text in real_codes(page):
        body = len("TPT:")
        mistakes = []
        for i in range(body, len(text)):
            for ch in BASE32:
                if ch != text[i]:
                    mistakes.append(text[:i] + ch + text[i + 1:])
        errors = page.evaluate(ERRORS_OF, mistakes)
        assert set(errors) == {"checksum"}, sorted(set(errors))
        assert len(errors) == 31 * (len(text) - body)


def test_every_cut_is_truncated(page):
    for text in real_codes(page):
        cuts = [text[:n] for n in range(len(text))]
        errors = page.evaluate(ERRORS_OF, cuts)
        assert errors == ["truncated"] * len(cuts), list(zip(cuts, errors))


def test_kind_version_and_garbage(page):
    offer, answer = real_codes(page)
    spaced = " ".join(offer[i:i + 4] for i in range(0, len(offer), 4)).lower()
    wrapped = "\n  " + "\r\n".join(answer[i:i + 30] for i in range(0, len(answer), 30)) + "\n"
    cases = [
        ([offer, "offer"], "ok"), ([answer, "answer"], "ok"), (offer, "ok"), (answer, "ok"),
        ([offer, "answer"], "wrong_kind"), ([answer, "offer"], "wrong_kind"),
        ([spaced, "offer"], "ok"), ([wrapped, "answer"], "ok"),
        ("", "truncated"), ("tp", "truncated"),
        ("hello", "bad_code"), ("https://example.com/", "bad_code"),
        (offer.replace("TPT:", "TPX:"), "bad_code"), (offer[:10] + "1" + offer[11:], "bad_code"),
        (offer + offer[4:], "checksum"), (offer + "A", "checksum"),
        ("TPT:" + "A" * 170, "checksum"),
    ]
    got = page.evaluate(ERRORS_OF, [c for c, _ in cases])
    assert got == [want for _, want in cases], list(zip(cases, got))
    # not text at all
    odd = page.evaluate("""() => [null, 42, {}, ["TPT:"], undefined].map((v) => {
      try { window.T.code.decode(v); return "ok"; } catch (e) { return e.code; } })""")
    assert odd == ["bad_code"] * 5


def test_other_versions_and_inconsistent_contents(page):
    """A checksum-valid code from another version says so; one whose contents contradict
    themselves is a bad code (never an exception other than CodeError)."""
    offer = real_codes(page)[0]
    got = page.evaluate("""(text) => {
      const {code} = window.T;
      const bytes = Array.from(atob32(text.slice(4)));
      function atob32(s) {          // base32 → bytes (test-side, independent of code.js)
        const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"; let acc = 0, bits = 0; const out = [];
        for (const c of s) { acc = (acc << 5) | A.indexOf(c); bits += 5;
          if (bits >= 8) { bits -= 8; out.push((acc >>> bits) & 255); } acc &= (1 << bits) - 1; }
        return out;
      }
      const seal = (b) => {         // a new CRC-32 over the edited bytes (and the length fixed)
        b = b.slice(0, -4); b[1] = b.length + 4; b[2] = b[1] ^ 255;
        const c = code.crc32(b); b.push(c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255, c & 255);
        return "TPT:" + code.base32(b);
      };
      const edit = (f) => { const b = bytes.slice(); f(b); return seal(b); };
      const tries = {
        same: edit(() => {}),
        v1: edit((b) => { b[0] = 1; }),
        v3: edit((b) => { b[0] = 3; }),
        v0: edit((b) => { b[0] = 0; }),
        v255: edit((b) => { b[0] = 255; }),
        flags: edit((b) => { b[3] |= 0x80; }),
        setup3: edit((b) => { b[3] |= 6; }),
        noCandidates: edit((b) => { const at = b.length - 4 - 2 * 19 - 1; b[at] = 0; b.splice(at + 1, 2 * 19); }),
        family9: edit((b) => { b[b.length - 4 - 2 * 19] = 9; }),
        family2: edit((b) => { b[b.length - 4 - 2 * 19] = 2; }),
        type3: edit((b) => { b[b.length - 4 - 2 * 19] = 1 | (3 << 3); }),
        highBits: edit((b) => { b[b.length - 4 - 2 * 19] = 1 | 0x20; }),
        mdnsRelay: edit((b) => { b[b.length - 4 - 2 * 19] = 1 | (2 << 3); }),
        port0: edit((b) => { b[b.length - 6] = 0; b[b.length - 5] = 0; }),
        extra: edit((b) => { b.splice(b.length - 4, 0, 7); }),
        emptyUfrag: edit((b) => { b[9] = 0; }),
      };
      const out = {};
      for (const [k, t] of Object.entries(tries)) {
        try { code.decode(t); out[k] = "ok"; } catch (e) { out[k] = e.name === "CodeError" ? e.code : "THREW " + e; }
      }
      return out;
    }""", offer)
    assert got == {"same": "ok", "v1": "version", "v3": "version", "v0": "version", "v255": "version",
                   "flags": "bad_code", "setup3": "bad_code", "noCandidates": "bad_code",
                   "family9": "bad_code", "family2": "bad_code", "type3": "bad_code",
                   "highBits": "bad_code", "mdnsRelay": "bad_code", "port0": "bad_code",
                   "extra": "bad_code", "emptyUfrag": "bad_code"}


def test_random_texts_only_ever_give_code_errors(page):
    rng = random.Random(45)
    texts = []
    alphabet = BASE32 + "abcxyz019 :-/$%*+."
    for _ in range(1500):
        n = rng.randrange(0, 200)
        body = "".join(rng.choice(alphabet if rng.random() < 0.2 else BASE32) for _ in range(n))
        texts.append(("TPT:" if rng.random() < 0.9 else "") + body)
    got = page.evaluate(ERRORS_OF, texts)
    assert set(got) <= ERROR_CODES, sorted(set(got) - ERROR_CODES)


def test_encoding_refuses_what_the_format_cannot_carry(page):
    got = page.evaluate("""() => {
      const {code} = window.T;
      const info = {kind: "offer", table: "00000000", seat: 0, ufrag: "abcd", setup: "actpass",
                    pwd: "abcdefghijklmnopqrstuvwx", fingerprint: Array(32).fill("AB").join(":"),
                    candidates: [{address: "192.0.2.1", port: 9}]};
      const tries = {
        fine: info,
        noCandidates: {...info, candidates: []},
        hostName: {...info, candidates: [{address: "laptop.local", port: 9}]},
        badUfrag: {...info, ufrag: "a b"},
        sha1: {...info, fingerprint: Array(20).fill("AB").join(":")},
        seat: {...info, seat: 256},
        table: {...info, table: "xyz"},
        kind: {...info, kind: "hello"},
        port: {...info, candidates: [{address: "192.0.2.1", port: 0}]},
      };
      const out = {};
      for (const [k, v] of Object.entries(tries)) {
        try { code.encode(v); out[k] = "ok"; } catch (e) { out[k] = e.code; }
      }
      try { code.parseSdp("v=0\\r\\na=ice-ufrag:ab\\r\\na=ice-pwd:cd\\r\\n"); out.noFp = "ok"; }
      catch (e) { out.noFp = e.code; }
      return out;
    }""")
    assert got == {"fine": "ok", "noCandidates": "no_candidates", "hostName": "unsupported",
                   "badUfrag": "unsupported", "sha1": "unsupported", "seat": "unsupported",
                   "table": "unsupported", "kind": "unsupported", "port": "unsupported",
                   "noFp": "unsupported"}


# ------------------------------------------------------------------------------- QR codes
# The SVG drawn by qr.js, rasterised by the browser (SVG → image → canvas), read back by
# jsQR in the worker, both from pixels and from the canvas (the ImageBitmap path).
QR_READ_BACK = """async ({text, px}) => {
  const {qr, scan} = window.T;
  const svg = qr.qrSvg(text, {label: "code"});
  const n = Number(svg.getAttribute("viewBox").split(" ")[2]);
  const blob = new Blob([new XMLSerializer().serializeToString(svg)], {type: "image/svg+xml"});
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.src = url;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = n * px;
  const ctx = canvas.getContext("2d");
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(img, 0, 0, n * px, n * px);
  URL.revokeObjectURL(url);
  const reader = new scan.QrReader({width: 2000});
  const fromPixels = await reader.read(ctx.getImageData(0, 0, canvas.width, canvas.height));
  const fromCanvas = await reader.read(canvas);
  reader.bitmaps = false;   // the path of a browser whose workers cannot draw (pixels from the page)
  const fromPagePixels = await reader.read(canvas);
  reader.close();
  // the quiet zone: the outer 4 modules all white
  const m = qr.qrMatrix(text).modules;
  const quiet = m.every((row, y) => row.every((dark, x) => !dark || (x >= 4 && y >= 4 && x < n - 4 && y < n - 4)));
  return {fromPixels, fromCanvas, fromPagePixels, version: Number(svg.dataset.qrVersion), modules: n, quiet,
          label: svg.getAttribute("aria-label")};
}"""


@pytest.mark.parametrize("mdns", [True, False], ids=["mdns", "plain"])
def test_qr_of_real_codes_reads_back(together, mdns):
    _, page = together() if mdns else together(MDNS_OFF)
    for text in real_codes(page):
        for px in (3, 6):
            r = page.evaluate(QR_READ_BACK, {"text": text, "px": px})
            assert r["fromPixels"] == r["fromCanvas"] == r["fromPagePixels"] == text, (px, r, text)
            assert r["quiet"] and r["label"] == "code"
            assert r["modules"] == 17 + 4 * r["version"] + 8
            assert r["version"] <= 7, "two host candidates fit a version 7 QR code (45 modules)"


def test_reader_finds_nothing_in_a_blank_image_and_survives(page):
    got = page.evaluate("""async () => {
      const reader = new window.T.scan.QrReader();
      const blank = new ImageData(320, 240);
      blank.data.fill(255);
      const a = await reader.read(blank);
      const c = document.createElement("canvas"); c.width = 10; c.height = 10;
      const b = await reader.read(c);
      reader.close();
      return [a, b];
    }""")
    assert got == [None, None]


# ------------------------------------------------------------------------------- packaging
def test_vendored_libraries_are_the_pinned_packages(dist):
    pins = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for package, files in build.VENDOR.items():
        assert lock[f"node_modules/{package}"]["version"] == pins[package]
        for src, dest in files.items():
            assert (build.DIST / dest).read_bytes() == (ROOT / "node_modules" / package / src).read_bytes()
    qr_js = (ROOT / "web" / "together" / "qr.js").read_text()
    worker = (ROOT / "web" / "together" / "scan-worker.js").read_text()
    assert 'from "../vendor/uqr.mjs"' in qr_js and 'importScripts("../vendor/jsqr.js")' in worker


def test_a_missing_qr_library_names_npm_ci(tmp_path, monkeypatch):
    modules = tmp_path / "node_modules"
    shutil.copytree(ROOT / "node_modules" / "uqr", modules / "uqr")
    with pytest.raises(build.BuildError) as e:
        build.vendor_files(modules)
    assert "node_modules/jsqr is missing" in e.value.message and "npm ci" in e.value.message
    (modules / "jsqr").mkdir()
    (modules / "jsqr" / "package.json").write_text('{"version": "1.3.0"}')
    with pytest.raises(build.BuildError) as e:
        build.vendor_files(modules)
    assert "version 1.3.0" in e.value.message and "npm ci" in e.value.message
    monkeypatch.setattr(build, "NODE_MODULES", modules)
    with pytest.raises(build.BuildError):
        build.build(tmp_path / "dist", quiet=True)


def test_nothing_on_first_paint_loads_the_feature():
    """The home screen's files name web/together/, the vendored libraries and the lessons
    (web/lessons/, issue 32) only inside an import() run when the feature is opened
    (screens/play.js: a table played together; its screens; app.js: #/learn)."""
    dynamic = re.compile(r"""import\(\s*["'][^"']*(together/|vendor/|lessons/)[^"']*["']\s*\)""")
    for name in ("index.html", "boot.js", "app.js", "screens/home.js",
                 "games.js", "boot-bar.js", "sw-update.js", "screens/play.js"):   # (app.js's static imports)
        text = dynamic.sub("", (ROOT / "web" / name).read_text())
        code = "\n".join(line.split("//")[0] for line in text.splitlines())   # not in comments
        assert "together/" not in code and "vendor/" not in code and "lessons/" not in code, name
    for path in (ROOT / "web").rglob("*.js"):
        for feature in ("together", "lessons"):
            if feature in path.parts:
                continue
            text = path.read_text()
            assert not re.search(r"""^\s*import\s[^;]*["'][^"']*%s/""" % feature, text, re.M), \
                f"{path}: a static import of web/{feature}/ (use import() when the feature opens)"


def test_the_test_page_enforces_the_csp(together):
    """The blank page's policy is the app's: an inline script is refused (so 'no CSP
    violation' in the other tests means something)."""
    browser, page = together()
    ran = page.evaluate("""() => new Promise((resolve) => {
      document.addEventListener("securitypolicyviolation", (e) => resolve(["blocked", e.violatedDirective]), {once: true});
      const s = document.createElement("script");
      s.textContent = "window.__inline = 1";
      document.body.append(s);
      setTimeout(() => resolve(window.__inline === 1 ? ["ran"] : ["silent"]), 2000);
    })""")
    assert ran[0] == "blocked" and ran[1].startswith("script-src"), ran
    page.evaluate("window.__csp = []")
    browser.console_errors[:] = [m for m in browser.console_errors if "Content Security Policy" not in m]
