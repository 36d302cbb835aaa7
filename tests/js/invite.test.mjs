// Invitations and answers (web/together/invite.js; docs/play-together.md, "Invitations and
// answers"): as text and as links, made and read back, and every way one is refused with its
// code (InviteError) or the code's (CodeError). The join screen's words for each code, and the
// host's refusals (stale, used, another table), are tests/browser/test_invite.py's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";

import * as code from "../../web/together/code.js";
import * as inv from "../../web/together/invite.js";
import { fcRuns } from "./helpers.mjs";

const SDPS = JSON.parse(readFileSync(new URL("fixtures/chromium-sdps.json", import.meta.url), "utf8"));
const BASE = "https://friends.example/tapete/";
const OFFER = code.encodeSdp(SDPS.mdns[0].sdp, { kind: "offer", table: "0a1b2c3d", seat: 1 });
const ANSWER = code.encodeSdp(SDPS.mdns[1].sdp, { kind: "answer", table: "0a1b2c3d", seat: 1 });
const SECRET = "ABCDEFGHIJKLMNOP";

/** The refusal's code (InviteError or CodeError), or "ok". */
function refusal(read, text) {
  try {
    read(text);
    return "ok";
  } catch (e) {
    assert.ok(e instanceof inv.InviteError || e instanceof code.CodeError, e);
    return `${e.name}:${e.code}`;
  }
}

/** `link` with its field `k` changed by how(value) (null: the field dropped). */
function mutate(link, k, how) {
  const [head, query] = link.split("?");
  const parts = query.split("&").map((p) => p.split("=")).flatMap(([key, v]) => {
    if (key !== k) return [`${key}=${v}`];
    const now = how(v);
    return now === null ? [] : [`${key}=${now}`];
  });
  return `${head}?${parts.join("&")}`;
}

const flip = (text, at) => text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1);

test("a new secret is SECRET_CHARS of base32; the key's and the tag's lengths", () => {
  const secrets = new Set(Array.from({ length: 40 }, () => inv.newSecret()));
  assert.ok(secrets.size === 40);
  for (const s of secrets) assert.match(s, new RegExp(`^[A-Z2-7]{${inv.SECRET_CHARS}}$`));
  assert.deepEqual([inv.SECRET_CHARS, inv.KEY_CHARS, inv.TAG_CHARS], [16, 23, 16]);
});

test("an invitation, as text and as a link, is read back: the offer, its secret, the decoded code", () => {
  const text = inv.invitationText(OFFER, SECRET);
  assert.match(text, /^TPT:[A-Z2-7]+\/[A-Z2-7]{23}$/);
  const link = inv.invitationLink(OFFER, SECRET, BASE);
  assert.ok(link.startsWith(`${BASE}#/join?v=${inv.INVITE_LINK_VERSION}&o=`), link);
  for (const got of [inv.readInvitation(text), inv.readInvitation(link), inv.readInvitation(`Join me: ${link} (tap it)`),
    inv.readInvitation(text.toLowerCase().replace(/(.{6})/g, "$1 ")), inv.readInvitation(`\n${text}\n`)]) {
    assert.equal(got.code, OFFER);
    assert.equal(got.secret, SECRET);
    assert.deepEqual([got.info.kind, got.info.table, got.info.seat], ["offer", "0a1b2c3d", 1]);
  }
  assert.equal(inv.keyOf(OFFER, SECRET), text.split("/")[1]);
  assert.equal(inv.keyOf(`  ${OFFER.toLowerCase()} `, SECRET), inv.keyOf(OFFER, SECRET));   // as typed
});

test("an answer, as text and as a link, is read back and verified with its invitation's secret only", async () => {
  const text = await inv.answerText(ANSWER, SECRET);
  const link = await inv.answerLink(ANSWER, SECRET, BASE);
  assert.ok(link.startsWith(`${BASE}#/answer?v=1&a=`) && inv.isAnswerLink(link) && !inv.isAnswerLink(text));
  for (const got of [inv.readAnswer(text), inv.readAnswer(link)]) {
    assert.equal(got.code, ANSWER);
    assert.equal(got.info.kind, "answer");
    assert.equal(await inv.verifyAnswer(got, SECRET), true);
    assert.equal(await inv.verifyAnswer(got, inv.newSecret()), false);
  }
  // the tag: HMAC-SHA-256 under the secret's bytes of "tapete-answer|1|" + the answer's base32
  const key = await crypto.subtle.importKey("raw", base32Bytes(SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`tapete-answer|1|${ANSWER.slice(4)}`)));
  assert.equal(text.split("/")[1], code.base32(mac.subarray(0, 10)));
  const other = inv.readAnswer(await inv.answerText(ANSWER, inv.newSecret()));
  assert.equal(await inv.verifyAnswer(other, SECRET), false);
});

function base32Bytes(text) {
  const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let acc = 0, bits = 0;
  const out = [];
  for (const c of text) { acc = (acc << 5) | A.indexOf(c); bits += 5; if (bits >= 8) { bits -= 8; out.push((acc >>> bits) & 255); } acc &= (1 << bits) - 1; }
  return Uint8Array.from(out);
}

