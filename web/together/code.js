// Connection codes: what one phone must tell another to open a WebRTC data channel with no
// server, packed small enough for a QR code read at arm's length.
//
// A non-trickle SDP (after ICE gathering) is ~700 bytes; the other side needs only the ICE
// username fragment and password, the DTLS certificate's SHA-256 fingerprint, the DTLS role
// and the UDP candidates: host, server-reflexive (from a STUN server) and relay (from a TURN
// server). Those (and the app's kind / table / seat) are packed into a versioned binary with
// a CRC-32, written as upper-case base32 behind the prefix "TPT:" (every character is in the
// QR alphanumeric set); the full SDP is rebuilt from a fixed data-channel-only template.
// Byte layout: docs/play-together.md.
//
// decode(text) throws only CodeError, whose `code` is stable: bad_code, truncated,
// checksum, version, wrong_kind. Encoding a description this format cannot carry throws
// CodeError "unsupported" or "no_candidates" (a programming or device matter, not the user's).

export const FORMAT_VERSION = 2;
export const PREFIX = "TPT:";
export const KINDS = Object.freeze(["offer", "answer"]);
export const SETUPS = Object.freeze(["actpass", "active", "passive"]);
export const TABLE_BYTES = 4;
export const MAX_CANDIDATES = 15;
/** Candidate types a code carries (RFC 8445): the index is the type's code in a candidate's byte. */
export const CANDIDATE_TYPES = Object.freeze(["host", "srflx", "relay"]);

const FINGERPRINT_BYTES = 32;          // SHA-256
const CRC_BYTES = 4;
const HEADER_BYTES = 3;                // version, length, length ^ 0xFF
const MAX_CODE_BYTES = 255;            // the length byte
const FAMILY_MDNS = 1;                 // a "<uuid>.local" name: 16 bytes
const FAMILY_IPV4 = 4;
const FAMILY_IPV6 = 6;
const ADDRESS_BYTES = {[FAMILY_MDNS]: 16, [FAMILY_IPV4]: 4, [FAMILY_IPV6]: 16};
// A candidate's first byte: the address family in bits 0-2, the type in bits 3-4 (an index
// of CANDIDATE_TYPES), bits 5-7 zero.
const FAMILY_BITS = 3;
const FAMILY_MASK = (1 << FAMILY_BITS) - 1;
const TYPE_BITS = 2;
const TYPE_MASK = (1 << TYPE_BITS) - 1;
const SCTP_PORT = 5000;
const MAX_MESSAGE_SIZE = 262144;
// RFC 8445 priority of a rebuilt candidate: the recommended type preference (host 126,
// server-reflexive 100, relay 0), local preference by order in the code.
const TYPE_PREFERENCE = Object.freeze({host: 126, srflx: 100, relay: 0});
const MAX_LOCAL_PREFERENCE = 65535;
const COMPONENT_RTP = 1;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const UUID_LOCAL = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** The one error decode() throws; `code` is what the UI translates. */
export class CodeError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "CodeError";
    this.code = code;
  }
}

// ------------------------------------------------------------------------- CRC-32 (IEEE)
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes) {
  let c = 0xFFFFFFFF;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xFF] ^ (c >>> 8);
  return (c ^ 0xFFFFFFFF) >>> 0;
}

// ------------------------------------------------------------------------- base32
/** Regroups `values` of `from` bits each into values of `to` bits; `tail` holds the `bits`
 *  left over (fewer than `to`), unpadded. */
function regroup(values, from, to) {
  const out = [];
  let acc = 0;
  let bits = 0;
  for (const v of values) {
    acc = (acc << from) | v;
    bits += from;
    while (bits >= to) {
      bits -= to;
      out.push((acc >>> bits) & ((1 << to) - 1));
    }
    acc &= (1 << bits) - 1;
  }
  return {out, tail: acc, bits};
}

/** The tail of `regroup` padded with zero bits to one more `to`-bit value, if any. */
const padded = ({out, tail, bits}, to) => (bits ? [...out, (tail << (to - bits)) & ((1 << to) - 1)] : out);

export function base32(bytes) {
  return padded(regroup(bytes, 8, 5), 5).map((v) => BASE32[v]).join("");
}

