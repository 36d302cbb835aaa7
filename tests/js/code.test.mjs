// Connection codes (web/together/code.js; the format: docs/play-together.md, "Connection
// codes"): real Chromium SDPs (fixtures/chromium-sdps.json) and made-up ones encoded, decoded
// and rebuilt; every mistake a person can make in one is refused with its stable code.
// tests/browser/test_together_code.py keeps what needs Chromium: fresh SDPs, and the rebuilt
// SDP accepted by RTCPeerConnection.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";

import * as code from "../../web/together/code.js";
import { fcRuns } from "./helpers.mjs";

const SDPS = JSON.parse(readFileSync(new URL("fixtures/chromium-sdps.json", import.meta.url), "utf8"));
const ERROR_CODES = new Set(["bad_code", "truncated", "checksum", "version", "wrong_kind"]);
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Real offer and answer codes: [offer, answer] of each fixture set. */
const realCodes = (set) => SDPS[set].map((s, i) => code.encodeSdp(s.sdp, { kind: s.kind, table: "0a1b2c3d", seat: i % 4 }));
const ALL_REAL = [...realCodes("mdns"), ...realCodes("plain")];

/** The code's error code, "ok", or what else was thrown. */
function errorOf(text, expect = null) {
  try {
    code.decode(text, expect);
    return "ok";
  } catch (e) {
    return e instanceof code.CodeError ? e.code : `THREW ${e && e.name}: ${e && e.message}`;
  }
}

/** An SDP's attribute `name` (read here, not by code.js). */
const attr = (sdp, name) => sdp.split(/\r?\n/).find((l) => l.startsWith(`a=${name}:`)).slice(name.length + 3).trim();

/** UDP candidates of component 1 of a type a code carries, highest priority first, once each. */
function candidatesOf(sdp) {
  const found = [];
  for (const l of sdp.split(/\r?\n/)) {
    const m = /^a=candidate:\S+ (\d+) (\S+) (\d+) (\S+) (\d+) typ (\S+)/.exec(l);
    if (m && m[1] === "1" && m[2].toLowerCase() === "udp" && ["host", "srflx", "relay"].includes(m[6])) {
      found.push({ priority: Number(m[3]), address: m[4].toLowerCase(), port: Number(m[5]), type: m[6] });
    }
  }
  found.sort((a, b) => b.priority - a.priority);
  const seen = new Set();
  return found.filter((c) => !seen.has(`${c.address} ${c.port}`) && seen.add(`${c.address} ${c.port}`))
    .map(({ address, port, type }) => ({ address, port, type }));
}

/** The WHATWG URL parser's text of an IPv6 address (an RFC 5952 text made by other code). */
const urlIPv6 = (text) => new URL(`http://[${text}]/`).hostname.slice(1, -1);

/** The docs' layout: header 3, flags 1, table 4, seat 1, ufrag, pwd, fingerprint 32, count 1,
 * 1 + 16|4|16 + 2 per candidate, CRC 4. */
function expectedBytes(info) {
  const ice = ["ufrag", "pwd"].reduce((n, k) => n + 1 + Math.ceil((info[k].length * 6) / 8), 0);
  const cands = info.candidates.reduce((n, c) => n + 3 + (c.address.endsWith(".local") || c.address.includes(":") ? 16 : 4), 0);
  return 3 + 1 + 4 + 1 + ice + 32 + 1 + cands + 4;
}

test("CRC-32 is IEEE's (the standard check value), base32 is RFC 4648's without padding", () => {
  assert.equal(code.crc32(new TextEncoder().encode("123456789")), 0xCBF43926);
  assert.equal(code.crc32([]), 0);
  assert.equal(code.base32(new TextEncoder().encode("foobar")), "MZXW6YTBOI");
  assert.equal(code.base32([]), "");
  assert.equal(code.base32([0xFF]), "74");
});

