// A table online in one link (web/together/online-link.js) and its sealed signalling
// (web/together/seal.js; docs/play-together.md, "One link"): the link made and read back,
// every refusal's code, the relay list's check; the room derived from the secret, sealed
// messages round-tripping and every refusal of the opener (forged, replayed, expired,
// floods, sizes), property tests with fast-check. The relays themselves, and the phones
// sitting down through them, are tests/browser/test_online.py's.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";

import * as ol from "../../web/together/online-link.js";
import * as seal from "../../web/together/seal.js";
import { InviteError } from "../../web/together/invite.js";
import { TABLE_LINK_VERSION } from "../../web/links.js";
import { fcRuns, thrown } from "./helpers.mjs";

const BASE = "https://friends.example/tapete/";
const SECRET = Uint8Array.from({ length: ol.TABLE_SECRET_BYTES }, (_, i) => i * 7 + 1);

function refusal(text) {
  try { ol.readTableLink(text); return "ok"; } catch (e) { assert.ok(e instanceof InviteError, e); return e.code; }
}

test("a table link carries its secret in the fragment and reads back", () => {
  const link = ol.tableLink(SECRET, BASE);
  assert.equal(link, `${BASE}#/sit?v=${TABLE_LINK_VERSION}&s=${link.split("&s=")[1]}`);
  assert.equal(link.split("&s=")[1].length, ol.TABLE_SECRET_CHARS);
  assert.equal(link.length, BASE.length + 12 + ol.TABLE_SECRET_CHARS);
  assert.deepEqual(ol.readTableLink(link), SECRET);
  assert.deepEqual(ol.readTableLink(`Sit at my table: ${link}\nsee you`), SECRET);
  assert.deepEqual(ol.readTableLink(link.slice(link.indexOf("#/sit?") + 6)), SECRET);   // (the route's query)
  assert.ok(ol.isTableLink(link));
  assert.ok(!ol.isTableLink(`${BASE}#/join?v=1`));
  assert.equal(ol.newTableSecret().length, ol.TABLE_SECRET_BYTES);
  assert.throws(() => ol.tableLink(new Uint8Array(3), BASE), { code: "altered" });
});

test("a table link: every refusal has its code", () => {
  const link = ol.tableLink(SECRET, BASE);
  const s = link.split("&s=")[1];
  assert.equal(refusal("x".repeat(2001)), "too_long");
  assert.equal(refusal(`${BASE}#/sit?v=1`), "link_incomplete");
  assert.equal(refusal(`${BASE}#/sit?s=${s}`), "link_incomplete");
  assert.equal(refusal(42), "link_incomplete");
  assert.equal(refusal(link.replace("v=1", "v=2")), "link_version");
  assert.equal(refusal(link.slice(0, -1)), "truncated");
  assert.equal(refusal(`${link}A`), "altered");
  assert.equal(refusal(link.slice(0, -1) + "1"), "altered");        // not base32
});

test("every single-character change of a table link's secret is refused as altered", () => {
  const link = ol.tableLink(SECRET, BASE);
  const at = link.indexOf("&s=") + 3;
  const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  for (let i = at; i < link.length; i++) {
    for (const ch of B32) {
      if (ch === link[i]) continue;
      const code = refusal(link.slice(0, i) + ch + link.slice(i + 1));
      assert.equal(code, "altered", `position ${i - at}, ${ch}`);
    }
  }
});

test("property: any secret's link reads back; random texts give only InviteErrors", () => {
  fc.assert(fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
    assert.deepEqual(ol.readTableLink(ol.tableLink(bytes, BASE)), bytes);
  }), fcRuns());
  fc.assert(fc.property(fc.string({ maxLength: 80 }), (tail) => {
    assert.notEqual(refusal(`${BASE}#/sit?v=1&s=${tail}`), "ok");
  }), fcRuns());
});

