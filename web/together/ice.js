// The ICE servers of the peer connections (peer.js), from the settings. STUN servers tell a
// phone its public address (a server-reflexive candidate), so that phones on two networks
// can find each other; a TURN server relays the data when the networks block a direct path.
// What each reveals: docs/play-together.md ("Through NATs").
//
// settings.ice = {stun: ["stun:host:port", …], turn: {url, username, credential} | null};
// no `stun` key: the default list (DEFAULT_STUN); an empty list: no STUN (one room only).
// Stored values are checked again when read: anything that does not check is left out,
// never passed to RTCPeerConnection (which throws on a malformed server).
//
// Test hook (never written by the app): localStorage "tapete.iceTransportPolicy" = "relay"
// makes every new connection use relay candidates only (iceTransportPolicy "relay"), so a
// test on one machine proves the path through a TURN server.
import { getSettings, setSettings } from "../store.js";
import { parseIPv4, parseIPv6 } from "./code.js";

/** Public STUN servers used when the player has not changed the list. */
export const DEFAULT_STUN = Object.freeze(["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"]);
/** The most STUN servers kept: each one is asked by every connection. */
export const MAX_STUN = 5;
/** The longest URL, user name or credential kept, in characters. */
export const MAX_FIELD = 256;
export const TEST_POLICY_KEY = "tapete.iceTransportPolicy";

const MAX_PORT = 65535;
const MAX_HOST = 253;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const STUN_URL = /^(stuns?):(\[[^\]]+\]|[^:[\]?]+)(?::(\d{1,5}))?$/i;
const TURN_URL = /^(turns?):(\[[^\]]+\]|[^:[\]?]+)(?::(\d{1,5}))?(?:\?transport=(udp|tcp))?$/i;

function validHost(host) {
  if (host.startsWith("[")) return host.endsWith("]") && !!parseIPv6(host.slice(1, -1));
  if (/^[\d.]+$/.test(host)) return !!parseIPv4(host);
  return host.length <= MAX_HOST && host.split(".").every((l) => LABEL.test(l));
}

function validUrl(text, pattern) {
  if (typeof text !== "string" || text.length > MAX_FIELD) return false;
  const m = pattern.exec(text);
  if (!m || !validHost(m[2])) return false;
  return m[3] === undefined || (Number(m[3]) >= 1 && Number(m[3]) <= MAX_PORT);
}

/** Whether `text` is a STUN server URL (RFC 7064: stun:host[:port], stuns:host[:port]). */
export const isStunUrl = (text) => validUrl(text, STUN_URL);
/** Whether `text` is a TURN server URL (RFC 7065: turn:host[:port][?transport=udp|tcp], turns:…). */
export const isTurnUrl = (text) => validUrl(text, TURN_URL);

const field = (v) => (typeof v === "string" ? v.trim() : "");

/**
 * Checks what the settings screen gives: `stun` (a list, or text with one URL a line) and
 * `turn` ({url, username, credential}, every field may be empty). Returns {ice, problems}:
 * `ice` what to store, `problems` [{field: "stun" | "turn_url" | "turn_user" |
 * "turn_credential", code, params}] (empty when it all checks). Codes: bad_stun_url,
 * too_many_stun, bad_turn_url, turn_needs_url, turn_needs_user, turn_needs_credential,
 * too_long.
 */
export function checkIce({ stun = [], turn = {} } = {}) {
  const problems = [];
  const lines = (Array.isArray(stun) ? stun : String(stun).split(/\r?\n/)).map(field).filter(Boolean);
  for (const url of lines) {
    if (url.length > MAX_FIELD) problems.push({ field: "stun", code: "too_long", params: { max: MAX_FIELD } });
    else if (!isStunUrl(url)) problems.push({ field: "stun", code: "bad_stun_url", params: { url } });
  }
  if (lines.length > MAX_STUN) problems.push({ field: "stun", code: "too_many_stun", params: { max: MAX_STUN } });
  const url = field(turn && turn.url);
  const username = field(turn && turn.username);
  const credential = typeof (turn && turn.credential) === "string" ? turn.credential : "";
  for (const [name, value] of [["turn_url", url], ["turn_user", username], ["turn_credential", credential]]) {
    if (value.length > MAX_FIELD) problems.push({ field: name, code: "too_long", params: { max: MAX_FIELD } });
  }
  if (url && !isTurnUrl(url)) problems.push({ field: "turn_url", code: "bad_turn_url", params: { url } });
  if (!url && (username || credential)) problems.push({ field: "turn_url", code: "turn_needs_url", params: {} });
  if (url && !username) problems.push({ field: "turn_user", code: "turn_needs_user", params: {} });
  if (url && !credential) problems.push({ field: "turn_credential", code: "turn_needs_credential", params: {} });
  const ice = { stun: lines, turn: url ? { url, username, credential } : null };
  return { ice, problems };
}

/** The ICE settings as stored, checked: {stun: [...], turn: {...} | null, custom}. A stored
 * value that does not check (another version, an edited profile) is left out. */
export function readIce(settings = getSettings()) {
  const ice = settings && typeof settings.ice === "object" && settings.ice ? settings.ice : {};
  const custom = Array.isArray(ice.stun);
  const stun = custom ? ice.stun.filter((u) => isStunUrl(u)).slice(0, MAX_STUN) : [...DEFAULT_STUN];
  const t = ice.turn;
  const turn = t && typeof t === "object" && isTurnUrl(t.url) && typeof t.username === "string" && t.username
    && t.username.length <= MAX_FIELD && typeof t.credential === "string" && t.credential
    && t.credential.length <= MAX_FIELD ? { url: t.url, username: t.username, credential: t.credential } : null;
  return { stun, turn, custom };
}

/** Stores checked ICE settings (checkIce's `ice`); `stun: null` goes back to the default list. */
export function saveIce({ stun, turn }) {
  const ice = { turn: turn || null };
  if (Array.isArray(stun)) ice.stun = stun;
  setSettings({ ice });
  return readIce();
}

function testPolicy() {
  try {
    return localStorage.getItem(TEST_POLICY_KEY) === "relay" ? "relay" : "all";
  } catch {
    return "all";
  }
}

/** The RTCConfiguration of a new peer connection: {iceServers, iceTransportPolicy}. */
export function iceConfig(settings = getSettings()) {
  const { stun, turn } = readIce(settings);
  const iceServers = [];
  if (stun.length) iceServers.push({ urls: stun });
  if (turn) iceServers.push({ urls: turn.url, username: turn.username, credential: turn.credential });
  return { iceServers, iceTransportPolicy: testPolicy() };
}