function unbase32(text) {
  const values = Array.from(text, (ch) => {
    const v = BASE32.indexOf(ch);
    if (v < 0) throw new CodeError("bad_code", `not a code character: ${JSON.stringify(ch)}`);
    return v;
  });
  const {out, tail, bits} = regroup(values, 5, 8);
  // the last character's unused bits are zero in a code as written
  return {bytes: Uint8Array.from(out), cleanTail: tail === 0 && bits < 5};
}

// ------------------------------------------------------------------------- small packers
class Writer {
  constructor() { this.bytes = []; }
  u8(v) { this.bytes.push(v & 0xFF); }
  u16(v) { this.u8(v >>> 8); this.u8(v); }
  u32(v) { this.u16(v >>> 16); this.u16(v & 0xFFFF); }
  raw(list) { for (const b of list) this.u8(b); }
}

class Reader {
  constructor(bytes, end) { this.bytes = bytes; this.pos = 0; this.end = end; }
  u8() {
    if (this.pos >= this.end) throw new CodeError("bad_code", "shorter than its contents");
    return this.bytes[this.pos++];
  }
  u16() { return (this.u8() << 8) | this.u8(); }
  raw(n) { const out = []; for (let i = 0; i < n; i++) out.push(this.u8()); return out; }
}

/** ICE ufrag/pwd: characters of the base64 alphabet (RFC 8839 ice-char), 6 bits each. */
function packIceChars(w, text, what) {
  if (!text || text.length > 255 || [...text].some((c) => !ICE_CHARS.includes(c))) {
    throw new CodeError("unsupported", `${what} is not 1-255 ICE characters`);
  }
  w.u8(text.length);
  w.raw(padded(regroup(Array.from(text, (c) => ICE_CHARS.indexOf(c)), 6, 8), 8));
}

function unpackIceChars(r) {
  const n = r.u8();
  if (!n) throw new CodeError("bad_code", "an empty ICE credential");
  const bytes = r.raw(Math.ceil((n * 6) / 8));
  return regroup(bytes, 8, 6).out.slice(0, n).map((v) => ICE_CHARS[v]).join("");
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

export function parseIPv4(text) {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number);
}

export function parseIPv6(text) {
  if (!/^[0-9a-fA-F:.]+$/.test(text) || (text.match(/::/g) || []).length > 1) return null;
  let tail = [];
  let body = text;
  const v4 = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const b = parseIPv4(v4[2]);
    if (!b) return null;
    tail = [(b[0] << 8) | b[1], (b[2] << 8) | b[3]];
    body = v4[1].endsWith("::") ? v4[1] : v4[1].slice(0, -1);
  }
  const groups = (s) => (s === "" ? [] : s.split(":"));
  let words;
  if (body.includes("::")) {
    const [a, b] = body.split("::");
    const left = groups(a);
    const right = groups(b);
    const fill = 8 - tail.length - left.length - right.length;
    if (fill < 1) return null;
    words = [...left, ...Array(fill).fill("0"), ...right];
  } else {
    words = groups(body);
  }
  if (!words.every((w) => /^[0-9a-fA-F]{1,4}$/.test(w))) return null;
  const all = [...words.map((w) => parseInt(w, 16)), ...tail];
  if (all.length !== 8) return null;
  return all.flatMap((w) => [w >>> 8, w & 0xFF]);
}

/** RFC 5952 text of 16 bytes (lower case, longest run of two or more zero words as "::"). */
export function formatIPv6(bytes) {
  const words = [];
  for (let i = 0; i < 16; i += 2) words.push((bytes[i] << 8) | bytes[i + 1]);
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLen) { best = i; bestLen = j - i; }
    i = j > i ? j - 1 : i;
  }
  const txt = (ws) => ws.map((w) => w.toString(16)).join(":");
  if (best < 0) return txt(words);
  return `${txt(words.slice(0, best))}::${txt(words.slice(best + bestLen))}`;
}

function packAddress(address) {
  const m = UUID_LOCAL.exec(address);
  if (m) {
    const digits = m.slice(1).join("").toLowerCase();
    return [FAMILY_MDNS, digits.match(/../g).map((h) => parseInt(h, 16))];
  }
  const v4 = parseIPv4(address);
  if (v4) return [FAMILY_IPV4, v4];
  const v6 = parseIPv6(address.replace(/^\[|\]$/g, ""));
  if (v6) return [FAMILY_IPV6, v6];
  return null;
}