test("the relay list: wss URLs only, at most MAX_RELAYS, the defaults otherwise", () => {
  assert.ok(ol.DEFAULT_RELAYS.every(ol.isRelayUrl));
  assert.ok(ol.isRelayUrl("wss://mqtt.family.example:8884/mqtt"));
  for (const bad of ["ws://broker.example/mqtt", "https://x.example", "wss://", "wss://u:p@x.example/", 7, "wss://x.example/#f", `wss://${"a".repeat(300)}.example`]) {
    assert.ok(!ol.isRelayUrl(bad), String(bad));
  }
  assert.deepEqual(ol.checkRelays("wss://a.example/mqtt\n\nwss://a.example/mqtt\n"), { relays: ["wss://a.example/mqtt"], problems: [] });
  assert.deepEqual(ol.checkRelays(["ws://a.example"]).problems.map((p) => p.code), ["bad_relay_url"]);
  const many = Array.from({ length: ol.MAX_RELAYS + 1 }, (_, i) => `wss://r${i}.example/mqtt`);
  assert.deepEqual(ol.checkRelays(many).problems.map((p) => p.code), ["too_many_relays"]);
  assert.deepEqual(ol.relaysOf({}), [...ol.DEFAULT_RELAYS]);
  assert.deepEqual(ol.relaysOf({ relays: { urls: ["wss://own.example/mqtt"] } }), ["wss://own.example/mqtt"]);
  assert.deepEqual(ol.relaysOf({ relays: { urls: ["ws://own.example/mqtt"] } }), [...ol.DEFAULT_RELAYS]);
  assert.deepEqual(ol.relaysOf({ relays: { urls: "x" } }), [...ol.DEFAULT_RELAYS]);
});

// ------------------------------------------------------------------ sealing
const KNOCK = { t: "knock", want: "seat" };
const A = "0123456789abcdef", B = "fedcba9876543210";

async function pair(now = () => 1_800_000_000_000) {
  const room = await seal.deriveRoom(SECRET);
  let clock = 0;
  const tick = () => (clock += 1000);      // (a second between messages: no rate limit unless asked)
  return { room, sealer: new seal.Sealer(room, A, now), opener: new seal.Opener(room, { self: B, now, clock: tick }) };
}

const code = async (p) => (await thrown(() => p)).code;

test("the room: topic and key from the secret only; another secret, another topic", async () => {
  const a = await seal.deriveRoom(SECRET);
  const b = await seal.deriveRoom(SECRET);
  const c = await seal.deriveRoom(Uint8Array.from(SECRET, (x, i) => (i === 0 ? x ^ 1 : x)));
  assert.match(a.topic, /^tapete\/[0-9a-f]{32}$/);
  assert.equal(a.topic, b.topic);
  assert.notEqual(a.topic, c.topic);
  const bytes = await new seal.Sealer(a, A).seal(KNOCK);
  assert.deepEqual((await new seal.Opener(b, { self: B }).open(bytes)).body, KNOCK);      // the same secret opens it
  assert.equal(await code(new seal.Opener(c, { self: B }).open(bytes)), "forged");       // another does not
});

test("sealed signals round-trip and carry nothing readable", async () => {
  const { sealer, opener } = await pair();
  const invite = { t: "invite", to: B, text: "TPT:ABCDEFGHIJ/SEATKEYSEATKEYSEATKEY" };
  const bytes = await sealer.seal(invite);
  const asText = Buffer.from(bytes).toString("latin1");
  for (const word of ["invite", "TPT", "SEATKEY", B]) assert.ok(!asText.includes(word), word);
  const got = await opener.open(bytes);
  assert.deepEqual(got, { from: A, counter: 1, body: invite });
  assert.equal(bytes.length, seal.HEADER_BYTES + JSON.stringify(invite).length + 16);
  for (const body of [{ t: "answer", to: A, text: "x" }, { t: "full", to: A, watch: true }, { t: "knock", want: "watch" }]) {
    assert.deepEqual((await opener.open(await sealer.seal(body))).body, body);
  }
});

