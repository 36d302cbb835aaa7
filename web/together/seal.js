// The sealed signalling of a table online (docs/play-together.md, "What the relays carry"):
// every message through a relay is AES-GCM encrypted and authenticated with a key derived
// from the table's secret (online-link.js), and the relay's topic is derived from it too, so
// a relay sees only a random-looking topic and blobs. WebCrypto only (browser and Node 20).
//
//   room = await deriveRoom(secret)       {topic, key}: HKDF-SHA-256 of the secret
//   sealer = new Sealer(room, self)       self: this phone's random sender id (hex)
//   bytes = await sealer.seal(body)       body: a signal (checkSignal)
//   opener = new Opener(room, {self})
//   {from, body} = await opener.open(bytes)   or SealError (code below), never another error
//
// Envelope (bytes): version (1) ‖ sender id (8) ‖ counter (uint32) ‖ time in ms (uint48) ‖
// nonce (12) ‖ AES-GCM(body as JSON, additional data = the 31 bytes before) with its 16-byte
// tag. A message is refused, unread where it can be, in this order:
//   too_big     longer than MAX_SEALED_BYTES (before anything else)
//   malformed   shorter than a header and a tag, or not bytes
//   version     another envelope version
//   own         this phone's own message (a relay echoes what it publishes)
//   flood       more than the door takes a second (all senders together: before decrypting)
//   forged      does not decrypt under the table's key (no secret, or altered)
//   expired     its time is more than MAX_AGE_MS away from this phone's clock
//   replayed    its sender and counter were seen already (a replay, or the same message
//               through a second relay: the first arrival wins)
//   sender_flood  more than one sender may send a second
//   bad_body    decrypts but is not a signal (checkSignal)
import { RateLimit } from "./messages.js";

export const ENVELOPE_VERSION = 1;
const ID_BYTES = 8;
const COUNTER_BYTES = 4;
const TIME_BYTES = 6;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const HEADER_BYTES = 1 + ID_BYTES + COUNTER_BYTES + TIME_BYTES + NONCE_BYTES;
/** The longest envelope read; anything longer is dropped before it is looked at. */
export const MAX_SEALED_BYTES = 4096;
/** How far a message's time may be from this phone's clock (either way): older is a replay. */
export const MAX_AGE_MS = 120_000;
/** Messages opened a second, all senders together (a flood past it is dropped unread). */
export const DOOR_RATE = 50;
export const DOOR_BURST = 100;
/** Messages a second from one (authenticated) sender. */
export const SENDER_RATE = 5;
export const SENDER_BURST = 10;
/** Senders remembered for replays, at most (the oldest forgotten first). */
export const MAX_SENDERS = 256;
/** The longest text field of a signal (an invitation or an answer: invite.js's MAX_TEXT). */
export const MAX_SIGNAL_TEXT = 2000;
const SALT = "tapete-table|1";
const TOPIC_BYTES = 16;
export const TOPIC_PREFIX = "tapete/";
const MAX_COUNTER = 2 ** 32 - 1;

export class SealError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "SealError";
    this.code = code;
  }
}

const utf8 = new TextEncoder();
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const subtle = () => {
  const s = globalThis.crypto && globalThis.crypto.subtle;
  if (!s) throw new SealError("no_crypto", "crypto.subtle needs a secure context");
  return s;
};

/** A new sender id: 8 random bytes, as hex. */
export function newSenderId() {
  return hex(crypto.getRandomValues(new Uint8Array(ID_BYTES)));
}

