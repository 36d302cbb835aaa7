// A table online in one link (docs/play-together.md, "One link"): the table's secret rides
// in the link's fragment, which no browser sends to a server; every friend who taps it sits
// down through the relays (relay.js), signalling sealed with keys derived from it (seal.js).
//
//   table link   <app>#/sit?v=<TABLE_LINK_VERSION>&s=<secret>
//                secret = base32(16 random bytes ‖ CRC-32(those bytes)): 32 characters
//
// Reading throws invite.js's InviteError (too_long, link_incomplete, link_version,
// truncated, altered), so the join screen says each in the four languages as for an
// invitation. Also here: the relay list's check (settings, "Relays").
import { crc32 } from "./code.js";
import { InviteError, toBase32, fromBase32, tidy, MAX_TEXT } from "./invite.js";
import { appBase, TABLE_LINK_VERSION } from "../links.js";

/** The table secret's random bytes (128 bits: the key and the topic come from it). */
export const TABLE_SECRET_BYTES = 16;
const CHECK_BYTES = 4;
/** The secret's base32 in the link. */
export const TABLE_SECRET_CHARS = Math.ceil(((TABLE_SECRET_BYTES + CHECK_BYTES) * 8) / 5);
export const SIT_ROUTE = "#/sit?";

const check = (bytes) => {
  const c = crc32(bytes);
  return [c >>> 24, (c >>> 16) & 0xFF, (c >>> 8) & 0xFF, c & 0xFF];
};

/** A new table secret (TABLE_SECRET_BYTES random bytes). */
export function newTableSecret() {
  return crypto.getRandomValues(new Uint8Array(TABLE_SECRET_BYTES));
}

/** The table's one link for `secret` (its bytes). */
export function tableLink(secret, base = appBase()) {
  if (!(secret instanceof Uint8Array) || secret.length !== TABLE_SECRET_BYTES) throw new InviteError("altered", "not a table secret");
  return `${base}${SIT_ROUTE}v=${TABLE_LINK_VERSION}&s=${toBase32([...secret, ...check(secret)])}`;
}

/** Whether `text` is a table link (its route), before any checking. */
export const isTableLink = (text) => typeof text === "string" && text.includes(SIT_ROUTE);

/**
 * The secret of a table link (the whole link, or its query after "#/sit?"): its bytes.
 * Throws InviteError: too_long, link_incomplete (no v or s), link_version, truncated (s cut
 * short), altered (a character changed: not base32, or the check fails).
 */
export function readTableLink(text) {
  if (typeof text !== "string") throw new InviteError("link_incomplete", "not text");
  if (text.length > MAX_TEXT) throw new InviteError("too_long", `${text.length} characters`);
  const at = text.indexOf(SIT_ROUTE);
  const query = at >= 0 ? text.slice(at + SIT_ROUTE.length) : text.replace(/^[?#]+/, "");
  const q = new URLSearchParams(query.split(/\s/)[0]);
  const v = q.get("v"), s = q.get("s");
  if (!v || !s) throw new InviteError("link_incomplete", "a field is missing");
  if (v !== TABLE_LINK_VERSION) throw new InviteError("link_version", `link version ${v.slice(0, 8)}`);
  const t = tidy(s);
  if (t.length < TABLE_SECRET_CHARS) throw new InviteError("truncated", "the secret is cut short");
  const bytes = t.length === TABLE_SECRET_CHARS ? fromBase32(t) : null;
  if (!bytes || bytes.length !== TABLE_SECRET_BYTES + CHECK_BYTES) throw new InviteError("altered", "not a table secret");
  const secret = bytes.slice(0, TABLE_SECRET_BYTES);
  if (check(secret).some((b, i) => b !== bytes[TABLE_SECRET_BYTES + i])) throw new InviteError("altered", "the secret's check");
  return secret;
}

// ------------------------------------------------------------------ the relays
/** Public MQTT brokers over secure WebSockets, used in parallel when the player has not set
 * a list (docs/play-together.md, "The relays": each one's published limits). */
export const DEFAULT_RELAYS = Object.freeze([
  "wss://test.mosquitto.org:8081/mqtt",
  "wss://broker.emqx.io:8084/mqtt",
  "wss://broker.hivemq.com:8884/mqtt",
]);
/** The most relays kept: each one is connected to by every phone at the door. */
export const MAX_RELAYS = 4;
const MAX_RELAY_URL = 256;

/** Whether `text` is a relay's URL: wss://host[:port][/path] (the CSP allows wss: only). */
export function isRelayUrl(text) {
  if (typeof text !== "string" || text.length > MAX_RELAY_URL || !/^wss:\/\//i.test(text)) return false;
  let u;
  try { u = new URL(text); } catch { return false; }
  return u.protocol === "wss:" && !!u.hostname && !u.username && !u.password && !u.hash;
}

/**
 * Checks the relay list the settings screen gives (a list, or text with one URL a line):
 * {relays, problems} with problems [{code: "bad_relay_url" | "too_many_relays", params}].
 * An empty list means the defaults.
 */
export function checkRelays(input = []) {
  const list = (Array.isArray(input) ? input : String(input).split(/\n/)).map((x) => String(x).trim()).filter(Boolean);
  const problems = [];
  for (const url of list) if (!isRelayUrl(url)) problems.push({ code: "bad_relay_url", params: { url: url.slice(0, 60) } });
  if (list.length > MAX_RELAYS) problems.push({ code: "too_many_relays", params: { max: MAX_RELAYS } });
  return { relays: [...new Set(list)], problems };
}

/** The relays to use from stored settings (`settings.relays = {urls}`): the stored list if
 * every URL checks, else the defaults. */
export function relaysOf(settings = {}) {
  const urls = settings && settings.relays && settings.relays.urls;
  if (!Array.isArray(urls) || !urls.length) return [...DEFAULT_RELAYS];
  const { relays, problems } = checkRelays(urls);
  return problems.length ? [...DEFAULT_RELAYS] : relays;
}