for (const set of ["mdns", "plain"]) {
  test(`real Chromium SDPs (${set} host candidates) round-trip: decoded as read here, rebuilt, read again`, () => {
    SDPS[set].forEach((s, i) => {
      const text = code.encodeSdp(s.sdp, { kind: s.kind, table: "0a1b2c3d", seat: i });
      assert.match(text, /^TPT:[A-Z2-7]+$/);
      const info = code.decode(text, s.kind);
      assert.deepEqual([info.kind, info.table, info.seat], [s.kind, "0a1b2c3d", i]);
      assert.equal(info.ufrag, attr(s.sdp, "ice-ufrag"));
      assert.equal(info.pwd, attr(s.sdp, "ice-pwd"));
      assert.equal(info.fingerprint, attr(s.sdp, "fingerprint").split(" ")[1].toUpperCase());
      assert.equal(info.setup, attr(s.sdp, "setup"));
      const want = candidatesOf(s.sdp);
      assert.ok(want.length >= 1);
      assert.deepEqual(info.candidates.map((c) => [c.address.endsWith(".local") ? c.address : urlIPv6orV4(c.address), c.port]),
        want.map((c) => [c.address.endsWith(".local") ? c.address : urlIPv6orV4(c.address), c.port]));
      if (set === "mdns") assert.ok(info.candidates.every((c) => /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\.local$/.test(c.address)));
      else assert.ok(info.candidates.every((c) => !c.address.endsWith(".local")));
      const again = code.parseSdp(code.toSdp(info));
      for (const k of ["ufrag", "pwd", "fingerprint", "setup", "candidates"]) assert.deepEqual(again[k], info[k], k);
      assert.equal(info.bytes, expectedBytes(info));
      assert.equal(text.length, 4 + Math.ceil((info.bytes * 8) / 5));
    });
  });
}

function urlIPv6orV4(a) { return a.includes(":") ? urlIPv6(a) : a; }

const SYNTH = ({ fp, cands, pwd, ufrag, setup }) => ["v=0", "o=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0", "s=-",
  "t=0 0", "a=fingerprint:sha-1 AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD", `a=fingerprint:sha-256 ${fp}`,
  "a=group:BUNDLE 0", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
  ...cands.map((c) => `a=candidate:${c}`), `a=ice-pwd:${pwd}`, `a=ice-ufrag:${ufrag}`, `a=setup:${setup}`, "a=mid:0",
  "a=sctp-port:5000", ""].join("\r\n");

test("what a code keeps of other browsers' SDPs: UDP of component 1, host/srflx/relay, IPv6 in every spelling, once, by priority", () => {
  const fp = Array.from({ length: 32 }, (_, i) => ((i * 7) % 256).toString(16).padStart(2, "0")).join(":");
  const lines = [
    "1 1 UDP 2122252543 fd00:0:0::2 5001 typ host",
    "2 1 TCP 2105524479 192.168.1.20 9 typ host tcptype active",
    "3 1 UDP 2122187007 192.168.1.20 5002 typ host",
    "4 2 UDP 2122187006 192.168.1.20 5003 typ host",
    "5 1 UDP 1686052863 203.0.113.9 5004 typ srflx raddr 192.168.1.20 rport 5002",
    "6 1 UDP 92217343 198.51.100.1 5005 typ relay raddr 0.0.0.0 rport 0",
    "7 1 udp 2122194687 0b0e4a73-fe6b-4fa2-9f39-3c4e1e0c5a8d.local 5006 typ host",
    "8 1 udp 2122260223 2001:DB8:0:0:1:0:0:1 5007 typ host",
    "9 1 udp 2122129151 my-laptop.local 5008 typ host",
    "10 1 udp 2122187007 192.168.1.20 5002 typ host",
    "11 1 udp 2000000000 ::ffff:192.0.2.7 5009 typ host",
    "12 1 udp 1999999999 fe80::1 5010 typ host",
    "13 1 tcp 1518280447 203.0.113.9 9 typ srflx raddr 192.168.1.20 rport 9 tcptype active",
    "14 1 udp 1677729535 0b0e4a73-fe6b-4fa2-9f39-3c4e1e0c5a8d.local 5011 typ srflx",
    "15 1 udp 1677729534 2001:db8::77 5012 typ srflx raddr :: rport 0",
    "16 1 udp 1677729533 203.0.113.9 5004 typ srflx raddr 0.0.0.0 rport 0",
    "17 1 udp 1000 203.0.113.10 5013 typ prflx raddr 0.0.0.0 rport 0",
  ];
  const sdp = SYNTH({ fp, cands: lines, pwd: "0123456789abcdef0123456789abcdef", ufrag: "89abcdef", setup: "passive" });
  const info = code.decode(code.encodeSdp(sdp, { kind: "answer", table: "00ff10ab", seat: 3 }), "answer");
  assert.deepEqual([info.ufrag, info.pwd, info.setup], ["89abcdef", "0123456789abcdef0123456789abcdef", "passive"]);
  assert.equal(info.fingerprint, fp.toUpperCase());
  assert.deepEqual(info.candidates.map((c) => [c.address, c.port, c.type]), [
    ["2001:db8::1:0:0:1", 5007, "host"], ["fd00::2", 5001, "host"],
    ["0b0e4a73-fe6b-4fa2-9f39-3c4e1e0c5a8d.local", 5006, "host"], ["192.168.1.20", 5002, "host"],
    ["::ffff:c000:207", 5009, "host"], ["fe80::1", 5010, "host"],
    ["203.0.113.9", 5004, "srflx"], ["2001:db8::77", 5012, "srflx"], ["198.51.100.1", 5005, "relay"]]);
  assert.equal(urlIPv6("::ffff:192.0.2.7"), "::ffff:c000:207");   // the same address
  const top2 = code.decode(code.encodeSdp(sdp, { kind: "offer", table: "00ff10ab", seat: 1, maxCandidates: 2 })).candidates;
  assert.deepEqual(top2.map((c) => [c.address, c.port]), [["2001:db8::1:0:0:1", 5007], ["fd00::2", 5001]]);
  const kept = code.decode(code.encodeSdp(sdp, { kind: "offer", table: "00ff10ab", seat: 1,
    perType: { host: 1, srflx: 1, relay: 2 }, maxCandidates: 3 })).candidates.map((c) => c.type);
  assert.deepEqual(kept, ["host", "srflx", "relay"]);
});