function unpackAddress(family, bytes) {
  if (family === FAMILY_IPV4) return bytes.join(".");
  if (family === FAMILY_IPV6) return formatIPv6(bytes);
  const h = hex(bytes);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
}

// ------------------------------------------------------------------------- SDP
/**
 * What a code carries, read from an SDP: {ufrag, pwd, fingerprint (32 bytes as
 * "AB:CD:.." upper case), setup, candidates: [{address, port, type}]} (UDP candidates of
 * component 1 of type host, srflx or relay, highest priority first, an address and port
 * once; other lines are ignored).
 */
export function parseSdp(sdp) {
  const lines = String(sdp).split(/\r?\n/);
  const value = (name) => {
    const line = lines.find((l) => l.startsWith(`a=${name}:`));
    return line ? line.slice(name.length + 3).trim() : null;
  };
  const ufrag = value("ice-ufrag");
  const pwd = value("ice-pwd");
  const fp = lines.map((l) => /^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)\s*$/.exec(l)).find(Boolean);
  const setup = value("setup");
  if (!ufrag || !pwd) throw new CodeError("unsupported", "no ICE credentials in the SDP");
  if (!fp) throw new CodeError("unsupported", "no SHA-256 fingerprint in the SDP");
  const fingerprint = fp[1].toUpperCase();
  if (fingerprint.split(":").length !== FINGERPRINT_BYTES) {
    throw new CodeError("unsupported", "a SHA-256 fingerprint is 32 bytes");
  }
  if (!SETUPS.includes(setup)) throw new CodeError("unsupported", `DTLS setup ${setup}`);
  const found = [];
  for (const l of lines) {
    // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
    const m = /^a=candidate:\S+ (\d+) (\S+) (\d+) (\S+) (\d+) typ (\S+)/.exec(l);
    if (!m || Number(m[1]) !== COMPONENT_RTP || m[2].toLowerCase() !== "udp" || !CANDIDATE_TYPES.includes(m[6])) continue;
    const packed = packAddress(m[4]);
    // a host name that is not an mDNS UUID cannot be packed; a server's address is never a name
    if (!packed || (packed[0] === FAMILY_MDNS && m[6] !== "host")) continue;
    found.push({address: m[4].toLowerCase(), port: Number(m[5]), type: m[6], priority: Number(m[3])});
  }
  found.sort((a, b) => b.priority - a.priority);
  const seen = new Set();
  const candidates = [];
  for (const c of found) {
    const key = `${c.address} ${c.port}`;
    if (!seen.has(key)) { seen.add(key); candidates.push({address: c.address, port: c.port, type: c.type}); }
  }
  return {ufrag, pwd, fingerprint, setup, candidates};
}

