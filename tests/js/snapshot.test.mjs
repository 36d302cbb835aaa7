// The stored snapshot of the engine's memory (web/snapshot/format.js, pieces.js, and
// file.js's openSnapshot through a backend held in memory here): made, stored in pieces,
// read back byte for byte, and every damaged file refused with its reason before any of its
// pages is used. That a refused snapshot means a normal boot, in OPFS and in IndexedDB, is
// tests/browser/test_snapshot.py's.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";

import { HEADER, PAGE, Rejected, SNAPSHOT_MAX, SNAP_FORMAT, checkHeader, checksummer, encodeSnapshot, pageMap,
  pageRuns, parseHeader, snapshotChecksum } from "../../web/snapshot/format.js";
import { PIECE, eachPiece, pieceReader } from "../../web/snapshot/pieces.js";
import { openSnapshot } from "../../web/snapshot/file.js";
import { fcRuns, thrown } from "./helpers.mjs";

const KEY = "314.0.8|abc123|v1";

/** A heap of `pages` 64 KiB pages (the last `tail` bytes long, when given) whose page i is
 * all zeros when zero(i), else filled from a seeded pattern. */
function heap(pages, zero = (i) => i % 3 === 1, tail = PAGE) {
  const size = (pages - 1) * PAGE + tail;
  const bytes = new Uint8Array(size);
  let x = 7;
  for (let p = 0; p < pages; p++) {
    if (zero(p)) continue;
    for (let i = p * PAGE; i < Math.min((p + 1) * PAGE, size); i += 97) { x = (x * 1103515245 + 12345) >>> 0; bytes[i] = (x >>> 16) & 0xFF || 1; }
  }
  return bytes;
}

/** The stored file of `bytes`: head then the stored pages, one Uint8Array. */
function fileOf(bytes, key = KEY) {
  const { head, body } = encodeSnapshot(key, bytes, 1);
  const out = new Uint8Array(HEADER + body.reduce((n, b) => n + b.byteLength, 0));
  out.set(head);
  let at = HEADER;
  for (const b of body) { out.set(b, at); at += b.byteLength; }
  return out;
}

/** A backend keeping one file in PIECE-sized pieces (as idb.js does), in memory. */
function memoryBackend() {
  let pieces = null, size = 0;
  return {
    name: "memory",
    usable: () => true,
    async write(head, body) { pieces = []; size = eachPiece(head, body, (buf, i) => { pieces[i] = buf.slice(); }); },
    async open() {
      if (!pieces) return null;
      const read = pieceReader(size, (list) => list.map((i) => Promise.resolve(pieces[i] ?? null)));
      return { size, read, close() {} };
    },
    async drop() { pieces = null; },
    /** The stored file as one array, and back (to tamper with it as test_snapshot.py does). */
    load() { const out = new Uint8Array(size); pieces.forEach((p, i) => out.set(p, i * PIECE)); return out; },
    save(file) { size = file.byteLength; pieces = []; for (let i = 0; i * PIECE < size; i++) pieces.push(file.slice(i * PIECE, (i + 1) * PIECE)); },
  };
}

async function restore(backend, key = KEY) {
  const snap = await openSnapshot(backend, Promise.resolve(key));
  const holder = new Uint8Array(snap.meta.size);
  await snap.read(holder);
  snap.check(holder);
  return holder;
}

test("the page map names the pages that are not all zeros, one hex digit per 4 pages", () => {
  assert.equal(pageMap(new Uint8Array(0)), "");
  assert.equal(pageMap(heap(1, () => true)), "0");
  assert.equal(pageMap(heap(1, () => false)), "1");
  assert.equal(pageMap(heap(5, (i) => i !== 0 && i !== 4)), "11");
  assert.equal(pageMap(heap(6, (i) => i % 2 === 1)), "51");
  const b = new Uint8Array(2 * PAGE + 3);
  b[2 * PAGE + 2] = 1;   // only the last byte of a short last page
  assert.equal(pageMap(b), "4");
});

test("the runs of a page map: consecutive stored pages as one, the last page as long as the heap", () => {
  assert.deepEqual(pageRuns(PAGE * 3, "5"), [[0, PAGE], [2 * PAGE, 3 * PAGE]]);
  assert.deepEqual(pageRuns(PAGE * 3, "7"), [[0, 3 * PAGE]]);
  assert.deepEqual(pageRuns(PAGE * 2 + 10, "6"), [[PAGE, 2 * PAGE + 10]]);
  assert.deepEqual(pageRuns(PAGE * 8, "f1"), [[0, 5 * PAGE]]);
  assert.deepEqual(pageRuns(0, ""), []);
  // maps that do not fit the size
  for (const [size, pages] of [[PAGE * 3, "8"], [PAGE * 3, "55"], [PAGE * 5, "f"], [PAGE, "g"], [PAGE, "F"], [PAGE * 4, ""]]) {
    assert.equal(pageRuns(size, pages), null, `${size} ${pages}`);
  }
});