test("every broken invitation link is refused with its code (the join screen words each one)", () => {
  const link = inv.invitationLink(OFFER, SECRET, BASE);
  const cases = [
    [mutate(link, "k", (k) => flip(k, 3)), "InviteError:altered"],       // a mistyped key
    [mutate(link, "k", (k) => flip(k, 20)), "InviteError:altered"],      // ... in its check
    [mutate(link, "o", (x) => flip(x, Math.floor(x.length / 2))), "CodeError:checksum"],
    [mutate(link, "o", (x) => x.slice(0, Math.floor(x.length / 2))), "CodeError:truncated"],
    [mutate(link, "k", () => null), "InviteError:link_incomplete"],
    [mutate(link, "o", () => null), "InviteError:link_incomplete"],
    [mutate(link, "v", () => null), "InviteError:link_incomplete"],
    [mutate(link, "k", (k) => k.slice(0, -4)), "InviteError:truncated"],
    [mutate(link, "k", (k) => `${k}AAAA`), "InviteError:altered"],
    [mutate(link, "k", (k) => k.replace(/.$/, "1")), "InviteError:altered"],   // not base32
    [mutate(link, "v", () => "7"), "InviteError:link_version"],
    [mutate(link, "o", (x) => x.repeat(20)), "InviteError:too_long"],
    [mutate(link, "o", () => "THIS_IS_NOT_A_CODE"), "CodeError:bad_code"],
    [inv.invitationLink(ANSWER, SECRET, BASE), "CodeError:wrong_kind"],      // an answer where an invitation goes
    [OFFER, "InviteError:no_key"],                                          // the code without its key
    [`${OFFER}/`, "InviteError:no_key"],
    [`${OFFER}/${inv.keyOf(OFFER, SECRET).slice(0, 10)}`, "InviteError:truncated"],
    [inv.invitationText(OFFER, SECRET).replace("TPT:", "TPX:"), "CodeError:bad_code"],
    ["x".repeat(inv.MAX_TEXT + 1), "InviteError:too_long"],
    [42, "InviteError:link_incomplete"],
  ];
  assert.deepEqual(cases.map(([text]) => refusal(inv.readInvitation, text)), cases.map(([, want]) => want));
  // a key made for another offer does not fit this one
  const other = code.encodeSdp(SDPS.plain[0].sdp, { kind: "offer", table: "0a1b2c3d", seat: 1 });
  assert.equal(refusal(inv.readInvitation, `${OFFER}/${inv.keyOf(other, SECRET)}`), "InviteError:altered");
  assert.throws(() => inv.keyOf(OFFER, "SHORT"), { name: "InviteError", code: "altered" });
});

test("every broken answer is refused with its code", async () => {
  const link = await inv.answerLink(ANSWER, SECRET, BASE);
  const cases = [
    [mutate(link, "t", () => null), "InviteError:link_incomplete"],
    [mutate(link, "t", (t) => t.slice(0, -3)), "InviteError:truncated"],
    [mutate(link, "t", (t) => `${t}AAAA`), "InviteError:altered"],
    [mutate(link, "v", () => "2"), "InviteError:link_version"],
    [mutate(link, "a", (a) => a.slice(0, 30)), "CodeError:truncated"],
    [ANSWER, "InviteError:no_key"],
    [inv.invitationText(OFFER, SECRET), "CodeError:wrong_kind"],
  ];
  assert.deepEqual(cases.map(([text]) => refusal(inv.readAnswer, text)), cases.map(([, want]) => want));
  // a changed tag reads, and does not verify
  const changed = inv.readAnswer(mutate(link, "t", (t) => flip(t, 0)));
  assert.equal(await inv.verifyAnswer(changed, SECRET), false);
});

test("a tag needs crypto.subtle: without it (not a secure context) the answer says no_crypto", async () => {
  const real = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", { configurable: true, value: { getRandomValues: (b) => b } });
  try {
    await assert.rejects(inv.tagOf(ANSWER, SECRET), { name: "InviteError", code: "no_crypto" });
  } finally {
    Object.defineProperty(globalThis, "crypto", real);
  }
});

test("watchers' slots: WATCH_BASE to WATCH_BASE + MAX_WATCHERS - 1", () => {
  const slots = [...Array(110).keys()].filter(inv.isWatchSlot);
  assert.deepEqual(slots, [100, 101, 102, 103]);
  for (const odd of [100.5, "100", null, 104, -1]) assert.equal(inv.isWatchSlot(odd), false);
});

test("any text given as an invitation or an answer is read or refused with a code, never anything else (property)", () => {
  const link = inv.invitationLink(OFFER, SECRET, BASE);
  const texts = fc.oneof(fc.string({ maxLength: 400 }),
    fc.tuple(fc.integer({ min: 0, max: link.length }), fc.integer({ min: 0, max: link.length }), fc.string({ maxLength: 8 }))
      .map(([a, b, s]) => link.slice(0, Math.min(a, b)) + s + link.slice(Math.max(a, b))),
    fc.string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ234567/:T") }));
  fc.assert(fc.property(texts, (text) => {
    for (const read of [inv.readInvitation, inv.readAnswer]) refusal(read, text);
  }), fcRuns(1500));
});

test("every code a reading of an invitation, an answer or a connection code can give has its words in every catalog", () => {
  const source = (p) => readFileSync(new URL(`../../web/together/${p}`, import.meta.url), "utf8");
  const codes = new Set();
  for (const m of source("invite.js").matchAll(/new InviteError\("(\w+)"/g)) codes.add(m[1]);
  for (const m of source("code.js").matchAll(/new CodeError\("(\w+)"/g)) codes.add(m[1]);
  codes.delete("unsupported");      // encoding's, a device matter: never shown for a pasted code
  codes.delete("no_candidates");
  assert.deepEqual([...codes].sort(), ["altered", "bad_code", "checksum", "link_incomplete", "link_version", "no_crypto", "no_key",
    "too_long", "truncated", "version", "wrong_kind"]);
  for (const lang of ["es", "en", "de", "fr"]) {
    const cat = JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), "utf8"));
    for (const c of codes) assert.ok(typeof cat[`together.err.${c}`] === "string" && cat[`together.err.${c}`].length > 10, `${lang} ${c}`);
  }
});
