// Invitations and answers, as text (a QR code in one room, or pasted) and as links sent
// through any chat app (docs/play-together.md, "Invitations and answers").
//
// An invitation is the host's offer code (code.js) for one seat, or for a watcher, and that
// invitation's seat key: 10 random bytes the host keeps. The guest shows the key to the host
// over the opened channel (messages.js, "hello"): a phone that cannot show it is not seated.
// The guest's answer carries a tag made with the key (HMAC-SHA-256), so the host knows at once
// which of its invitations an answer belongs to, and refuses an altered, stale or reused one
// before any connection is tried.
//
//   invitation text   TPT:<offer>/<key>        key = base32(secret ‖ CRC-32(offer ‖ secret))
//   invitation link   <app>#/join?v=1&o=<offer>&k=<key>
//   answer text       TPT:<answer>/<tag>       tag = base32(HMAC(secret, "tapete-answer|1|" + answer)[0..10])
//   answer link       <app>#/answer?v=1&a=<answer>&t=<tag>
//
// <offer> and <answer> are the codes' base32 as code.js writes them (after "TPT:"). Reading
// throws InviteError (`code` below) or code.js's CodeError; nothing else.
import { crc32, decode, PREFIX } from "./code.js";
import { appBase } from "../links.js";

/** The format version of an invitation link and of an answer link (their `v`). */
export const INVITE_LINK_VERSION = "1";
/** An invitation's slot (the code's seat byte): a seat 0-3, or a watcher's, from WATCH_BASE. */
export const WATCH_BASE = 100;
/** Watchers at one table at most. */
export const MAX_WATCHERS = 4;
/** Is `slot` a watcher's? */
export const isWatchSlot = (slot) => Number.isInteger(slot) && slot >= WATCH_BASE && slot < WATCH_BASE + MAX_WATCHERS;
/** The seat key's random bytes (80 bits: one guess per connection). */
export const SECRET_BYTES = 10;
const CHECK_BYTES = 4;
const TAG_BYTES = 10;
/** Longer than any invitation or answer, link or text: refused before it is read. */
export const MAX_TEXT = 2000;
const SEP = "/";
const JOIN_ROUTE = "#/join?";
const ANSWER_ROUTE = "#/answer?";
const TAG_CONTEXT = `tapete-answer|${INVITE_LINK_VERSION}|`;

/**
 * What is wrong with an invitation or an answer; `code`:
 *   too_long          far longer than any invitation
 *   link_incomplete   a link without one of its fields (cut short)
 *   link_version      a link of another format version
 *   no_key            a code without its seat key (or an answer without its tag)
 *   truncated         the key or the tag is cut short
 *   altered           the key or the tag does not match its code (changed, or mistyped)
 *   no_crypto         the page cannot compute the tag (not a secure context)
 */
export class InviteError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "InviteError";
    this.code = code;
  }
}

// ------------------------------------------------------------------ base32 (RFC 4648, no padding)
const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** Base32 text of `bytes` (RFC 4648, no padding). */
export function toBase32(bytes) {
  let out = "", acc = 0, bits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b; bits += 8;
    while (bits >= 5) { bits -= 5; out += B32[(acc >>> bits) & 31]; }
    acc &= (1 << bits) - 1;
  }
  return bits ? out + B32[(acc << (5 - bits)) & 31] : out;
}

/** The bytes of `text` (base32), or null when a character is not base32 or the unused bits
 * of the last one are not zero. */
export function fromBase32(text) {
  const out = [];
  let acc = 0, bits = 0;
  for (const ch of text) {
    const v = B32.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 5) | v; bits += 5;
    if (bits >= 8) { bits -= 8; out.push((acc >>> bits) & 0xFF); }
    acc &= (1 << bits) - 1;
  }
  return acc === 0 ? Uint8Array.from(out) : null;
}

const utf8 = new TextEncoder();
const base32Length = (bytes) => Math.ceil((bytes * 8) / 5);
export const KEY_CHARS = base32Length(SECRET_BYTES + CHECK_BYTES);
export const TAG_CHARS = base32Length(TAG_BYTES);
export const SECRET_CHARS = base32Length(SECRET_BYTES);

/** As code.js reads a code: no spaces, line breaks, dashes or soft hyphens; upper case. */
export const tidy = (text) => String(text).replace(/[\s\-\u00AD\u200B\uFEFF]+/g, "").toUpperCase();