test("a rebuilt SDP names a server's candidate by its type, with an empty related address", () => {
  const [offer] = SDPS.plain;
  const sdp = offer.sdp.replace("a=ice-ufrag", "a=candidate:91 1 udp 1677729535 203.0.113.5 40000 typ srflx raddr 0.0.0.0 rport 0\r\n"
    + "a=candidate:93 1 udp 41885439 198.51.100.20 50000 typ relay raddr 203.0.113.5 rport 40000\r\na=ice-ufrag");
  const info = code.decode(code.encodeSdp(sdp, { kind: "offer", table: "0badc0de", seat: 2 }));
  assert.deepEqual(info.candidates.slice(-2).map((c) => c.type), ["srflx", "relay"]);
  assert.equal(info.bytes, expectedBytes(info));
  const rebuilt = code.toSdp(info);
  assert.ok(rebuilt.includes(" 203.0.113.5 40000 typ srflx raddr 0.0.0.0 rport 0 generation 0"), rebuilt);
  assert.ok(rebuilt.includes(" 198.51.100.20 50000 typ relay raddr 0.0.0.0 rport 0 generation 0"), rebuilt);
  assert.ok(/ typ host generation 0/.test(rebuilt) && rebuilt.endsWith("\r\n"));
});

test("IPv6 addresses survive a code: RFC 5952 text as the URL parser writes it, every spelling read", () => {
  const words = fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 0xFFFF }), fc.integer({ min: 0, max: 15 })),
    { minLength: 8, maxLength: 8 });
  fc.assert(fc.property(words, (w) => {
    const exploded = w.map((x) => x.toString(16).padStart(4, "0")).join(":");
    const bytes = code.parseIPv6(exploded);
    assert.deepEqual(bytes, w.flatMap((x) => [x >> 8, x & 0xFF]));
    const text = code.formatIPv6(bytes);
    assert.equal(text, urlIPv6(exploded));
    assert.deepEqual(code.parseIPv6(text), bytes);
    assert.deepEqual(code.parseIPv6(text.toUpperCase()), bytes);
  }), fcRuns(500));
  for (const a of ["::", "::1", "1::", "fe80::", "1:0:0:2:0:0:0:3", "0:0:1::", "1:2:3:4:5:6:7:8", "1:0:0:2:2:0:0:3"]) {
    assert.equal(code.formatIPv6(code.parseIPv6(a)), urlIPv6(a), a);
  }
  assert.deepEqual(code.parseIPv6("::ffff:192.0.2.7"), code.parseIPv6("::ffff:c000:207"));
  for (const bad of ["", ":", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "g::", "1:2:3:4:5:6:7::8",
    "::ffff:300.0.0.1", "::1.2.3"]) {
    assert.equal(code.parseIPv6(bad), null, bad);
  }
});