test("a snapshot stored in pieces is read back byte for byte (zero pages left out of the file)", async () => {
  for (const [pages, tail] of [[1, 100], [17, PAGE], [40, 1234], [3, PAGE]]) {
    const bytes = heap(pages, (i) => i % 3 === 1, tail);
    const backend = memoryBackend();
    const { meta, head, body } = encodeSnapshot(KEY, bytes, 5);
    assert.equal(head.byteLength, HEADER);
    assert.equal(meta.format, SNAP_FORMAT);
    assert.equal(meta.stored, body.reduce((n, b) => n + b.byteLength, 0));
    assert.ok(meta.stored < bytes.byteLength || pages === 1);
    await backend.write(head, body);
    assert.deepEqual(await restore(backend), bytes, `${pages} pages`);
  }
});

test("a snapshot's header is read and checked: format, key, sizes, page map", () => {
  const file = fileOf(heap(9));
  const meta = parseHeader(file.subarray(0, HEADER));
  assert.deepEqual(Object.keys(meta).sort(), ["checksum", "format", "key", "made", "pages", "size", "stored"]);
  assert.equal(checkHeader({ ...meta }, file.byteLength, KEY).runs.length > 0, true);
  const reason = (f) => { try { f(); return "ok"; } catch (e) { assert.ok(e instanceof Rejected, e); return e.reason; } };
  const head = (patch) => new TextEncoder().encode(JSON.stringify({ ...meta, ...patch }).padEnd(HEADER, " "));
  for (const patch of [{ format: "tapete-snapshot/1" }, { key: 3 }, { checksum: null }, { size: 0 }, { size: -5 }, { size: 1.5 },
    { pages: 7 }, { stored: "12" }, { size: 2 ** 60 }]) {
    assert.equal(reason(() => parseHeader(head(patch))), "damaged", JSON.stringify(patch));
  }
  assert.equal(reason(() => parseHeader(new Uint8Array(HEADER).fill(0x7b))), "damaged");
  assert.equal(reason(() => parseHeader(new Uint8Array(HEADER))), "damaged");
  assert.equal(reason(() => checkHeader({ ...meta }, file.byteLength, "314.0.8|abc123|v2")), "key");
  assert.equal(reason(() => checkHeader({ ...meta, size: SNAPSHOT_MAX + 1 }, file.byteLength, KEY)), "size");
  assert.equal(reason(() => checkHeader({ ...meta }, HEADER + SNAPSHOT_MAX + 1, KEY)), "size");
  assert.equal(reason(() => checkHeader({ ...meta, pages: meta.pages + "0" }, file.byteLength, KEY)), "damaged");
  assert.equal(reason(() => checkHeader({ ...meta, stored: meta.stored - 1 }, file.byteLength, KEY)), "damaged");
  assert.equal(reason(() => checkHeader({ ...meta }, file.byteLength - 1, KEY)), "truncated");
  assert.equal(reason(() => checkHeader({ ...meta }, file.byteLength + 1, KEY)), "truncated");
});

// The tamperings of tests/browser/test_snapshot.py (TAMPER), on the stored file: each is
// refused with the reason the worker reports, before the snapshot is used.
const TAMPER = {
  corrupt(file) { file[HEADER + ((file.byteLength - HEADER) >> 1)] ^= 0xFF; return file; },
  truncate(file, meta) {   // the last stored page cut off, the page map and sizes updated: only the checksum can tell
    const d = meta.pages.search(/[1-9a-f]0*$/);
    const digit = parseInt(meta.pages[d], 16);
    const bit = 31 - Math.clz32(digit);
    const len = Math.min(PAGE, meta.size - (d * 4 + bit) * PAGE);
    const pages = meta.pages.slice(0, d) + (digit & ~(1 << bit)).toString(16) + meta.pages.slice(d + 1);
    return withHead(file.subarray(HEADER, file.byteLength - len), { ...meta, pages, stored: file.byteLength - HEADER - len });
  },
  cut(file, meta) { return withHead(file.subarray(HEADER, file.byteLength - 4096), { ...meta, stored: file.byteLength - HEADER - 4096 }); },
  key(file, meta) { return withHead(file.subarray(HEADER), { ...meta, key: meta.key.replace(/\|[^|]*$/, "|0123456789abcdef") }); },
  oversized(file, meta) {
    const big = new Uint8Array(SNAPSHOT_MAX + 1);
    big.set(file.subarray(HEADER));
    return withHead(big, { ...meta, size: big.length, stored: big.length });
  },
  header(file) { const out = file.slice(); out.fill(0x7B, 0, HEADER); return out; },
  short(file, meta) { return new TextEncoder().encode(JSON.stringify(meta)).subarray(0, 20); },
  empty() { return new Uint8Array(0); },
  flippedPageMap(file, meta) { return withHead(file.subarray(HEADER), { ...meta, pages: meta.pages.replace(/^./, (c) => (parseInt(c, 16) ^ 1).toString(16)) }); },
};
const REASON = { corrupt: "checksum", truncate: "checksum", cut: "damaged", key: "key", oversized: "size", header: "damaged",
  short: "damaged", empty: "damaged", flippedPageMap: "damaged" };

