// The app's address and the links into it that carry a deal: seeded deal links and duplicate
// challenges (docs/share-links.md). Made and checked here, with no page and no engine: the
// deal version and the game's rules need the engine (parseLink's caller, screens/deal.js and
// screens/daily.js); share.js offers them. Invitation links are together/invite.js's.
//
// Deal link:
//   <app URL>#/deal?v=1&g=<game>&dv=<shuffle version>&s=<seed>&r=<rules>&c=<check>
// r is the full rules object as base64url(JSON with sorted keys); c is the first 12 hex
// digits of SHA-256("tapete-link|v|g|dv|s|r"). Opening a link starts that exact deal.
import { t } from "./i18n.js";

/** The format version of a deal link (its `v`). */
export const DEAL_LINK_VERSION = "1";
/** The format version of a table's one link (`#/sit?v=…`, together/online-link.js). */
export const TABLE_LINK_VERSION = "1";
const CHECK_BYTES = 6;       // the check: the first 12 hex digits of the SHA-256
const MAX_SEED = 200;

/** The app's address (origin and path, no route), the base of every link into it. */
export function appBase() {
  return location.origin + location.pathname;
}

function b64urlEncode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function b64urlDecode(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("bad characters");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  const bin = atob(b64);
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function sortedJSON(obj) {
  return JSON.stringify(Object.keys(obj).sort().reduce((o, k) => { o[k] = obj[k]; return o; }, {}));
}

/** The first CHECK_BYTES of SHA-256(`text`), in hex. */
async function checkOf(text) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest.slice(0, CHECK_BYTES), (b) => b.toString(16).padStart(2, "0")).join("");
}

const check = (v, g, dv, s, r) => checkOf(`tapete-link|${v}|${g}|${dv}|${s}|${r}`);

/** The link of a match file's first deal (`base`: the app's address). */
export async function makeLink(match, shuffleVersion, base = appBase()) {
  const g = match.game;
  const dv = String(shuffleVersion);
  const s = match.seed;
  const r = b64urlEncode(sortedJSON(match.rules));
  const c = await check(DEAL_LINK_VERSION, g, dv, s, r);
  const q = new URLSearchParams({ v: DEAL_LINK_VERSION, g, dv, s, r, c });
  return `${base}#/deal?${q.toString()}`;
}

/** A link that cannot be opened; `key` is its message's catalog key ("link.tampered"...). */
export class LinkError extends Error {
  constructor(key, params) { super(t(key, params)); this.name = "LinkError"; this.key = key; }
}

/** What a #/deal link says, checked without the engine: {game, seed, rules, dv} or a
 * LinkError. (The deal version and the game's rules need the engine: parseLink.) */
export async function peekLink(query, games) {
  const q = new URLSearchParams(query || "");
  const v = q.get("v"), g = q.get("g"), dv = q.get("dv"), s = q.get("s"), r = q.get("r"), c = q.get("c");
  if (!v || !g || !dv || s === null || r === null || !c) throw new LinkError("link.incomplete");
  if (v !== DEAL_LINK_VERSION) throw new LinkError("link.version", { v });
  if (!games.includes(g)) throw new LinkError("link.game", { game: g });
  if (!s || s.length > MAX_SEED) throw new LinkError("link.tampered");
  if (c !== await check(v, g, dv, s, r)) throw new LinkError("link.tampered");
  let rules;
  try {
    rules = JSON.parse(b64urlDecode(r));
  } catch {
    throw new LinkError("link.tampered");
  }
  if (!rules || typeof rules !== "object" || Array.isArray(rules)) throw new LinkError("link.tampered");
  return { game: g, seed: s, rules, dv };
}

/** Parse and check the query of a #/deal link: {game, seed, rules} or a LinkError. */
export async function parseLink(query, shuffleVersion, games) {
  const { game, seed, rules, dv } = await peekLink(query, games);
  if (dv !== String(shuffleVersion)) throw new LinkError("link.deal_version", { dv, ours: shuffleVersion });
  return { game, seed, rules };
}

// ------------------------------------------------------------------ challenge links
// A duplicate challenge (docs/share-links.md, "Challenge links"): the deal link's fields plus
// the computer players' level and the challenger's result on one hand of their match, from the
// challenger's side first. Version 1 is a match's first hand:
//   <app URL>#/challenge?v=1&g=<game>&dv=<shuffle>&s=<seed>&r=<rules>&lv=<level>&p=<a>,<b>&d=<x>,<y>&c=<check>
// c: the first 12 hex digits of SHA-256("tapete-challenge|v|g|dv|s|r|lv|p|d"). Version 2 is
// a later hand: also h (the hand's number, 2 or more) and a (the match's actions before that
// hand, the hands already over: their texts joined by "\n", UTF-8, base64url), both inside
// the check: SHA-256("tapete-challenge|2|g|dv|s|r|lv|p|d|h|a"). Not a signature: anyone can
// make a link with any result (there is no server). Both versions are opened.
export const CHALLENGE_VERSION = "1";
export const CHALLENGE_VERSION_LATER = "2";
const PAIR = /^-?\d{1,4},-?\d{1,4}$/;
const LEVEL = /^[a-z_]{1,20}$/;
const HAND_NO = /^[1-9]\d{0,2}$/;          // a hand number (v2: 2 or more)
export const MAX_PREFIX_CHARS = 24000;     // `a` in the link (about 200 Cuatrola hands)
const MAX_PREFIX_ACTIONS = 6000;
const MAX_ACTION_CHARS = 64;
const SEP = "\n";