test("IPv4 addresses: four numbers 0-255, nothing else", () => {
  assert.deepEqual(code.parseIPv4("192.0.2.255"), [192, 0, 2, 255]);
  for (const bad of ["256.0.0.1", "1.2.3", "1.2.3.4.5", "1..2.3", "a.b.c.d", "01234.1.1.1", " 1.2.3.4", ""]) {
    assert.equal(code.parseIPv4(bad), null, bad);
  }
});

test("every one-character mistake in a real code is a checksum error", () => {
  for (const text of ALL_REAL) {
    let n = 0;
    for (let i = code.PREFIX.length; i < text.length; i++) {
      for (const ch of BASE32) {
        if (ch === text[i]) continue;
        const got = errorOf(text.slice(0, i) + ch + text.slice(i + 1));
        if (got !== "checksum") assert.fail(`position ${i} as ${ch}: ${got}`);
        n += 1;
      }
    }
    assert.equal(n, 31 * (text.length - code.PREFIX.length));
  }
});

test("every cut of a real code is 'truncated'", () => {
  for (const text of ALL_REAL) {
    for (let n = 0; n < text.length; n++) assert.equal(errorOf(text.slice(0, n)), "truncated", `cut at ${n}`);
  }
});

test("the kind expected, spaces and line breaks, another prefix, garbage, not text", () => {
  const [offer, answer] = realCodes("mdns");
  const spaced = offer.match(/.{1,4}/g).join(" ").toLowerCase();
  const wrapped = "\n  " + answer.match(/.{1,30}/g).join("\r\n") + "\n";
  const cases = [
    [[offer, "offer"], "ok"], [[answer, "answer"], "ok"], [[offer], "ok"], [[answer], "ok"],
    [[offer, "answer"], "wrong_kind"], [[answer, "offer"], "wrong_kind"],
    [[spaced, "offer"], "ok"], [[wrapped, "answer"], "ok"], [[offer.replace(/(.{5})/g, "$1-\u00AD")], "ok"],
    [[""], "truncated"], [["tp"], "truncated"], [["TPT"], "truncated"],
    [["hello"], "bad_code"], [["https://example.com/"], "bad_code"],
    [[offer.replace("TPT:", "TPX:")], "bad_code"], [[offer.slice(0, 10) + "1" + offer.slice(11)], "bad_code"],
    [[offer + offer.slice(4)], "checksum"], [[offer + "A"], "checksum"], [["TPT:" + "A".repeat(170)], "checksum"],
  ];
  assert.deepEqual(cases.map(([args]) => errorOf(...args)), cases.map(([, want]) => want));
  for (const odd of [null, 42, {}, ["TPT:"], undefined]) assert.equal(errorOf(odd), "bad_code", String(odd));
  assert.ok(code.looksLikeCode(spaced) && !code.looksLikeCode("TPX:AAAA") && !code.looksLikeCode(null));
  assert.equal(code.normalize(" tpt:ab-cd\u200B\uFEFF\n"), "TPT:ABCD");
});

/** Bytes of a code's base32 (read here, not by code.js). */
function bytesOf(text) {
  let acc = 0, bits = 0;
  const out = [];
  for (const c of text.slice(4)) {
    acc = (acc << 5) | BASE32.indexOf(c); bits += 5;
    if (bits >= 8) { bits -= 8; out.push((acc >>> bits) & 255); }
    acc &= (1 << bits) - 1;
  }
  return out;
}

/** A code of edited bytes: the length fixed and a new CRC-32 (so only the contents are wrong). */
function seal(b) {
  b = b.slice(0, -4);
  b[1] = b.length + 4; b[2] = b[1] ^ 255;
  const c = code.crc32(b);
  b.push(c >>> 24, (c >>> 16) & 255, (c >>> 8) & 255, c & 255);
  return "TPT:" + code.base32(b);
}