/** A new seat secret (its base32 text, SECRET_CHARS characters). */
export function newSecret() {
  return toBase32(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

function keyCheck(offer, secret) {
  const bytes = new Uint8Array([...utf8.encode(offer), ...secret]);
  const c = crc32(bytes);
  return [c >>> 24, (c >>> 16) & 0xFF, (c >>> 8) & 0xFF, c & 0xFF];
}

/** The part of a code's text after the prefix ("TPT:"). */
function body(code) {
  const t = tidy(code);
  return t.startsWith(PREFIX) ? t.slice(PREFIX.length) : t;
}

/** An offer's key: the secret and a check binding it to the offer. */
export function keyOf(offer, secret) {
  const s = fromBase32(secret);
  if (!s || s.length !== SECRET_BYTES) throw new InviteError("altered", "not a seat secret");
  return toBase32([...s, ...keyCheck(body(offer), s)]);
}

// ------------------------------------------------------------------ making them
/** The invitation's text (a QR code, or copied): "TPT:<offer>/<key>". */
export function invitationText(offer, secret) {
  return `${PREFIX}${body(offer)}${SEP}${keyOf(offer, secret)}`;
}

/** The invitation as a link that opens the join screen with it filled in. */
export function invitationLink(offer, secret, base = appBase()) {
  return `${base}${JOIN_ROUTE}v=${INVITE_LINK_VERSION}&o=${body(offer)}&k=${keyOf(offer, secret)}`;
}

async function hmac(secret, text) {
  const subtle = globalThis.crypto && crypto.subtle;
  if (!subtle) throw new InviteError("no_crypto", "crypto.subtle needs a secure context");
  const key = await subtle.importKey("raw", fromBase32(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await subtle.sign("HMAC", key, utf8.encode(TAG_CONTEXT + text)));
}

/** An answer's tag: the first bytes of HMAC-SHA-256 under the seat secret. */
export async function tagOf(answer, secret) {
  return toBase32((await hmac(secret, body(answer))).subarray(0, TAG_BYTES));
}

/** The answer's text (a QR code, or copied): "TPT:<answer>/<tag>". */
export async function answerText(answer, secret) {
  return `${PREFIX}${body(answer)}${SEP}${await tagOf(answer, secret)}`;
}

/** The answer as a link that the host opens (it goes to the tab holding the table). */
export async function answerLink(answer, secret, base = appBase()) {
  return `${base}${ANSWER_ROUTE}v=${INVITE_LINK_VERSION}&a=${body(answer)}&t=${await tagOf(answer, secret)}`;
}

// ------------------------------------------------------------------ reading them
/** The two parts of a text that is a link (its query after `route`) or "TPT:<code>/<extra>":
 * {code: "TPT:…", extra} (extra "" when missing). */
function parts(text, route, codeField, extraField) {
  if (typeof text !== "string") throw new InviteError("link_incomplete", "not text");
  if (text.length > MAX_TEXT) throw new InviteError("too_long", `${text.length} characters`);
  const at = text.indexOf(route);
  if (at >= 0) return fromQuery(text.slice(at + route.length).split(/\s/)[0], codeField, extraField);
  const t = tidy(text);
  const cut = t.lastIndexOf(SEP);
  if (cut < 0) return { code: t, extra: "" };
  return { code: t.slice(0, cut), extra: t.slice(cut + 1) };
}

function fromQuery(query, codeField, extraField) {
  const q = new URLSearchParams(query);
  const v = q.get("v"), code = q.get(codeField), extra = q.get(extraField);
  if (!v || !code || !extra) throw new InviteError("link_incomplete", "a field is missing");
  if (v !== INVITE_LINK_VERSION) throw new InviteError("link_version", `link version ${v.slice(0, 8)}`);
  return { code: PREFIX + tidy(code), extra: tidy(extra) };
}

/**
 * An invitation (a link, or its text): {code, secret, info (the decoded offer: table, seat…)}.
 * Throws CodeError for the code (not a code, cut short, mistyped, another version, an answer)
 * or InviteError (too_long, link_incomplete, link_version, no_key, altered).
 */
export function readInvitation(text) {
  const { code, extra } = parts(text, JOIN_ROUTE, "o", "k");
  const info = decode(code, "offer");
  if (!extra) throw new InviteError("no_key", "a code without its seat key");
  const key = fromBase32(extra);
  if (extra.length < KEY_CHARS) throw new InviteError("truncated", "the key is cut short");
  if (!key || key.length !== SECRET_BYTES + CHECK_BYTES) throw new InviteError("altered", "not a key");
  const secret = key.subarray(0, SECRET_BYTES);
  const check = keyCheck(body(code), secret);
  if (check.some((b, i) => b !== key[SECRET_BYTES + i])) throw new InviteError("altered", "the key's check");
  return { code, secret: toBase32(secret), info };
}

/**
 * An answer (a link, or its text): {code, tag, info (the decoded answer: table, seat…)}.
 * Whose invitation it answers is for the host to check (verifyAnswer). Throws as
 * readInvitation.
 */
export function readAnswer(text) {
  const { code, extra } = parts(text, ANSWER_ROUTE, "a", "t");
  const info = decode(code, "answer");
  if (!extra) throw new InviteError("no_key", "an answer without its tag");
  if (extra.length < TAG_CHARS) throw new InviteError("truncated", "the tag is cut short");
  const tag = fromBase32(extra);
  if (!tag || tag.length !== TAG_BYTES) throw new InviteError("altered", "not a tag");
  return { code, tag: extra, info };
}

/** Whether `answer` (readAnswer's) was made with the invitation of `secret`. */
export async function verifyAnswer(answer, secret) {
  return (await tagOf(answer.code, secret)) === answer.tag;
}

/** Whether `text` looks like an answer link (the route), before any checking. */
export function isAnswerLink(text) { return typeof text === "string" && text.includes(ANSWER_ROUTE); }
