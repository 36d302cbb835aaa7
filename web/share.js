// Seeded deal links (format in docs/share-links.md):
//   <app URL>#/deal?v=1&g=<game>&dv=<shuffle version>&s=<seed>&r=<rules>&c=<check>
// r is the full rules object as base64url(JSON with sorted keys); c is the first 12 hex
// digits of SHA-256("tapete-link|v|g|dv|s|r"). Opening a link starts that exact deal.
import { t } from "./i18n.js";
import { h, dialog, toast } from "./ui.js";

export const LINK_VERSION = "1";

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

async function check(v, g, dv, s, r) {
  const data = new TextEncoder().encode(`tapete-link|${v}|${g}|${dv}|${s}|${r}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}

export function appBase() {
  return location.origin + location.pathname;
}

/** The link of a match file's first deal. */
export async function makeLink(match, shuffleVersion) {
  const g = match.game;
  const dv = String(shuffleVersion);
  const s = match.seed;
  const r = b64urlEncode(sortedJSON(match.rules));
  const c = await check(LINK_VERSION, g, dv, s, r);
  const q = new URLSearchParams({ v: LINK_VERSION, g, dv, s, r, c });
  return `${appBase()}#/deal?${q.toString()}`;
}

export class LinkError extends Error {
  constructor(key, params) { super(t(key, params)); this.name = "LinkError"; this.key = key; }
}

/** What a #/deal link says, checked without the engine: {game, seed, rules, dv} or a
 * LinkError. (The deal version and the game's rules need the engine: parseLink.) */
export async function peekLink(query, games) {
  const q = new URLSearchParams(query || "");
  const v = q.get("v"), g = q.get("g"), dv = q.get("dv"), s = q.get("s"), r = q.get("r"), c = q.get("c");
  if (!v || !g || !dv || s === null || r === null || !c) throw new LinkError("link.incomplete");
  if (v !== LINK_VERSION) throw new LinkError("link.version", { v });
  if (!games.includes(g)) throw new LinkError("link.game", { game: g });
  if (!s || s.length > 200) throw new LinkError("link.tampered");
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

/** Offer the link: the Web Share API where the browser has it, else copy to the clipboard. */
export async function shareMatch(match) {
  const { engine } = await import("./engine.js");
  const info = await engine.ready;
  const url = await makeLink(match, info.shuffle);
  const input = h("input", { class: "link-field", type: "text", readonly: true, value: url, "aria-label": t("share.link_label") });
  input.addEventListener("focus", () => input.select());
  const canShare = typeof navigator.share === "function";
  const choice = await dialog({
    title: t("share.title"),
    body: [h("p", { text: t("share.body") }), input],
    buttons: [
      canShare ? { label: t("share.share"), value: "share", primary: true } : { label: t("share.copy"), value: "copy", primary: true },
      { label: t("close"), value: "close" },
    ],
    className: "share",
  });
  if (choice === "share") {
    try {
      await navigator.share({ title: t("share.share_title"), text: t("share.share_text"), url });
    } catch (err) {
      if (err && err.name !== "AbortError") await copy(url);
    }
  } else if (choice === "copy") {
    await copy(url);
  }
  return url;
}

async function copy(url) {
  try {
    await navigator.clipboard.writeText(url);
    toast(t("share.copied"));
  } catch {
    toast(t("share.copy_failed"), { kind: "warn" });
  }
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

async function challengeCheck(v, g, dv, s, r, lv, p, d, later = null) {
  const tail = later ? `|${later.h}|${later.a}` : "";
  const data = new TextEncoder().encode(`tapete-challenge|${v}|${g}|${dv}|${s}|${r}|${lv}|${p}|${d}${tail}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The challenge link of one hand of a match with the challenger's result on it
 * ({points: [mine, theirs], detail: [mine, theirs]}) against computer players of `level`:
 * hand 1 (version 1) or hand `hand` after `prefix` (the match's action texts before it,
 * version 2). */
export async function makeChallenge(match, shuffleVersion, level, result, hand = 1, prefix = []) {
  const g = match.game;
  const dv = String(shuffleVersion);
  const s = match.seed;
  const r = b64urlEncode(sortedJSON(match.rules));
  const p = result.points.join(",");
  const d = result.detail.join(",");
  if (hand === 1) {
    const c = await challengeCheck(CHALLENGE_VERSION, g, dv, s, r, level, p, d);
    const q = new URLSearchParams({ v: CHALLENGE_VERSION, g, dv, s, r, lv: level, p, d, c });
    return `${appBase()}#/challenge?${q.toString()}`;
  }
  const later = { h: String(hand), a: b64urlEncode(prefix.join(SEP)) };
  if (later.a.length > MAX_PREFIX_CHARS) throw new Error(t("challenge.too_long"));
  const c = await challengeCheck(CHALLENGE_VERSION_LATER, g, dv, s, r, level, p, d, later);
  const q = new URLSearchParams({ v: CHALLENGE_VERSION_LATER, g, dv, s, r, lv: level, p, d, h: later.h, a: later.a, c });
  return `${appBase()}#/challenge?${q.toString()}`;
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
  if (!s || s.length > 200 || !LEVEL.test(lv) || !PAIR.test(p) || !PAIR.test(d)) throw new LinkError("link.tampered");
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

/** A stored match's result on hand `hand` (1-based; the engine's `summary`), from the
 * person's side first: {points, detail} or null while that hand is not over. */
export async function handResult(rec, hand = 1) {
  const { engine } = await import("./engine.js");
  const ans = await engine.call({ op: "summary", match: rec.match });
  const row = ans.ok && ans.summary.hands[hand - 1];
  if (!row || !row.points) return null;
  const side = rec.view && Number.isInteger(rec.view.side) ? rec.view.side : (Number.isInteger(rec.seat) ? rec.seat : 0) % 2;
  const detail = row.totals || row.captured || row.points;
  const mine = (pair) => [pair[side], pair[1 - side]];
  return { points: mine(row.points), detail: mine(detail) };
}

/** The match's actions before hand `hand` (1-based): the hands already over (the `replay`
 * op's hand starts). Null if that hand never started. */
async function actionsBefore(match, hand) {
  if (hand === 1) return [];
  const { engine } = await import("./engine.js");
  const ans = await engine.call({ op: "replay", match, seat: 0, upto: 0 });
  if (!ans.ok || !Number.isInteger(ans.hand_starts[hand - 1])) return null;
  return match.actions.slice(0, ans.hand_starts[hand - 1]);
}

/** "Challenge a friend": the link of hand `hand` of a stored match with the person's result
 * (and, after hand 1, the hands before it). */
export async function shareChallenge(id, hand = 1) {
  const [{ engine }, store] = await Promise.all([import("./engine.js"), import("./store.js")]);
  const info = await engine.ready;
  const rec = await store.getMatch(id);
  const result = rec && await handResult(rec, hand);
  if (!result) throw new Error(hand === 1 ? t("challenge.not_yet") : t("challenge.not_yet_hand", { n: hand }));
  const prefix = await actionsBefore(rec.match, hand);
  if (!prefix) throw new Error(t("challenge.not_yet_hand", { n: hand }));
  const level = (rec.match.meta && rec.match.meta.level) || "expert";
  const url = await makeChallenge(rec.match, info.shuffle, level, result, hand, prefix);
  const input = h("input", { class: "link-field", id: "challenge-link", type: "text", readonly: true, value: url, "aria-label": t("share.link_label") });
  input.addEventListener("focus", () => input.select());
  const canShare = typeof navigator.share === "function";
  const choice = await dialog({
    title: t("challenge.title"),
    body: [h("p", { text: t("challenge.body", { mine: result.points[0], theirs: result.points[1] }) }),
      hand > 1 ? h("p", { class: "muted", text: t("challenge.later_hand", { n: hand }) }) : null, input].filter(Boolean),
    buttons: [
      canShare ? { label: t("share.share"), value: "share", primary: true } : { label: t("share.copy"), value: "copy", primary: true },
      { label: t("close"), value: "close" },
    ],
    className: "share challenge",
  });
  if (choice === "share") {
    try {
      await navigator.share({ title: t("challenge.title"), text: t("challenge.share_text"), url });
    } catch (err) {
      if (err && err.name !== "AbortError") await copy(url);
    }
  } else if (choice === "copy") {
    await copy(url);
  }
  return url;
}