function challengeCheck(v, g, dv, s, r, lv, p, d, later = null) {
  const tail = later ? `|${later.h}|${later.a}` : "";
  return checkOf(`tapete-challenge|${v}|${g}|${dv}|${s}|${r}|${lv}|${p}|${d}${tail}`);
}

/** The challenge link of one hand of a match with the challenger's result on it
 * ({points: [mine, theirs], detail: [mine, theirs]}) against computer players of `level`:
 * hand 1 (version 1) or hand `hand` after `prefix` (the match's action texts before it,
 * version 2); `base`: the app's address. */
export async function makeChallenge(match, shuffleVersion, level, result, hand = 1, prefix = [], base = appBase()) {
  const g = match.game;
  const dv = String(shuffleVersion);
  const s = match.seed;
  const r = b64urlEncode(sortedJSON(match.rules));
  const p = result.points.join(",");
  const d = result.detail.join(",");
  if (hand === 1) {
    const c = await challengeCheck(CHALLENGE_VERSION, g, dv, s, r, level, p, d);
    const q = new URLSearchParams({ v: CHALLENGE_VERSION, g, dv, s, r, lv: level, p, d, c });
    return `${base}#/challenge?${q.toString()}`;
  }
  const later = { h: String(hand), a: b64urlEncode(prefix.join(SEP)) };
  if (later.a.length > MAX_PREFIX_CHARS) throw new Error(t("challenge.too_long"));
  const c = await challengeCheck(CHALLENGE_VERSION_LATER, g, dv, s, r, level, p, d, later);
  const q = new URLSearchParams({ v: CHALLENGE_VERSION_LATER, g, dv, s, r, lv: level, p, d, h: later.h, a: later.a, c });
  return `${base}#/challenge?${q.toString()}`;
}

/** What a #/challenge link says, checked: {game, seed, rules, dv, level, points, detail,
 * hand, prefix} or a LinkError (the same messages as deal links; the engine checks the rest:
 * the rules, and that the prefix is legal and ends as hand `hand - 1` ends). */
export async function peekChallenge(query, games, shuffleVersion) {
  const q = new URLSearchParams(query || "");
  const [v, g, dv, s, r, lv, p, d, c] = ["v", "g", "dv", "s", "r", "lv", "p", "d", "c"].map((k) => q.get(k));
  if (!v || !g || !dv || s === null || r === null || !lv || !p || !d || !c) throw new LinkError("link.incomplete");
  if (v !== CHALLENGE_VERSION && v !== CHALLENGE_VERSION_LATER) throw new LinkError("link.version", { v });
  const later = v === CHALLENGE_VERSION_LATER ? { h: q.get("h"), a: q.get("a") } : null;
  if (later && (!later.h || later.a === null)) throw new LinkError("link.incomplete");
  if (!games.includes(g)) throw new LinkError("link.game", { game: g });
  if (!s || s.length > MAX_SEED || !LEVEL.test(lv) || !PAIR.test(p) || !PAIR.test(d)) throw new LinkError("link.tampered");
  if (later && (!HAND_NO.test(later.h) || Number(later.h) < 2 || !later.a || later.a.length > MAX_PREFIX_CHARS)) throw new LinkError("link.tampered");
  if (c !== await challengeCheck(v, g, dv, s, r, lv, p, d, later)) throw new LinkError("link.tampered");
  let rules, prefix = [];
  try {
    rules = JSON.parse(b64urlDecode(r));
    if (later) prefix = b64urlDecode(later.a).split(SEP);
  } catch {
    throw new LinkError("link.tampered");
  }
  if (!rules || typeof rules !== "object" || Array.isArray(rules)) throw new LinkError("link.tampered");
  if (prefix.length > MAX_PREFIX_ACTIONS || prefix.some((x) => !x || x.length > MAX_ACTION_CHARS)) throw new LinkError("link.tampered");
  if (shuffleVersion !== undefined && dv !== String(shuffleVersion)) throw new LinkError("link.deal_version", { dv, ours: shuffleVersion });
  const pair = (x) => x.split(",").map(Number);
  return { game: g, seed: s, rules, dv, level: lv, points: pair(p), detail: pair(d),
    hand: later ? Number(later.h) : 1, prefix };
}
