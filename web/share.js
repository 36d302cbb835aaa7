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
// the computer players' level and the challenger's result on that deal (the match's first
// hand), from the challenger's side first:
//   <app URL>#/challenge?v=1&g=<game>&dv=<shuffle>&s=<seed>&r=<rules>&lv=<level>&p=<a>,<b>&d=<x>,<y>&c=<check>
// c: the first 12 hex digits of SHA-256("tapete-challenge|v|g|dv|s|r|lv|p|d"). Not a
// signature: anyone can make a link with any result (there is no server).
export const CHALLENGE_VERSION = "1";
const PAIR = /^-?\d{1,4},-?\d{1,4}$/;
const LEVEL = /^[a-z_]{1,20}$/;

async function challengeCheck(v, g, dv, s, r, lv, p, d) {
  const data = new TextEncoder().encode(`tapete-challenge|${v}|${g}|${dv}|${s}|${r}|${lv}|${p}|${d}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(digest.slice(0, 6), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The challenge link of a match's first deal with the challenger's result on it
 * ({points: [mine, theirs], detail: [mine, theirs]}) against computer players of `level`. */
export async function makeChallenge(match, shuffleVersion, level, result) {
  const g = match.game;
  const dv = String(shuffleVersion);
  const s = match.seed;
  const r = b64urlEncode(sortedJSON(match.rules));
  const p = result.points.join(",");
  const d = result.detail.join(",");
  const c = await challengeCheck(CHALLENGE_VERSION, g, dv, s, r, level, p, d);
  const q = new URLSearchParams({ v: CHALLENGE_VERSION, g, dv, s, r, lv: level, p, d, c });
  return `${appBase()}#/challenge?${q.toString()}`;
}

/** What a #/challenge link says, checked: {game, seed, rules, dv, level, points, detail} or
 * a LinkError (the same messages as deal links; the engine checks the rest when it deals). */
export async function peekChallenge(query, games, shuffleVersion) {
  const q = new URLSearchParams(query || "");
  const [v, g, dv, s, r, lv, p, d, c] = ["v", "g", "dv", "s", "r", "lv", "p", "d", "c"].map((k) => q.get(k));
  if (!v || !g || !dv || s === null || r === null || !lv || !p || !d || !c) throw new LinkError("link.incomplete");
  if (v !== CHALLENGE_VERSION) throw new LinkError("link.version", { v });
  if (!games.includes(g)) throw new LinkError("link.game", { game: g });
  if (!s || s.length > 200 || !LEVEL.test(lv) || !PAIR.test(p) || !PAIR.test(d)) throw new LinkError("link.tampered");
  if (c !== await challengeCheck(v, g, dv, s, r, lv, p, d)) throw new LinkError("link.tampered");
  let rules;
  try {
    rules = JSON.parse(b64urlDecode(r));
  } catch {
    throw new LinkError("link.tampered");
  }
  if (!rules || typeof rules !== "object" || Array.isArray(rules)) throw new LinkError("link.tampered");
  if (shuffleVersion !== undefined && dv !== String(shuffleVersion)) throw new LinkError("link.deal_version", { dv, ours: shuffleVersion });
  const pair = (x) => x.split(",").map(Number);
  return { game: g, seed: s, rules, dv, level: lv, points: pair(p), detail: pair(d) };
}

/** A stored match's result on its first deal, from the person's side first (the engine's
 * `summary`): {points, detail} or null while that hand is being played. */
export async function firstHandResult(rec) {
  const { engine } = await import("./engine.js");
  const ans = await engine.call({ op: "summary", match: rec.match });
  const hand = ans.ok && ans.summary.hands[0];
  if (!hand || !hand.points) return null;
  const side = rec.view && Number.isInteger(rec.view.side) ? rec.view.side : (Number.isInteger(rec.seat) ? rec.seat : 0) % 2;
  const detail = hand.totals || hand.captured || hand.points;
  const mine = (pair) => [pair[side], pair[1 - side]];
  return { points: mine(hand.points), detail: mine(detail) };
}

/** "Challenge a friend": the link of a stored match's first deal with the person's result. */
export async function shareChallenge(id) {
  const [{ engine }, store] = await Promise.all([import("./engine.js"), import("./store.js")]);
  const info = await engine.ready;
  const rec = await store.getMatch(id);
  const result = rec && await firstHandResult(rec);
  if (!result) throw new Error(t("challenge.not_yet"));
  const level = (rec.match.meta && rec.match.meta.level) || "expert";
  const url = await makeChallenge(rec.match, info.shuffle, level, result);
  const input = h("input", { class: "link-field", id: "challenge-link", type: "text", readonly: true, value: url, "aria-label": t("share.link_label") });
  input.addEventListener("focus", () => input.select());
  const canShare = typeof navigator.share === "function";
  const choice = await dialog({
    title: t("challenge.title"),
    body: [h("p", { text: t("challenge.body", { mine: result.points[0], theirs: result.points[1] }) }), input],
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