test("a checksum-valid code of another version says so; contents that contradict themselves are a bad code", () => {
  const offer = realCodes("mdns")[0];   // two mDNS candidates of 19 bytes each
  const bytes = bytesOf(offer);
  const edit = (f) => { const b = bytes.slice(); f(b); return seal(b); };
  const first = bytes.length - 4 - 2 * 19;   // the first candidate's first byte
  const tries = {
    same: edit(() => {}),
    v1: edit((b) => { b[0] = 1; }), v3: edit((b) => { b[0] = 3; }), v0: edit((b) => { b[0] = 0; }), v255: edit((b) => { b[0] = 255; }),
    flags: edit((b) => { b[3] |= 0x80; }),
    setup3: edit((b) => { b[3] |= 6; }),
    noCandidates: edit((b) => { b[first - 1] = 0; b.splice(first, 2 * 19); }),
    tooManyCandidates: edit((b) => { b[first - 1] = code.MAX_CANDIDATES + 1; }),
    family9: edit((b) => { b[first] = 9; }),
    family2: edit((b) => { b[first] = 2; }),
    type3: edit((b) => { b[first] = 1 | (3 << 3); }),
    highBits: edit((b) => { b[first] = 1 | 0x20; }),
    mdnsRelay: edit((b) => { b[first] = 1 | (2 << 3); }),
    port0: edit((b) => { b[b.length - 6] = 0; b[b.length - 5] = 0; }),
    extra: edit((b) => { b.splice(b.length - 4, 0, 7); }),
    short: edit((b) => { b.splice(b.length - 5, 1); }),
    emptyUfrag: edit((b) => { b[9] = 0; }),
  };
  const got = Object.fromEntries(Object.entries(tries).map(([k, t]) => [k, errorOf(t)]));
  assert.deepEqual(got, { same: "ok", v1: "version", v3: "version", v0: "version", v255: "version",
    flags: "bad_code", setup3: "bad_code", noCandidates: "bad_code", tooManyCandidates: "bad_code",
    family9: "bad_code", family2: "bad_code", type3: "bad_code", highBits: "bad_code", mdnsRelay: "bad_code",
    port0: "bad_code", extra: "bad_code", short: "bad_code", emptyUfrag: "bad_code" });
});

test("any text at all gives a code or a CodeError with one of the five codes (property)", () => {
  const anyText = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: fc.constantFrom(...BASE32, "a", "9", " ", ":", "-") }),
    fc.string({ unit: fc.constantFrom(...BASE32) }).map((s) => `TPT:${s}`));
  fc.assert(fc.property(anyText, (text) => {
    const got = errorOf(text);
    assert.ok(got === "ok" || ERROR_CODES.has(got), got);
  }), fcRuns(2000));
  // the byte-level cousin: a real code's bytes changed anywhere and sealed again
  const offer = realCodes("plain")[0];
  const bytes = bytesOf(offer);
  fc.assert(fc.property(fc.integer({ min: 0, max: bytes.length - 5 }), fc.integer({ min: 0, max: 255 }), (at, value) => {
    const b = bytes.slice(); b[at] = value;
    const got = errorOf(seal(b));
    assert.ok(got === "ok" || ERROR_CODES.has(got), got);
  }), fcRuns(1000));
});

/** What a code can carry, made up (fast-check). */
const infoArb = fc.record({
  kind: fc.constantFrom(...code.KINDS),
  table: fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")),
  seat: fc.integer({ min: 0, max: 255 }),
  ufrag: fc.string({ unit: fc.constantFrom(...ICE_CHARS), minLength: 1, maxLength: 32 }),
  pwd: fc.string({ unit: fc.constantFrom(...ICE_CHARS), minLength: 1, maxLength: 64 }),
  fingerprint: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Array.from(b, (x) => x.toString(16).padStart(2, "0").toUpperCase()).join(":")),
  setup: fc.constantFrom(...code.SETUPS),
  candidates: fc.uniqueArray(fc.record({
    address: fc.oneof(fc.ipV4(), fc.ipV6().map((a) => urlIPv6(a)), fc.uuid().map((u) => `${u}.local`)),
    port: fc.integer({ min: 1, max: 65535 }),
    type: fc.constantFrom(...code.CANDIDATE_TYPES),
  }).filter((c) => !c.address.endsWith(".local") || c.type === "host"), { minLength: 1, maxLength: 6, selector: (c) => `${c.address} ${c.port}` }),
});

