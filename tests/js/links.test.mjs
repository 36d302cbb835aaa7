// Deal links and challenge links (web/links.js; docs/share-links.md): made, read back, and
// every broken or altered one refused with its message's key, checked against links made
// here independently (node:crypto, Buffer's base64url), as tests/browser/helpers.py makes
// them. The browser keeps one of each kind opened, the message on screen and the app going on
// (test_links.py, test_challenge.py), and what needs the engine: a rule value it refuses, a
// prefix that is not legal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import fc from "fast-check";

import { CHALLENGE_VERSION, CHALLENGE_VERSION_LATER, DEAL_LINK_VERSION, LinkError, MAX_PREFIX_CHARS, makeChallenge,
  makeLink, parseLink, peekChallenge, peekLink } from "../../web/links.js";
import { GAME_IDS } from "../../web/games.js";
import { fcRuns, readCatalog, thrown, useLang } from "./helpers.mjs";

useLang("en");
const EN = readCatalog("en");
const BASE = "https://tapete.example/app/";
const RULES = { end: "target", target: 5, quintola: true, cantes: "first_trick" };

const b64url = (text) => Buffer.from(text, "utf8").toString("base64url");
const sha12 = (text) => createHash("sha256").update(text, "utf8").digest("hex").slice(0, 12);
const sortedJSON = (o) => JSON.stringify(Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]])));

/** A deal link's query as docs/share-links.md describes it, made here; `tamper` changes
 * fields after the check (null drops one). */
function dealQuery({ game = "cuatrola", seed = "ok", rules = RULES, dv = "1", v = "1", tamper = {} } = {}) {
  const r = b64url(sortedJSON(rules));
  const q = { v, g: game, dv, s: seed, r, c: sha12(`tapete-link|${v}|${game}|${dv}|${seed}|${r}`), ...tamper };
  return new URLSearchParams(Object.entries(q).filter(([, x]) => x !== null)).toString();
}

function challengeQuery({ game = "cuatrola", seed = "dare", rules = RULES, level = "expert", points = [1, 0], detail = [80, 50],
  v = null, dv = "1", hand = null, prefix = null, tamper = {} } = {}) {
  const later = hand !== null;
  v = v || (later ? "2" : "1");
  const r = b64url(sortedJSON(rules));
  const p = points.join(","), d = detail.join(",");
  let text = `tapete-challenge|${v}|${game}|${dv}|${seed}|${r}|${level}|${p}|${d}`;
  const q = { v, g: game, dv, s: seed, r, lv: level, p, d };
  if (later) {
    const a = b64url(prefix.join("\n"));
    text += `|${hand}|${a}`;
    Object.assign(q, { h: String(hand), a });
  }
  q.c = sha12(text);
  Object.assign(q, tamper);
  return new URLSearchParams(Object.entries(q).filter(([, x]) => x !== null)).toString();
}

/** The LinkError's key of reading `query` with `read`, or "ok". */
async function keyOf(read, query, ...rest) {
  try {
    await read(query, GAME_IDS, ...rest);
    return "ok";
  } catch (e) {
    assert.ok(e instanceof LinkError, e);
    // the message is the catalog's sentence, its placeholders filled
    const pattern = EN[e.key].replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, ".+");
    assert.match(e.message, new RegExp(`^${pattern}$`), e.key);
    return e.key;
  }
}

test("a deal link made by the app is the one made by hand, and reads back", async () => {
  const match = { game: "cuatrola", seed: "to share", rules: RULES };
  const link = await makeLink(match, 1, BASE);
  assert.equal(link, `${BASE}#/deal?${dealQuery({ seed: "to share" })}`);
  assert.equal(DEAL_LINK_VERSION, "1");
  const query = link.split("#/deal?")[1];
  assert.deepEqual(await peekLink(query, GAME_IDS), { game: "cuatrola", seed: "to share", rules: RULES, dv: "1" });
  assert.deepEqual(await parseLink(query, 1, GAME_IDS), { game: "cuatrola", seed: "to share", rules: RULES });
  // rules with words of any language, and a seed with spaces and symbols
  const odd = { game: "cuarenta", seed: "día 7 · ñandú & co?", rules: { players: 2, note: "Über ünd €" } };
  const back = await peekLink((await makeLink(odd, 3, BASE)).split("?")[1], GAME_IDS);
  assert.deepEqual(back, { game: odd.game, seed: odd.seed, rules: odd.rules, dv: "3" });
});