/** The table's relay topic and sealing key, both from its secret (HKDF-SHA-256). */
export async function deriveRoom(secret) {
  const s = subtle();
  const ikm = await s.importKey("raw", secret, "HKDF", false, ["deriveBits", "deriveKey"]);
  const params = (info) => ({ name: "HKDF", hash: "SHA-256", salt: utf8.encode(SALT), info: utf8.encode(info) });
  const topicBits = new Uint8Array(await s.deriveBits(params("topic"), ikm, TOPIC_BYTES * 8));
  const key = await s.deriveKey(params("seal"), ikm, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
  return { topic: TOPIC_PREFIX + hex(topicBits), key };
}

// ------------------------------------------------------------------ signals
const ID = /^[0-9a-f]{16}$/;
const text = (v) => typeof v === "string" && v.length > 0 && v.length <= MAX_SIGNAL_TEXT;
/** What each signal must hold (besides `t`). */
const SIGNALS = {
  knock: (m) => m.want === "seat" || m.want === "watch",           // a phone at the door
  invite: (m) => ID.test(m.to) && text(m.text),                   // host: an invitation's text
  answer: (m) => ID.test(m.to) && text(m.text),                   // guest: the answer's text
  full: (m) => ID.test(m.to) && typeof m.watch === "boolean",     // host: no free seat (watch: a watcher's slot is)
};

/** `m` if it is a signal, else SealError("bad_body"). */
export function checkSignal(m) {
  if (!m || typeof m !== "object" || Array.isArray(m) || !Object.hasOwn(SIGNALS, m.t) || !SIGNALS[m.t](m)) {
    throw new SealError("bad_body", "not a signal");
  }
  return m;
}

// ------------------------------------------------------------------ sealing
function header(self, counter, time, nonce) {
  const h = new Uint8Array(HEADER_BYTES);
  h[0] = ENVELOPE_VERSION;
  for (let i = 0; i < ID_BYTES; i++) h[1 + i] = parseInt(self.slice(2 * i, 2 * i + 2), 16);
  const dv = new DataView(h.buffer);
  dv.setUint32(1 + ID_BYTES, counter);
  dv.setUint16(1 + ID_BYTES + COUNTER_BYTES, Math.floor(time / 2 ** 32));
  dv.setUint32(1 + ID_BYTES + COUNTER_BYTES + 2, time % 2 ** 32);
  h.set(nonce, HEADER_BYTES - NONCE_BYTES);
  return h;
}

/** Seals this phone's signals: each with the next counter and the time. */
export class Sealer {
  constructor(room, self, now = () => Date.now()) {
    if (!ID.test(self)) throw new SealError("malformed", "not a sender id");
    this.room = room; this.self = self; this.now = now; this.counter = 0;
  }

  async seal(body) {
    checkSignal(body);
    if (this.counter >= MAX_COUNTER) throw new SealError("malformed", "counter spent");
    this.counter += 1;
    const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
    const h = header(this.self, this.counter, Math.floor(this.now()), nonce);
    const sealed = new Uint8Array(await subtle().encrypt({ name: "AES-GCM", iv: nonce, additionalData: h }, this.room.key,
      utf8.encode(JSON.stringify(body))));
    const out = new Uint8Array(h.length + sealed.length);
    out.set(h); out.set(sealed, h.length);
    if (out.length > MAX_SEALED_BYTES) throw new SealError("too_big", `${out.length} bytes`);
    return out;
  }
}

/** Opens what the relays bring: the checks above, in that order; remembers what it saw. */
export class Opener {
  constructor(room, { self = "", now = () => Date.now(), clock = () => performance.now() } = {}) {
    this.room = room; this.self = self; this.now = now; this.clock = clock;
    this.door = new RateLimit(DOOR_RATE, DOOR_BURST, clock);
    this.senders = new Map();        // sender → {seen: Map counter → time, limit}
    this.dropped = {};               // code → how many (the bench, the docs' figures)
  }

  /** {from, counter, body} of a sealed message, or SealError. */
  async open(bytes) {
    try {
      return await this.read(bytes);
    } catch (err) {
      const code = err instanceof SealError ? err.code : "forged";
      this.dropped[code] = (this.dropped[code] || 0) + 1;
      throw err instanceof SealError ? err : new SealError("forged", "does not decrypt");
    }
  }

  async read(bytes) {
    if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
    if (!(bytes instanceof Uint8Array)) throw new SealError("malformed", "not bytes");
    if (bytes.length > MAX_SEALED_BYTES) throw new SealError("too_big", `${bytes.length} bytes`);
    if (bytes.length < HEADER_BYTES + TAG_BYTES) throw new SealError("malformed", "too short");
    if (bytes[0] !== ENVELOPE_VERSION) throw new SealError("version", `envelope ${bytes[0]}`);
    const from = hex(bytes.subarray(1, 1 + ID_BYTES));
    if (from === this.self) throw new SealError("own");
    if (!this.door.take()) throw new SealError("flood", "the door is busy");
    const h = bytes.slice(0, HEADER_BYTES);
    const dv = new DataView(h.buffer);
    const counter = dv.getUint32(1 + ID_BYTES);
    const time = dv.getUint16(1 + ID_BYTES + COUNTER_BYTES) * 2 ** 32 + dv.getUint32(1 + ID_BYTES + COUNTER_BYTES + 2);
    let plain;
    try {
      plain = await subtle().decrypt({ name: "AES-GCM", iv: h.subarray(HEADER_BYTES - NONCE_BYTES), additionalData: h },
        this.room.key, bytes.subarray(HEADER_BYTES));
    } catch {
      throw new SealError("forged", "does not decrypt");
    }
    const now = this.now();
    if (Math.abs(now - time) > MAX_AGE_MS) throw new SealError("expired", `${Math.round((now - time) / 1000)} s`);
    const sender = this.sender(from, now);
    if (sender.seen.has(counter)) throw new SealError("replayed", `${from} #${counter}`);
    sender.seen.set(counter, time);
    if (!sender.limit.take()) throw new SealError("sender_flood", from);
    let body;
    try { body = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(plain)); } catch { throw new SealError("bad_body", "not JSON"); }
    return { from, counter, body: checkSignal(body) };
  }

  /** The sender's record (made, the oldest forgotten past MAX_SENDERS; old counters pruned). */
  sender(from, now) {
    let s = this.senders.get(from);
    if (!s) {
      if (this.senders.size >= MAX_SENDERS) this.senders.delete(this.senders.keys().next().value);
      s = { seen: new Map(), limit: new RateLimit(SENDER_RATE, SENDER_BURST, this.clock) };
      this.senders.set(from, s);
    }
    for (const [c, time] of s.seen) if (Math.abs(now - time) > MAX_AGE_MS) s.seen.delete(c);
    return s;
  }
}
