// The snapshot store's backend in IndexedDB, for browsers without OPFS sync access handles
// (WebKit here): database "tapete-engine-snapshot", object store "pieces": the file (header
// and pages, as format.js makes it) in pieces of PIECE bytes, ArrayBuffers keyed 0, 1, …,
// and under "file" {size, piece}. Written in one transaction (the old pieces cleared in
// it): a write cut short leaves the old file or none. Read a few pieces ahead of the
// reader (pieces.js). A write by another tab during a read makes the checksum fail: that
// start boots normally. Interface: file.js.
import { Rejected } from "./format.js";
import { PIECE, pieceReader, eachPiece } from "./pieces.js";

const DB = "tapete-engine-snapshot";   // (not "tapete-snapshot": an earlier version's, deleted by file.js)
const STORE = "pieces";
const FILE = "file";

const done = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

function openDb() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => db.close();   // never in the way of a deletion
      resolve(db);
    };
    req.onerror = () => reject(req.error);
  });
}

const unreadable = (err) => new Rejected("unreadable", String((err && err.message) || err));

export const idb = {
  name: "idb",

  usable() {
    return typeof indexedDB !== "undefined" && !!indexedDB;
  },

  async open() {
    let db;
    try { db = await openDb(); } catch (err) { throw unreadable(err); }
    let file;
    try {
      file = await done(db.transaction(STORE).objectStore(STORE).get(FILE));
    } catch (err) {
      db.close();
      throw unreadable(err);
    }
    if (file === undefined) { db.close(); return null; }
    if (!file || !Number.isSafeInteger(file.size) || file.size < 0 || file.piece !== PIECE) {
      db.close();
      throw new Rejected("damaged", "bad file record");
    }
    const read = pieceReader(file.size, (list) => {
      const store = db.transaction(STORE).objectStore(STORE);
      return list.map((i) => done(store.get(i)).then((v) => (v instanceof ArrayBuffer ? new Uint8Array(v) : null)));
    });
    return { size: file.size, read, close: () => db.close() };
  },

  async write(head, body) {
    let db;
    try {
      db = await openDb();
    } catch (err) {
      if (!err || err.name !== "VersionError") throw err;
      await done(indexedDB.deleteDatabase(DB));   // a later version's database: start afresh
      db = await openDb();
    }
    try {
      const tx = db.transaction(STORE, "readwrite");
      const written = new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onabort = tx.onerror = () => reject(tx.error || new Error("not stored"));
      });
      written.catch(() => {});
      try {
        const store = tx.objectStore(STORE);
        store.clear();
        const size = eachPiece(head, body, (bytes, i) => store.put(bytes.buffer, i));
        store.put({ size, piece: PIECE }, FILE);
      } catch (err) {
        try { tx.abort(); } catch { /* already over */ }
        throw err;
      }
      await written;
    } finally {
      db.close();
    }
  },

  async drop() {
    await done(indexedDB.deleteDatabase(DB));
  },
};