test("every broken or altered deal link is refused with its message (the codec half of test_links.py)", async () => {
  const cases = [
    [{ tamper: { s: "another seed" } }, "link.tampered"],
    [{ tamper: { r: b64url('{"end":"target"}') } }, "link.tampered"],
    [{ tamper: { c: "000000000000" } }, "link.tampered"],
    [{ tamper: { c: sha12("tapete-link|1|cuatrola|1|ok|x").toUpperCase() } }, "link.tampered"],
    [{ tamper: { g: "mus" } }, "link.game"],
    [{ game: "constructor" }, "link.game"],
    [{ tamper: { v: "9" } }, "link.version"],
    [{ v: "2" }, "link.version"],
    [{ tamper: { s: "" } }, "link.tampered"],
    [{ seed: "" }, "link.tampered"],
    [{ seed: "x".repeat(201) }, "link.tampered"],
    [{ tamper: { s: null } }, "link.incomplete"],
    [{ tamper: { r: null } }, "link.incomplete"],
    [{ tamper: { c: null } }, "link.incomplete"],
    [{ tamper: { dv: null } }, "link.incomplete"],
    [{ tamper: { g: "" } }, "link.incomplete"],
  ];
  for (const [args, want] of cases) assert.equal(await keyOf(peekLink, dealQuery(args)), want, JSON.stringify(args));
  assert.equal(await keyOf(peekLink, dealQuery({ seed: "x".repeat(200) })), "ok");
  // rules that are not base64url JSON of an object, with a valid check
  const withRules = (r) => `v=1&g=cuatrola&dv=1&s=ok&r=${encodeURIComponent(r)}&c=${sha12(`tapete-link|1|cuatrola|1|ok|${r}`)}`;
  for (const r of ["%%%", "", b64url("[1,2]"), b64url("null"), b64url("7"), b64url("{"), "_-_-", Buffer.from([0xC3, 0x28]).toString("base64url")]) {
    assert.equal(await keyOf(peekLink, withRules(r)), "link.tampered", r);
  }
  assert.equal(await keyOf(peekLink, ""), "link.incomplete");
  assert.equal(await keyOf(peekLink, null), "link.incomplete");
  assert.equal(await keyOf(peekLink, "garbage%%%"), "link.incomplete");
  // cut short anywhere: never read as another deal
  const good = dealQuery();
  for (let n = 0; n < good.length; n++) assert.notEqual(await keyOf(peekLink, good.slice(0, n)), "ok", `cut at ${n}`);
  // another deal version: peekLink reads it, parseLink says it
  assert.equal(await keyOf(peekLink, dealQuery({ dv: "7" })), "ok");
  const err = await thrown(() => parseLink(dealQuery({ dv: "7" }), 1, GAME_IDS));
  assert.equal(err.key, "link.deal_version");
  assert.equal(err.message, EN["link.deal_version"].replace("{dv}", "7").replace("{ours}", "1"));
});

test("a deal link changed in any one character is refused or reads as the same deal (property)", async () => {
  const good = dealQuery({ seed: "prop seed", rules: { end: "hands", hands: 3 } });
  const want = await peekLink(good, GAME_IDS);
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=&%+ ";
  await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: good.length - 1 }), fc.constantFrom(...chars), async (at, ch) => {
    const q = good.slice(0, at) + ch + good.slice(at + 1);
    let got;
    try { got = await peekLink(q, GAME_IDS); } catch (e) { assert.ok(e instanceof LinkError, e); return; }
    assert.deepEqual(got, want, q);   // (a change the URL's reading undoes: "+" for a space, an added "&")
  }), fcRuns(600));
  await fc.assert(fc.asyncProperty(fc.string({ maxLength: 200 }), async (q) => {
    try { await peekLink(q, GAME_IDS); } catch (e) { assert.ok(e instanceof LinkError, e); }
  }), fcRuns(500));
});

test("a challenge link, hand 1 and a later hand, made by the app is the one made by hand, and reads back", async () => {
  const match = { game: "cuatrola", seed: "dare", rules: RULES };
  const one = await makeChallenge(match, 1, "expert", { points: [1, 0], detail: [80, 50] }, 1, [], BASE);
  assert.equal(one, `${BASE}#/challenge?${challengeQuery()}`);
  assert.deepEqual(await peekChallenge(one.split("?")[1], GAME_IDS, 1), { game: "cuatrola", seed: "dare", rules: RULES, dv: "1",
    level: "expert", points: [1, 0], detail: [80, 50], hand: 1, prefix: [] });
  const prefix = ["pass", "solo:O", "1O", "3O", "12O", "7O"];
  const later = await makeChallenge(match, 1, "novice", { points: [-2, 3], detail: [-10, 140] }, 2, prefix, BASE);
  assert.equal(later, `${BASE}#/challenge?${challengeQuery({ level: "novice", points: [-2, 3], detail: [-10, 140], hand: 2, prefix })}`);
  const read = await peekChallenge(later.split("?")[1], GAME_IDS, 1);
  assert.deepEqual([read.hand, read.prefix, read.points, read.detail, read.level], [2, prefix, [-2, 3], [-10, 140], "novice"]);
  assert.deepEqual([CHALLENGE_VERSION, CHALLENGE_VERSION_LATER], ["1", "2"]);
  await assert.rejects(makeChallenge(match, 1, "expert", { points: [0, 0], detail: [0, 0] }, 3, Array(4000).fill("x".repeat(10)), BASE),
    { message: EN["challenge.too_long"] });
});