function withHead(body, meta) {
  const head = new TextEncoder().encode(JSON.stringify(meta).padEnd(HEADER, " "));
  const out = new Uint8Array(HEADER + body.byteLength);
  out.set(head);
  out.set(body, HEADER);
  return out;
}

for (const [kind, tamper] of Object.entries(TAMPER)) {
  test(`a stored snapshot ${kind === "empty" ? "of no bytes" : `tampered with (${kind})`} is refused: "${REASON[kind]}"`, async () => {
    const backend = memoryBackend();
    const { head, body } = encodeSnapshot(KEY, heap(12), 1);
    await backend.write(head, body);
    const file = backend.load();
    backend.save(tamper(file, parseHeader(file.subarray(0, HEADER))));
    const err = await thrown(() => restore(backend));
    assert.ok(err instanceof Rejected, err);
    assert.equal(err.reason, REASON[kind]);
  });
}

test("nothing stored is 'none'; a piece missing ends the read short: 'truncated'", async () => {
  const backend = memoryBackend();
  assert.equal((await thrown(() => restore(backend))).reason, "none");
  const bytes = heap(50, () => false);   // about 3 MB stored: 4 pieces
  const { head, body } = encodeSnapshot(KEY, bytes, 1);
  await backend.write(head, body);
  const open = backend.open;
  backend.open = async () => {
    const f = await open();
    const read = pieceReader(f.size, (list) => list.map((i) => (i === 2 ? Promise.reject(new Error("gone")) : Promise.resolve(backend.load().slice(i * PIECE, (i + 1) * PIECE)))));
    return { ...f, read };
  };
  assert.equal((await thrown(() => restore(backend))).reason, "truncated");
});

test("pieces: the reader fetches a few ahead and lets read pieces go; the writer reuses one buffer", async () => {
  const size = 5 * PIECE + 17;
  const whole = Uint8Array.from({ length: size }, (_, i) => (i * 31) & 0xFF);
  const asked = [];
  const read = pieceReader(size, (list) => { asked.push(list); return list.map((i) => whole.slice(i * PIECE, (i + 1) * PIECE)); });
  const into = new Uint8Array(size);
  let at = 0;
  for (const n of [10, PIECE, 3 * PIECE, PIECE + 100]) at += await read(into.subarray(at, at + n), at);
  assert.equal(at, size);
  assert.deepEqual(into, whole);
  assert.deepEqual(asked.flat().sort((a, b) => a - b), [0, 1, 2, 3, 4, 5], "each piece fetched once");
  const sizes = [];
  const total = eachPiece(whole.subarray(0, 10), [whole.subarray(10, PIECE + 5), whole.subarray(PIECE + 5)], (buf, i) => sizes.push([i, buf.byteLength]));
  assert.equal(total, size);
  assert.deepEqual(sizes, [[0, PIECE], [1, PIECE], [2, PIECE], [3, PIECE], [4, PIECE], [5, 17]]);
});

test("the checksum: the same in any cut into pieces, changed by any one changed byte (property)", () => {
  const bytes = heap(3, () => false, 5000);
  const meta = { runs: [[0, bytes.byteLength]], size: bytes.byteLength, pages: pageMap(bytes) };
  const whole = snapshotChecksum(bytes, meta);
  assert.match(whole, /^[0-9a-f]{32}$/);
  fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: bytes.byteLength }), { maxLength: 12 }), (cuts) => {
    const at = [0, ...cuts.sort((a, b) => a - b), bytes.byteLength];
    const sum = checksummer();
    for (let i = 1; i < at.length; i++) sum.update(bytes.subarray(at[i - 1], at[i]));
    const ref = checksummer();
    ref.update(bytes);
    assert.equal(sum.hex(), ref.hex());
  }), fcRuns(200));
  fc.assert(fc.property(fc.integer({ min: 0, max: bytes.byteLength - 1 }), fc.integer({ min: 1, max: 255 }), (i, x) => {
    const changed = bytes.slice();
    changed[i] ^= x;
    assert.notEqual(snapshotChecksum(changed, meta), whole);
  }), fcRuns(300));
  // the length counts: zeros added change it
  const longer = new Uint8Array(bytes.byteLength + 4);
  longer.set(bytes);
  assert.notEqual(snapshotChecksum(longer, { ...meta, runs: [[0, longer.byteLength]] }), whole);
});

test("any heap round-trips through its stored form (property)", async () => {
  await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: PAGE }), fc.integer({ min: 0, max: 511 }),
    async (pages, tail, zeros) => {
      const bytes = heap(pages, (i) => (zeros >> i) & 1, tail);
      const backend = memoryBackend();
      const { head, body } = encodeSnapshot(KEY, bytes, 1);
      await backend.write(head, body);
      assert.deepEqual(await restore(backend), bytes);
    }), fcRuns(40));
});