/** The full SDP of a decoded code (data channel only), for setRemoteDescription. */
export function toSdp(info) {
  const lines = [
    "v=0",
    "o=- 1 2 IN IP4 127.0.0.1",
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
  ];
  info.candidates.forEach((c, i) => {
    const type = c.type || "host";
    const priority = TYPE_PREFERENCE[type] * 2 ** 24 + (MAX_LOCAL_PREFERENCE - i) * 2 ** 8
      + (256 - COMPONENT_RTP);
    // a server's candidate names the address it stands for; the code does not carry it
    const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} ${COMPONENT_RTP} udp ${priority} ${c.address} ${c.port} typ ${type}${related} generation 0`);
  });
  lines.push(
    "a=end-of-candidates",
    `a=ice-ufrag:${info.ufrag}`,
    `a=ice-pwd:${info.pwd}`,
    `a=fingerprint:sha-256 ${info.fingerprint}`,
    `a=setup:${info.setup}`,
    "a=mid:0",
    `a=sctp-port:${SCTP_PORT}`,
    `a=max-message-size:${MAX_MESSAGE_SIZE}`,
  );
  return lines.join("\r\n") + "\r\n";
}

// ------------------------------------------------------------------------- the code
/** A new random table id (TABLE_BYTES bytes as lower-case hex). */
export function newTableId() {
  return hex(crypto.getRandomValues(new Uint8Array(TABLE_BYTES)));
}

/**
 * The binary code: {kind, table, seat, ufrag, pwd, fingerprint, setup, candidates}.
 * Layout (docs/play-together.md): version, length, ~length, flags, table, seat, ufrag,
 * pwd, fingerprint, candidate count, candidates, CRC-32 of everything before it.
 */
export function pack(info) {
  const kind = KINDS.indexOf(info.kind);
  const setup = SETUPS.indexOf(info.setup);
  if (kind < 0) throw new CodeError("unsupported", `kind ${info.kind}`);
  if (setup < 0) throw new CodeError("unsupported", `DTLS setup ${info.setup}`);
  if (!new RegExp(`^[0-9a-f]{${TABLE_BYTES * 2}}$`).test(info.table || "")) {
    throw new CodeError("unsupported", "a table id is 4 bytes of lower-case hex");
  }
  if (!Number.isInteger(info.seat) || info.seat < 0 || info.seat > 255) {
    throw new CodeError("unsupported", "a seat is 0-255");
  }
  const fp = String(info.fingerprint).split(":").map((h) => parseInt(h, 16));
  if (fp.length !== FINGERPRINT_BYTES || fp.some((b) => !(b >= 0 && b <= 255))) {
    throw new CodeError("unsupported", "a SHA-256 fingerprint is 32 bytes");
  }
  const cands = info.candidates || [];
  if (!cands.length) throw new CodeError("no_candidates", "no UDP candidate");
  if (cands.length > MAX_CANDIDATES) throw new CodeError("unsupported", "too many candidates");

  const w = new Writer();
  w.u8(FORMAT_VERSION);
  w.u8(0);  // length, filled below
  w.u8(0);
  w.u8(kind | (setup << 1));
  w.raw(info.table.match(/../g).map((h) => parseInt(h, 16)));
  w.u8(info.seat);
  packIceChars(w, info.ufrag, "ice-ufrag");
  packIceChars(w, info.pwd, "ice-pwd");
  w.raw(fp);
  w.u8(cands.length);
  for (const c of cands) {
    const packed = packAddress(c.address);
    const type = CANDIDATE_TYPES.indexOf(c.type || "host");
    if (!packed || type < 0 || (packed[0] === FAMILY_MDNS && type !== 0)
        || !(Number.isInteger(c.port) && c.port > 0 && c.port < 65536)) {
      throw new CodeError("unsupported", `candidate ${c.address} ${c.port} ${c.type}`);
    }
    w.u8(packed[0] | (type << FAMILY_BITS));
    w.raw(packed[1]);
    w.u16(c.port);
  }
  const length = w.bytes.length + CRC_BYTES;
  if (length > MAX_CODE_BYTES) throw new CodeError("unsupported", "too long for a code");
  w.bytes[1] = length;
  w.bytes[2] = length ^ 0xFF;
  w.u32(crc32(w.bytes));
  return Uint8Array.from(w.bytes);
}

/** The text form of pack(info): "TPT:" + base32 (QR alphanumeric characters only). */
export function encode(info) {
  return PREFIX + base32(pack(info));
}

/**
 * A code from a local description: encode({kind, table, seat, ...parseSdp(sdp)}), keeping
 * at most `perType[type]` candidates of each type (when given) and then the `maxCandidates`
 * of highest priority (each costs 7 or 19 bytes).
 */
export function encodeSdp(sdp, {kind, table, seat, maxCandidates = MAX_CANDIDATES, perType = null}) {
  const info = parseSdp(sdp);
  const count = {};
  const kept = info.candidates.filter((c) => {
    count[c.type] = (count[c.type] || 0) + 1;
    return !perType || !(c.type in perType) || count[c.type] <= perType[c.type];
  });
  return encode({kind, table, seat, ...info, candidates: kept.slice(0, maxCandidates)});
}

/** The text as typed or pasted: no spaces, line breaks or dashes, upper case. */
export function normalize(text) {
  return String(text).replace(/[\s\-\u00AD\u200B\uFEFF]+/g, "").toUpperCase();
}

/**
 * Reads a code's text (as scanned, pasted or typed). Returns {version, kind, table, seat,
 * ufrag, pwd, fingerprint, setup, candidates, bytes}. `expect` ("offer" | "answer"),
 * when given, refuses the other kind (wrong_kind). Throws only CodeError.
 */
export function decode(text, expect = null) {
  try {
    return decodeText(text, expect);
  } catch (e) {
    if (e instanceof CodeError) throw e;
    throw new CodeError("bad_code", String(e && e.message));
  }
}

function decodeText(text, expect) {
  if (typeof text !== "string") throw new CodeError("bad_code", "not text");
  const t = normalize(text);
  if (!t.startsWith(PREFIX)) {
    if (t.length < PREFIX.length && PREFIX.startsWith(t)) throw new CodeError("truncated", "only part of the prefix");
    throw new CodeError("bad_code", "not a Tapete code");
  }
  const {bytes, cleanTail} = unbase32(t.slice(PREFIX.length));
  if (bytes.length < HEADER_BYTES) throw new CodeError("truncated", "shorter than a header");
  const length = bytes[1];
  const crcOk = bytes.length >= CRC_BYTES + HEADER_BYTES
    && crc32(bytes.subarray(0, bytes.length - CRC_BYTES))
      === new DataView(bytes.buffer, bytes.byteOffset + bytes.length - CRC_BYTES).getUint32(0);
  if (!crcOk) {
    // The length byte and its complement differ in every single mistyped character (a base32
    // character covers 5 consecutive bits, never the same bit of both bytes): when they
    // agree, a code shorter than its length was cut off.
    if (bytes[2] === (length ^ 0xFF) && bytes.length < length) throw new CodeError("truncated", `${bytes.length} of ${length} bytes`);
    throw new CodeError("checksum", "the code has a mistake (checksum)");
  }
  if (!cleanTail) throw new CodeError("checksum", "the code has a mistake (last character)");
  if (bytes[0] !== FORMAT_VERSION) throw new CodeError("version", `code version ${bytes[0]}, this app reads ${FORMAT_VERSION}`);
  if (bytes[2] !== (length ^ 0xFF) || length !== bytes.length) throw new CodeError("bad_code", "length mismatch");
  const r = new Reader(bytes, bytes.length - CRC_BYTES);
  r.pos = HEADER_BYTES;
  const flags = r.u8();
  if (flags >> 3) throw new CodeError("bad_code", "unknown flags");
  const kind = KINDS[flags & 1];
  const setup = SETUPS[(flags >> 1) & 3];
  if (!setup) throw new CodeError("bad_code", "unknown DTLS setup");
  const table = hex(r.raw(TABLE_BYTES));
  const seat = r.u8();
  const ufrag = unpackIceChars(r);
  const pwd = unpackIceChars(r);
  const fingerprint = r.raw(FINGERPRINT_BYTES).map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const count = r.u8();
  if (!count || count > MAX_CANDIDATES) throw new CodeError("bad_code", "candidate count");
  const candidates = [];
  for (let i = 0; i < count; i++) {
    const first = r.u8();
    const family = first & FAMILY_MASK;
    const type = CANDIDATE_TYPES[(first >> FAMILY_BITS) & TYPE_MASK];
    if (!ADDRESS_BYTES[family]) throw new CodeError("bad_code", `address family ${family}`);
    if (!type || first >> (FAMILY_BITS + TYPE_BITS)) throw new CodeError("bad_code", `candidate byte ${first}`);
    if (family === FAMILY_MDNS && type !== "host") throw new CodeError("bad_code", `an mDNS name as ${type}`);
    const address = unpackAddress(family, r.raw(ADDRESS_BYTES[family]));
    const port = r.u16();
    if (!port) throw new CodeError("bad_code", "port 0");
    candidates.push({address, port, type});
  }
  if (r.pos !== r.end) throw new CodeError("bad_code", "bytes after the candidates");
  if (expect && expect !== kind) throw new CodeError("wrong_kind", `an ${kind} where an ${expect} was expected`);
  return {version: FORMAT_VERSION, kind, table, seat, ufrag, pwd, fingerprint, setup, candidates,
          bytes: bytes.length};
}

/** Whether text looks like a connection code (the prefix), before any checking. */
export function looksLikeCode(text) {
  return typeof text === "string" && normalize(text).startsWith(PREFIX);
}