test("every broken or altered challenge link is refused with its message (the codec half of test_challenge.py)", async () => {
  const prefix = ["pass", "solo:O", "1O"];
  const cases = [
    [{ tamper: { p: "5,0" } }, "link.tampered"],          // a better result typed in
    [{ tamper: { s: "other" } }, "link.tampered"],
    [{ tamper: { lv: "novice" } }, "link.tampered"],
    [{ tamper: { c: null } }, "link.incomplete"],
    [{ tamper: { lv: null } }, "link.incomplete"],
    [{ tamper: { d: null } }, "link.incomplete"],
    [{ v: "9" }, "link.version"],
    [{ game: "poker" }, "link.game"],
    [{ level: "Expert" }, "link.tampered"],
    [{ points: ["x", 0] }, "link.tampered"],
    [{ points: [1, 0, 2] }, "link.tampered"],
    [{ points: [12345, 0] }, "link.tampered"],
    [{ detail: [1.5, 0] }, "link.tampered"],
    [{ seed: "" }, "link.tampered"],
    // version 2: a later hand with the hands before it
    [{ hand: 2, prefix, tamper: { h: "3" } }, "link.tampered"],
    [{ hand: 2, prefix, tamper: { a: "QUJD" } }, "link.tampered"],
    [{ hand: 2, prefix: Array(1000).fill("x".repeat(30)) }, "link.tampered"],   // oversized
    [{ hand: 1, prefix: [] }, "link.tampered"],                                  // v2 is hand 2 or more
    [{ hand: 1, prefix }, "link.tampered"],
    [{ hand: 0, prefix }, "link.tampered"],
    [{ hand: "02", prefix }, "link.tampered"],
    [{ hand: 1000, prefix }, "link.tampered"],
    [{ hand: 2, prefix: ["pass", "", "1O"] }, "link.tampered"],                 // an empty action
    [{ hand: 2, prefix: ["x".repeat(65)] }, "link.tampered"],                   // an action too long
    [{ hand: 2, prefix, tamper: { h: null } }, "link.incomplete"],
    [{ hand: 2, prefix, tamper: { a: null } }, "link.incomplete"],
    [{ hand: 2, prefix, v: "1" }, "link.tampered"],                             // v1's check has no h, a
  ];
  for (const [args, want] of cases) assert.equal(await keyOf(peekChallenge, challengeQuery(args)), want, JSON.stringify(args));
  assert.equal(await keyOf(peekChallenge, "garbage%%%"), "link.incomplete");
  // a level of the right shape is read: whether the engine has it is the daily screen's check
  assert.equal(await keyOf(peekChallenge, challengeQuery({ level: "grandmaster" })), "ok");
  assert.equal(await keyOf(peekChallenge, challengeQuery({ hand: 2, prefix })), "ok");
  assert.equal(await keyOf(peekChallenge, challengeQuery({ hand: 2, prefix: Array(2300).fill("solo:O") })), "ok");
  // the deal version, when the caller knows the engine's
  assert.equal(await keyOf(peekChallenge, challengeQuery({ dv: "7" })), "ok");
  assert.equal(await keyOf(peekChallenge, challengeQuery({ dv: "7" }), 1), "link.deal_version");
  assert.ok(MAX_PREFIX_CHARS >= 20000);
});

test("any query read as a challenge is a challenge or a LinkError, never anything else (property)", async () => {
  const good = challengeQuery({ hand: 2, prefix: ["pass", "1O"] });
  await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: good.length - 1 }), fc.integer({ min: 0, max: 8 }), fc.string({ maxLength: 6 }),
    async (at, cut, put) => {
      const q = good.slice(0, at) + put + good.slice(at + cut);
      try { await peekChallenge(q, GAME_IDS, 1); } catch (e) { assert.ok(e instanceof LinkError, e); }
    }), fcRuns(800));
});

test("the links' messages are in every catalog", () => {
  for (const lang of ["es", "en", "de", "fr"]) {
    const cat = readCatalog(lang);
    for (const key of ["link.incomplete", "link.version", "link.game", "link.tampered", "link.deal_version", "challenge.too_long"]) {
      assert.ok(typeof cat[key] === "string" && cat[key].length > 10, `${lang} ${key}`);
    }
  }
});
