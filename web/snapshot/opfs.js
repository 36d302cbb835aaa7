// The snapshot store's backend in the origin private file system (OPFS): one file,
// "tapete-snapshot.bin", read and written through a synchronous access handle (a plain file
// read: the fastest way found to get the bytes into the worker). A sync access handle is
// exclusive: while another tab's worker holds the file, open() rejects with reason "busy".
// Only in a worker (createSyncAccessHandle is not offered to pages). Interface: file.js.
import { Rejected } from "./format.js";

const FILE = "tapete-snapshot.bin";

export const opfs = {
  name: "opfs",

  usable() {
    return !!(self.navigator && navigator.storage && navigator.storage.getDirectory &&
      self.FileSystemFileHandle && FileSystemFileHandle.prototype.createSyncAccessHandle);
  },

  async open() {
    const root = await navigator.storage.getDirectory();
    let file;
    try {
      file = await root.getFileHandle(FILE);
    } catch (err) {
      if (err && err.name === "NotFoundError") return null;
      throw new Rejected("unreadable", String(err && err.message || err));   // (a directory of that name, say)
    }
    let handle;
    try {
      handle = await file.createSyncAccessHandle();
    } catch (err) {
      throw new Rejected("busy", String(err && err.message || err));   // another tab is reading or writing it
    }
    let size;
    try { size = handle.getSize(); } catch (err) { handle.close(); throw err; }
    return { size, read: (into, at) => handle.read(into, { at }), close: () => handle.close() };
  },

  async write(head, body) {
    const root = await navigator.storage.getDirectory();
    let file;
    try {
      file = await root.getFileHandle(FILE, { create: true });
    } catch (err) {
      if (!err || err.name !== "TypeMismatchError") throw err;
      await root.removeEntry(FILE, { recursive: true });   // something else of that name: replaced
      file = await root.getFileHandle(FILE, { create: true });
    }
    const handle = await file.createSyncAccessHandle();
    let ok = false;
    try {
      // the pages first, the header last: a write cut short is rejected on the next start
      handle.truncate(0);
      let at = head.byteLength;
      for (const piece of body) {
        if (handle.write(piece, { at }) !== piece.byteLength) throw new Error("short write");
        at += piece.byteLength;
      }
      if (handle.write(head, { at: 0 }) !== head.byteLength) throw new Error("short write");
      handle.flush();
      ok = true;
    } finally {
      if (!ok) { try { handle.truncate(0); } catch { /* nothing more to do */ } }
      handle.close();
    }
  },

  async drop() {
    const root = await navigator.storage.getDirectory();
    try { await root.removeEntry(FILE); } catch (err) { if (!err || err.name !== "NotFoundError") throw err; }
  },
};