test("the opener: every refusal has its code", async () => {
  const now = () => 1_800_000_000_000;
  const { room, sealer, opener } = await pair(now);
  const good = await sealer.seal(KNOCK);
  assert.equal(await code(opener.open(new Uint8Array(seal.MAX_SEALED_BYTES + 1))), "too_big");
  assert.equal(await code(opener.open(new Uint8Array(10))), "malformed");
  assert.equal(await code(opener.open("text")), "malformed");
  assert.equal(await code(opener.open(Uint8Array.from(good, (b, i) => (i === 0 ? 2 : b)))), "version");
  assert.equal(await code(new seal.Opener(room, { self: A }).open(good)), "own");
  for (const at of [1, 12, 20, seal.HEADER_BYTES, good.length - 1]) {       // sender, counter, nonce, body, tag
    assert.equal(await code(opener.open(Uint8Array.from(good, (b, i) => (i === at ? b ^ 1 : b)))), "forged", `byte ${at}`);
  }
  assert.deepEqual((await opener.open(good)).body, KNOCK);
  assert.equal(await code(opener.open(good)), "replayed");               // again (or through a second relay)
  const old = await new seal.Sealer(room, "1111111111111111", () => now() - seal.MAX_AGE_MS - 1).seal(KNOCK);
  assert.equal(await code(opener.open(old)), "expired");
  const ahead = await new seal.Sealer(room, "2222222222222222", () => now() + seal.MAX_AGE_MS + 1).seal(KNOCK);
  assert.equal(await code(opener.open(ahead)), "expired");
  // a body that is not a signal, sealed with the key (a holder of the secret): bad_body
  const hand = new seal.Sealer(room, "3333333333333333", now);
  const raw = async (obj) => {
    const ok = await hand.seal(KNOCK);          // a good header (the next counter), another body sealed by hand
    const iv = ok.slice(seal.HEADER_BYTES - 12, seal.HEADER_BYTES);
    const h = ok.slice(0, seal.HEADER_BYTES);
    const enc = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: h }, room.key,
      new TextEncoder().encode(typeof obj === "string" ? obj : JSON.stringify(obj))));
    return Uint8Array.from([...h, ...enc]);
  };
  assert.equal(await code(opener.open(await raw({ t: "deal", cards: [1] }))), "bad_body");
  assert.equal(await code(opener.open(await raw("{not json"))), "bad_body");
  assert.deepEqual(opener.dropped, { too_big: 1, malformed: 2, version: 1, forged: 5, replayed: 1, expired: 2, bad_body: 2 });
  await assert.rejects(sealer.seal({ t: "invite", to: B, text: "x".repeat(seal.MAX_SIGNAL_TEXT + 1) }), { code: "bad_body" });
  assert.throws(() => new seal.Sealer(room, "nope"), { code: "malformed" });
});

test("the opener: floods are dropped (all senders, then one sender), and pass again later", async () => {
  const room = await seal.deriveRoom(SECRET);
  let clock = 0;
  const opener = new seal.Opener(room, { self: B, clock: () => clock });
  const sealer = new seal.Sealer(room, A);
  const codes = [];
  for (let i = 0; i < seal.SENDER_BURST + 2; i++) codes.push(await opener.open(await sealer.seal(KNOCK)).then(() => "ok", (e) => e.code));
  assert.deepEqual(codes.filter((c) => c === "ok").length, seal.SENDER_BURST);
  assert.ok(codes.slice(seal.SENDER_BURST).every((c) => c === "sender_flood"));
  // garbage from anyone: past the door's burst, dropped unread (no decryption)
  const junk = new Uint8Array(64); junk[0] = seal.ENVELOPE_VERSION;
  const flood = [];
  for (let i = 0; i < seal.DOOR_BURST + 5; i++) flood.push(await opener.open(junk).then(() => "ok", (e) => e.code));
  assert.ok(flood.includes("flood"));
  assert.ok(flood.every((c) => c === "forged" || c === "flood"));
  clock += 10_000;                                           // ten seconds later: open again
  assert.deepEqual((await opener.open(await sealer.seal(KNOCK))).body, KNOCK);
});

test("property: random bytes and random changes never open, never throw anything but SealError", async () => {
  const { sealer, room } = await pair(() => Date.now());
  const good = await sealer.seal({ t: "answer", to: B, text: "TPT:ANSWER/TAG" });
  await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.nat(good.length - 1), fc.integer({ min: 1, max: 255 }),
    async (junk, at, x) => {
      let clock = 0;
      const opener = new seal.Opener(room, { self: B, clock: () => (clock += 1000) });
      for (const bytes of [junk, Uint8Array.from(good, (b, i) => (i === at ? b ^ x : b))]) {
        const err = await thrown(() => opener.open(bytes));
        assert.ok(err instanceof seal.SealError, err);
        assert.ok(["malformed", "version", "forged", "too_big"].includes(err.code), err.code);
      }
    }), fcRuns(200));
  assert.throws(() => seal.checkSignal({ t: "knock", want: "all" }), { code: "bad_body" });
  assert.throws(() => seal.checkSignal({ t: "invite", to: "x", text: "y" }), { code: "bad_body" });
  assert.throws(() => seal.checkSignal(["knock"]), { code: "bad_body" });
  assert.throws(() => seal.checkSignal({ t: "constructor" }), { code: "bad_body" });
});

// ------------------------------------------------------------------ the host's door
import { OnlineDoor, PENDING_MS } from "../../web/together/online-host.js";

