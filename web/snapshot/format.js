// The stored form of the engine's memory snapshot, whatever holds it (file.js): no I/O here.
//
//   bytes 0..4095  a JSON header {format, key, size, pages, stored, checksum, made}, padded
//                  with spaces;
//   bytes 4096..   the snapshot's 64 KiB pages that are not all zeros, in order (`stored`
//                  bytes; about half of the 31 MB heap is zero pages). `pages` says which
//                  pages are there: one hex digit per 4 pages, bit i of a digit = page 4k+i.
//
// key = "<pyodide version>|<engine.zip sha256>|<app version>" (web/worker.js). A snapshot
// is used only when the key is this build's, the sizes are sane and agree and the checksum
// (of the stored bytes and the page map) matches.
export const SNAP_FORMAT = "tapete-snapshot/2";
export const HEADER = 4096;
export const PAGE = 65536;
export const SNAPSHOT_MAX = 64 * 1024 * 1024;

/** Why a stored snapshot is not used: `reason` is "none", "busy", "unreadable", "damaged",
 * "key", "size", "truncated", "checksum" or "timeout" (the worker's `ready` message reports
 * it). */
export class Rejected extends Error {
  constructor(reason, message) { super(message || reason); this.reason = reason; }
}

/** The header of a stored snapshot from its first HEADER bytes `head`: its fields checked
 * (not yet against this build: checkHeader). Throws Rejected. */
export function parseHeader(head) {
  let meta;
  try { meta = JSON.parse(new TextDecoder().decode(head)); } catch { throw new Rejected("damaged", "bad header"); }
  if (!meta || meta.format !== SNAP_FORMAT || typeof meta.key !== "string" || typeof meta.checksum !== "string" ||
    !Number.isSafeInteger(meta.size) || meta.size <= 0 || typeof meta.pages !== "string" ||
    !Number.isSafeInteger(meta.stored)) throw new Rejected("damaged", "bad header");
  return meta;
}

/**
 * The header `meta` of a stored snapshot of `total` bytes checked against this build's `key`,
 * then its sizes and page map; `meta.runs` is set to the byte ranges stored (pageRuns).
 * Throws Rejected.
 */
export function checkHeader(meta, total, key) {
  if (meta.key !== key) throw new Rejected("key", `made for ${meta.key}`);
  if (meta.size > SNAPSHOT_MAX || total - HEADER > SNAPSHOT_MAX) throw new Rejected("size", `${Math.max(meta.size, total - HEADER)} bytes`);
  const runs = pageRuns(meta.size, meta.pages);
  if (!runs || runs.reduce((n, [a, b]) => n + b - a, 0) !== meta.stored) throw new Rejected("damaged", "bad page map");
  if (total - HEADER !== meta.stored) throw new Rejected("truncated", `${total - HEADER} of ${meta.stored} bytes`);
  meta.runs = runs;
  return meta;
}

/**
 * The stored form of snapshot `bytes` made for `key`: {meta (with runs), head (HEADER
 * bytes), body: the stored pages, in order (views of `bytes`)}. Throws an Error when the
 * header does not fit (never with this app's keys).
 */
export function encodeSnapshot(key, bytes, made = Date.now()) {
  const pages = pageMap(bytes);
  const runs = pageRuns(bytes.byteLength, pages);
  const stored = runs.reduce((n, [a, b]) => n + b - a, 0);
  const meta = { format: SNAP_FORMAT, key, size: bytes.byteLength, pages, stored, checksum: "", made };
  meta.checksum = snapshotChecksum(bytes, { ...meta, runs });
  const head = new TextEncoder().encode(JSON.stringify(meta).padEnd(HEADER, " "));
  if (head.byteLength !== HEADER) throw new Error("not stored: header too long");
  return { meta: { ...meta, runs }, head, body: runs.map(([start, end]) => bytes.subarray(start, end)) };
}

/**
 * The runs [start, end) of consecutive stored pages of a `size`-byte snapshot, from its page
 * map; null when the map does not fit the size.
 *
 * pageRuns(PAGE * 3, "5") -> [[0, 65536], [131072, 196608]]
 */
export function pageRuns(size, pages) {
  const count = Math.ceil(size / PAGE);
  if (!/^[0-9a-f]*$/.test(pages) || pages.length !== Math.ceil(count / 4)) return null;
  const runs = [];
  for (let p = 0; p < count; p++) {
    if (!((parseInt(pages[p >> 2], 16) >> (p & 3)) & 1)) continue;
    const start = p * PAGE;
    const end = Math.min(start + PAGE, size);
    if (runs.length && runs[runs.length - 1][1] === start) runs[runs.length - 1][1] = end;
    else runs.push([start, end]);
  }
  if (pages.length && parseInt(pages[pages.length - 1], 16) >> (count - 4 * (pages.length - 1))) return null;
  return runs;
}