test("every description the format carries round-trips through a code (property)", () => {
  fc.assert(fc.property(infoArb, (info) => {
    const text = code.encode(info);
    const back = code.decode(text, info.kind);
    const norm = (a) => (a.includes(":") ? urlIPv6(a) : a.toLowerCase());
    assert.deepEqual({ ...back, candidates: back.candidates.map((c) => ({ ...c, address: norm(c.address) })) },
      { version: code.FORMAT_VERSION, ...info, candidates: info.candidates.map((c) => ({ ...c, address: norm(c.address) })),
        bytes: expectedBytes(info) });
    // the rebuilt SDP ranks them by type (host, srflx, relay: RFC 8445's preferences), in order within a type
    const ranked = [...back.candidates].sort((a, b) => code.CANDIDATE_TYPES.indexOf(a.type) - code.CANDIDATE_TYPES.indexOf(b.type));
    assert.deepEqual(code.parseSdp(code.toSdp(back)).candidates, ranked);
  }), fcRuns(300));
});

test("encoding refuses what the format cannot carry", () => {
  const info = { kind: "offer", table: "00000000", seat: 0, ufrag: "abcd", setup: "actpass",
    pwd: "abcdefghijklmnopqrstuvwx", fingerprint: Array(32).fill("AB").join(":"), candidates: [{ address: "192.0.2.1", port: 9 }] };
  const tries = {
    fine: info,
    noCandidates: { ...info, candidates: [] },
    tooMany: { ...info, candidates: Array.from({ length: 16 }, (_, i) => ({ address: `192.0.2.${i}`, port: 9 })) },
    hostName: { ...info, candidates: [{ address: "laptop.local", port: 9 }] },
    mdnsServer: { ...info, candidates: [{ address: "0b0e4a73-fe6b-4fa2-9f39-3c4e1e0c5a8d.local", port: 9, type: "srflx" }] },
    badType: { ...info, candidates: [{ address: "192.0.2.1", port: 9, type: "prflx" }] },
    badUfrag: { ...info, ufrag: "a b" },
    emptyPwd: { ...info, pwd: "" },
    sha1: { ...info, fingerprint: Array(20).fill("AB").join(":") },
    seat: { ...info, seat: 256 },
    seatNegative: { ...info, seat: -1 },
    table: { ...info, table: "xyz" },
    tableUpper: { ...info, table: "0000000A" },
    kind: { ...info, kind: "hello" },
    setup: { ...info, setup: "holdconn" },
    port: { ...info, candidates: [{ address: "192.0.2.1", port: 0 }] },
    port65536: { ...info, candidates: [{ address: "192.0.2.1", port: 65536 }] },
    tooLong: { ...info, pwd: "a".repeat(255), ufrag: "b".repeat(255) },
  };
  const got = Object.fromEntries(Object.entries(tries).map(([k, v]) => {
    try { code.encode(v); return [k, "ok"]; } catch (e) { return [k, e.code]; }
  }));
  assert.deepEqual(got, { fine: "ok", noCandidates: "no_candidates", tooMany: "unsupported", hostName: "unsupported",
    mdnsServer: "unsupported", badType: "unsupported", badUfrag: "unsupported", emptyPwd: "unsupported", sha1: "unsupported",
    seat: "unsupported", seatNegative: "unsupported", table: "unsupported", tableUpper: "unsupported", kind: "unsupported",
    setup: "unsupported", port: "unsupported", port65536: "unsupported", tooLong: "unsupported" });
  const sdpErr = (sdp) => { try { code.parseSdp(sdp); return "ok"; } catch (e) { return e.code; } };
  assert.equal(sdpErr("v=0\r\na=ice-ufrag:ab\r\na=ice-pwd:cd\r\n"), "unsupported");   // no fingerprint
  assert.equal(sdpErr("v=0\r\na=fingerprint:sha-256 AB\r\n"), "unsupported");          // no ICE credentials
  assert.equal(sdpErr(SDPS.plain[0].sdp.replace(/a=setup:\w+/, "a=setup:holdconn")), "unsupported");
  assert.equal(sdpErr(SDPS.plain[0].sdp.replace(/(a=fingerprint:sha-256 [0-9A-F:]+):[0-9A-F]{2}/, "$1")), "unsupported");
});

test("a new table id is 4 random bytes in lower-case hex", () => {
  const ids = new Set(Array.from({ length: 50 }, () => code.newTableId()));
  for (const id of ids) assert.match(id, /^[0-9a-f]{8}$/);
  assert.ok(ids.size > 45);
});
