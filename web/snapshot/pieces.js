// A stored snapshot kept in pieces of PIECE bytes (idb.js), read the way file.js
// reads: the header, then forward through the pages. Each piece is fetched once, a few
// ahead of the reader (AHEAD: its fetches overlap Pyodide's start), and let go once read
// past: besides the snapshot itself, at most AHEAD pieces are held.
export const PIECE = 1 << 20;
const AHEAD = 4;

/**
 * The read(into, at) of a backend's file of `size` bytes whose piece i (bytes i * PIECE
 * onwards) `fetch(list)` fetches: for a list of piece numbers, one promise each, of a
 * Uint8Array or of null (missing). A piece missing, cut short or failing ends the read
 * short: file.js finds the file damaged or truncated.
 */
export function pieceReader(size, fetch) {
  const count = Math.ceil(size / PIECE);
  const pending = new Map();   // piece number -> promise of its bytes
  const piece = (i) => {
    const want = [];
    for (let k = i; k < Math.min(i + AHEAD, count); k++) if (!pending.has(k)) want.push(k);
    if (want.length) {
      let got;
      try { got = fetch(want); } catch (err) { got = want.map(() => Promise.reject(err)); }
      want.forEach((k, j) => {
        const p = Promise.resolve(got[j]).catch(() => null);
        pending.set(k, p);
      });
    }
    for (const k of pending.keys()) if (k < i) pending.delete(k);
    return pending.get(i);
  };
  return async (into, at) => {
    let done = 0;
    while (done < into.byteLength && at + done < size) {
      const i = Math.floor((at + done) / PIECE);
      const bytes = await piece(i);
      const off = at + done - i * PIECE;
      if (!(bytes instanceof Uint8Array) || bytes.byteLength <= off) break;
      const n = Math.min(bytes.byteLength - off, into.byteLength - done);
      into.set(bytes.subarray(off, off + n), done);
      done += n;
    }
    return done;
  };
}

/** The pieces of `head` then the Uint8Arrays of `body`, in order, handed to `put(bytes, i)`
 * one at a time in one reused buffer (the last one a copy of its own length); returns the
 * total size. `put` must be done with the bytes when it returns (IndexedDB's put clones). */
export function eachPiece(head, body, put) {
  const buf = new Uint8Array(PIECE);
  let fill = 0, index = 0, size = 0;
  for (const part of [head, ...body]) {
    size += part.byteLength;
    for (let off = 0; off < part.byteLength;) {
      const n = Math.min(PIECE - fill, part.byteLength - off);
      buf.set(part.subarray(off, off + n), fill);
      fill += n;
      off += n;
      if (fill === PIECE) { put(buf, index++); fill = 0; }
    }
  }
  if (fill) put(buf.slice(0, fill), index++);
  return size;
}