/** The page map of `bytes`: which 64 KiB pages are not all zeros. */
export function pageMap(bytes) {
  const count = Math.ceil(bytes.byteLength / PAGE);
  const digits = new Array(Math.ceil(count / 4)).fill(0);
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  for (let p = 0; p < count; p++) {
    const end = Math.min((p + 1) * PAGE, bytes.byteLength);
    let used = false;
    for (let i = (p * PAGE) >> 2; i < end >> 2 && !used; i++) used = words[i] !== 0;
    for (let i = end & ~3; i < end && !used; i++) used = bytes[i] !== 0;
    if (used) digits[p >> 2] |= 1 << (p & 3);
  }
  return digits.map((d) => d.toString(16)).join("");
}

/** The checksum of a snapshot: of its stored bytes (in order), then of its size and page map. */
export function snapshotChecksum(holder, meta) {
  const sum = checksummer();
  for (const [start, end] of meta.runs) sum.update(holder.subarray(start, end));
  sum.update(new TextEncoder().encode(`|${meta.size}|${meta.pages}`));
  return sum.hex();
}

// A fast checksum (hex), fed in pieces. Not a cryptographic hash: it guards against a damaged
// or cut file (only the worker writes it), at about twice the speed of SHA-256 in
// crypto.subtle (which blocks this thread as well). Four 32-bit lanes over the 32-bit words
// (platform byte order: little-endian wherever Pyodide runs), word i to lane i mod 4; each
// step (lane + word * P2, rotated, times P1) is a bijection of the lane for a given word and
// of the word for a given lane, so a change of any one word (one flipped byte, say) always
// changes the result. The length is folded in at the end.
const P1 = 0x9e3779b1 | 0;
const P2 = 0x85ebca77 | 0;

function lanes(state, w, n) {   // the hot loop: n words of w (n a multiple of 4)
  let a = state[0], b = state[1], c = state[2], d = state[3], x = 0;
  for (let i = 0; i < n; i += 4) {
    x = (a + Math.imul(w[i], P2)) | 0; a = Math.imul((x << 13) | (x >>> 19), P1);
    x = (b + Math.imul(w[i + 1], P2)) | 0; b = Math.imul((x << 13) | (x >>> 19), P1);
    x = (c + Math.imul(w[i + 2], P2)) | 0; c = Math.imul((x << 13) | (x >>> 19), P1);
    x = (d + Math.imul(w[i + 3], P2)) | 0; d = Math.imul((x << 13) | (x >>> 19), P1);
  }
  state[0] = a; state[1] = b; state[2] = c; state[3] = d;
}

export function checksummer() {
  const state = new Int32Array([1, 2, 3, 4]);
  const carry = new Uint8Array(16);   // bytes waiting for a whole 16-byte block
  let carried = 0;
  let length = 0;
  return {
    update(bytes) {
      length += bytes.byteLength;
      let off = 0;
      if (carried) {
        const k = Math.min(16 - carried, bytes.byteLength);
        carry.set(bytes.subarray(0, k), carried);
        carried += k;
        off = k;
        if (carried < 16) return;
        lanes(state, new Int32Array(carry.buffer), 4);
        carried = 0;
      }
      const whole = (bytes.byteLength - off) & ~15;
      if (whole) {
        const at = bytes.byteOffset + off;
        const w = at % 4 === 0 ? new Int32Array(bytes.buffer, at, whole >> 2)
          : new Int32Array(bytes.slice(off, off + whole).buffer);
        lanes(state, w, whole >> 2);
      }
      carry.set(bytes.subarray(off + whole), 0);
      carried = bytes.byteLength - off - whole;
    },
    hex() {
      const s = Int32Array.from(state);
      const step = (i, v) => { const x = (s[i] + Math.imul(v, P2)) | 0; s[i] = Math.imul((x << 13) | (x >>> 19), P1); };
      const words = carried >> 2;
      const w = new Int32Array(carry.buffer, 0, words);
      for (let i = 0; i < words; i++) step(i, w[i]);
      for (let i = words * 4; i < carried; i++) step(3, carry[i]);
      step(0, length | 0);
      step(1, Math.floor(length / 2 ** 32) | 0);
      return Array.from(s, (v) => (v >>> 0).toString(16).padStart(8, "0")).join("");
    },
  };
}
