// The store of the engine's memory snapshot (docs/app.md, "Start-up"): only Python's worker
// (web/worker.js) reads and writes it; the file's form and its checks are format.js's, the
// bytes are kept by a backend:
//
//   name               what it is ("opfs", "idb")
//   usable()           whether this browser offers it (checked once per start)
//   open()             the stored file, for reading: a promise of null (none stored) or of
//                      {size: its bytes, read(into, at): the bytes read into the Uint8Array
//                      `into` from offset `at` (a number or a promise of one), close()};
//                      rejects with Rejected("busy") while another tab holds it
//   write(head, body)  replaces the file with `head` then the Uint8Arrays of `body`, in
//                      order; a write cut short leaves a file open() finds damaged (or none)
//   drop()             deletes its file (after a snapshot was stored in another backend)
//
// open() rejects with Rejected("unreadable") when the store itself cannot be read.
// BACKENDS lists them by preference; the first usable one is used. A snapshot is a cache:
// anything wrong with it means a normal boot, which stores a fresh one.
import { HEADER, Rejected, parseHeader, checkHeader, encodeSnapshot, snapshotChecksum } from "./format.js";
import { opfs } from "./opfs.js";
import { idb } from "./idb.js";

export const BACKENDS = [opfs, idb];
/** Room a snapshot needs, in times its size: never stored at the expense of the matches. */
const ROOM = 4;
const OLD_SNAP_DB = "tapete-snapshot";   // where an earlier version kept it (IndexedDB; no backend's name)

/** The backend this browser offers, or null (no snapshot: every start is a normal boot);
 * `only`: that backend's name (a test hook of web/worker.js), "none" for none. */
export function snapshotBackend(only) {
  return BACKENDS.find((b) => (!only || b.name === only) && b.usable()) || null;
}

/**
 * The snapshot stored in `backend`, its header read and checked against this build's key
 * (`keyPromise`, awaited only once the header's own fields are checked) before any of its
 * bytes: {meta, read(holder), check(holder), close()}, the file still open for `read`, or
 * a rejection with a Rejected reason ("none": nothing stored).
 */
export async function openSnapshot(backend, keyPromise) {
  const file = await backend.open();
  if (!file) throw new Rejected("none");
  try {
    const head = new Uint8Array(HEADER);
    if (file.size < HEADER || (await file.read(head, 0)) !== HEADER) throw new Rejected("damaged", `${file.size} bytes`);
    const meta = parseHeader(head);
    checkHeader(meta, file.size, await keyPromise);
    return {
      meta,
      read: (holder) => readPages(file, meta, holder),
      check(holder) {
        if (snapshotChecksum(holder, meta) !== meta.checksum) throw new Rejected("checksum");
      },
      close: () => file.close(),
    };
  } catch (err) {
    file.close();
    throw err;
  }
}

// Reads the snapshot's stored pages into their places in `holder` (zeros elsewhere: a new
// buffer is all zeros); closes the file.
async function readPages(file, meta, holder) {
  try {
    let at = HEADER;
    for (const [start, end] of meta.runs) {
      const n = await file.read(holder.subarray(start, end), at);
      if (n !== end - start) throw new Rejected("truncated", `read ${n} of ${end - start} bytes at ${at}`);
      at += n;
    }
  } finally {
    file.close();
  }
}

/** Stores snapshot `bytes` made for `key` in `backend`: {bytes, stored, ms}, or an Error
 * ("not stored: …" when there is not room enough). */
export async function storeSnapshot(backend, key, bytes) {
  const t = performance.now();
  try {
    const est = await navigator.storage.estimate();
    if (est && est.quota && est.quota - (est.usage || 0) < ROOM * bytes.byteLength) {
      throw new Error(`not stored: ${Math.round((est.quota - (est.usage || 0)) / 1e6)} MB free`);
    }
  } catch (err) {
    if (String(err.message).startsWith("not stored")) throw err;   // no estimate: go on
  }
  const { meta, head, body } = encodeSnapshot(key, bytes);
  await backend.write(head, body);
  // an earlier version kept its snapshot in IndexedDB, another backend may hold an older
  // one (a browser that gained OPFS): free that room
  try { indexedDB.deleteDatabase(OLD_SNAP_DB); } catch { /* none */ }
  for (const other of BACKENDS) {
    if (other !== backend && other.usable()) other.drop().catch(() => {});
  }
  return { bytes: bytes.byteLength, stored: meta.stored, ms: Math.round(performance.now() - t) };
}
