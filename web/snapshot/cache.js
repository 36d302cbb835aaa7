// The snapshot store's backend in Cache Storage: one response in the cache
// "snapshot.tapete" (not "tapete-…": the service worker deletes old caches of that prefix),
// the file (header and pages, as format.js makes it) as its body. Read through a Blob, a
// few pieces ahead of the reader (pieces.js). Interface: store.js.
import { Rejected } from "./format.js";
import { PIECE, pieceReader } from "./pieces.js";

const CACHE = "snapshot.tapete";
const FILE = new URL("tapete-snapshot.bin", self.location.href).href;   // a cache key, never fetched

const unreadable = (err) => new Rejected("unreadable", String((err && err.message) || err));

export const cache = {
  name: "cache",

  usable() {
    return typeof caches !== "undefined" && !!caches && typeof caches.open === "function";
  },

  async open() {
    let blob;
    try {
      const res = await (await caches.open(CACHE)).match(FILE);
      if (!res) return null;
      blob = await res.blob();
    } catch (err) { throw unreadable(err); }
    const read = pieceReader(blob.size, (list) =>
      list.map((i) => blob.slice(i * PIECE, (i + 1) * PIECE).arrayBuffer().then((b) => new Uint8Array(b))));
    return { size: blob.size, read, close() {} };
  },

  async write(head, body) {
    const c = await caches.open(CACHE);
    await c.put(FILE, new Response(new Blob([head, ...body]), { headers: { "content-type": "application/octet-stream" } }));
  },

  async drop() {
    await caches.delete(CACHE);
  },
};