/** A host's session as the door sees it: three friends' seats, four watchers' slots. */
function fakeSession() {
  const s = {
    closed: false, computer: new Set(), watchers: new Map(), seated: new Map(), invited: [], accepted: [],
    away() { return [1, 2, 3].filter((seat) => !s.seated.has(seat)); },
    async invite(slot) { s.invited.push(slot); return { text: `TPT:OFFER${slot}/KEY` }; },
    async accept(text) {
      s.accepted.push(text);
      const slot = Number(text.slice(-1));
      if (slot >= 100) s.watchers.set(slot, {}); else s.seated.set(slot, {});
      return slot;
    },
  };
  return s;
}
const ID = (i) => String(i).repeat(16).slice(0, 16);

async function door() {
  const session = fakeSession();
  const d = new OnlineDoor(session, { urls: ["wss://r.example/mqtt"], base: BASE });
  const sent = [];
  await d.open(async () => ({ self: "ffffffffffffffff", live: 1, send: async (b) => { sent.push(b); return 1; }, close() {} }));
  return { d, session, sent };
}

test("the door: each knock a free seat of its own, the answer used as pasted, the full table offers to watch", async () => {
  const { d, session, sent } = await door();
  assert.ok(ol.readTableLink(d.link).length === ol.TABLE_SECRET_BYTES && d.link.startsWith(BASE));
  for (const i of [1, 2, 3]) await d.signal({ from: ID(i), body: { t: "knock", want: "seat" } });
  assert.deepEqual(session.invited, [1, 2, 3]);                       // three seats reserved, one each
  assert.deepEqual(sent.map((m) => [m.t, m.to]), [["invite", ID(1)], ["invite", ID(2)], ["invite", ID(3)]]);
  await d.signal({ from: ID(1), body: { t: "knock", want: "seat" } });   // knocking again: nothing more
  await d.signal({ from: ID(4), body: { t: "knock", want: "seat" } });   // every seat reserved
  assert.deepEqual(sent.at(-1), { t: "full", to: ID(4), watch: true });
  // an answer from a phone the door invited nobody for, or addressed to another host: nothing
  await d.signal({ from: ID(5), body: { t: "answer", to: "ffffffffffffffff", text: "TPT:A/2" } });
  await d.signal({ from: ID(2), body: { t: "answer", to: "eeeeeeeeeeeeeeee", text: "TPT:A/2" } });
  assert.deepEqual(session.accepted, []);
  for (const i of [1, 2, 3]) await d.signal({ from: ID(i), body: { t: "answer", to: "ffffffffffffffff", text: `TPT:A/${i}` } });
  assert.deepEqual(session.accepted, ["TPT:A/1", "TPT:A/2", "TPT:A/3"]);
  await d.signal({ from: ID(2), body: { t: "answer", to: "ffffffffffffffff", text: "TPT:A/2" } });   // again: used up
  await d.signal({ from: ID(2), body: { t: "knock", want: "seat" } });   // a seated phone knocking: nothing
  assert.equal(session.accepted.length, 3);
  await d.signal({ from: ID(6), body: { t: "knock", want: "watch" } });  // to watch: the first watcher's slot
  assert.deepEqual(session.invited.at(-1), 100);
  for (const slot of [100, 101, 102, 103]) session.watchers.set(slot, {});
  await d.signal({ from: ID(7), body: { t: "knock", want: "seat" } });
  assert.deepEqual(sent.at(-1), { t: "full", to: ID(7), watch: false });  // nor a watcher's place
  assert.ok(d.live);
  d.close();
  assert.ok(!d.live);
});

test("the door: a reservation lapses after PENDING_MS; a failed answer frees the seat; a closed table answers nobody", async () => {
  const { d, session, sent } = await door();
  let now = 0;
  const real = performance.now;
  performance.now = () => now;
  try {
    await d.signal({ from: ID(1), body: { t: "knock", want: "seat" } });
    await d.signal({ from: ID(2), body: { t: "knock", want: "seat" } });
    now += PENDING_MS + 1;
    await d.signal({ from: ID(3), body: { t: "knock", want: "seat" } });
    assert.deepEqual(session.invited, [1, 2, 1]);                        // seat 1 was free again
    session.accept = async () => { throw Object.assign(new Error("tag"), { code: "answer_altered" }); };
    await d.signal({ from: ID(3), body: { t: "answer", to: "ffffffffffffffff", text: "TPT:A/1" } });   // refused: no throw out
    await d.signal({ from: ID(4), body: { t: "knock", want: "seat" } });
    assert.equal(session.invited.at(-1), 1);
    session.closed = true;
    const n = sent.length;
    await d.signal({ from: ID(5), body: { t: "knock", want: "seat" } });
    assert.equal(sent.length, n);
  } finally {
    performance.now = real;
  }
});
