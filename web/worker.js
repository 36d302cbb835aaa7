// Tapete's Python worker (a module Web Worker): Pyodide, loaded once, and the engine.
//
// Protocol (docs/app.md):
//   page -> worker  {id, type: "call", json: "<request JSON>"}
//   worker -> page  {id, ok: true, json: "<answer JSON>"}          the engine's answer
//                   {id, ok: false, error: {kind, message}}        Python raised, or boot failed
//   worker -> page  {type: "progress", stage: "runtime" | "engine", ms}
//                   {type: "ready", ms, stages, pyodide, python, engine, snapshot: {used, reason}}
//                   {type: "snapshot", stored, bytes, ms}    after a normal boot: snapshot stored
//   page -> worker  {id, type: "random"}                        one draw of Python's random (tests)
//                   {type: "failed", error: {kind, message}}
// Calls that arrive before the engine is ready wait for it. The engine answers with
// engine.api.handle_json, which never raises; anything Python still raises comes back
// as a readable error and the worker stays usable.
// Nothing is imported statically: the worker starts its fetches and reads at once, in
// parallel (Pyodide's wasm, compiled as it arrives; Pyodide's JS, its wasm glue, the build
// info, the stored snapshot).
/** A file that could not be downloaded (no network, an error status, a body cut short). */
class NetworkError extends Error {
  constructor(what, err) {
    super(`${what}: the download failed (${String((err && err.message) || err)})`);
    this.name = "NetworkError";
  }
}
const t0 = performance.now();
const indexURL = new URL("./pyodide/", import.meta.url).href;
const WASM_URL = `${indexURL}pyodide.asm.wasm`;
const realFetch = self.fetch.bind(self);
const wasmModule = WebAssembly.compileStreaming(realFetch(WASM_URL));
// (a module that cannot be fetched is a TypeError: a NetworkError below)
const fetchFailure = (what) => (err) => { throw err instanceof TypeError ? new NetworkError(what, err) : err; };
const pyodideModule = import("./pyodide/pyodide.mjs").catch(fetchFailure("pyodide/pyodide.mjs"));
// the module loadPyodide imports itself (the same URL: one module instance)
const asmModule = import("./pyodide/pyodide.asm.mjs").catch(fetchFailure("pyodide/pyodide.asm.mjs"));
pyodideModule.catch(() => {});
asmModule.catch(() => {});
const stages = {};
const mark = (name) => { stages[name] = Math.round(performance.now() - t0); };
const progress = (stage) => postMessage({ type: "progress", stage, ms: Math.round(performance.now() - t0) });
wasmModule.then(() => { mark("wasm"); progress("wasm"); }, () => {});

// ------------------------------------------------------------------ Pyodide's downloads
// While Pyodide loads, its requests go through `watchedFetch`:
// - its request for the wasm gets WASM_PENDING instead, and its WebAssembly.instantiateStreaming
//   of that instantiates the module compiled above (`wasmModule`: one request, started at
//   the worker's first moment instead of after Pyodide's JS has loaded; its compilation
//   overlaps the rest);
// - a download that fails (no network, an error status, a body cut short) fails the boot
//   at once with a NetworkError: Pyodide itself only logs some of these and then waits
//   forever (a failed wasm) or fails later with an unrelated message (the stdlib). What
//   Pyodide was waiting for is then left pending (it is not loading any more).
// Both are put back when loadPyodide has settled.
let failBoot;
const downloadFailed = new Promise((_, reject) => { failBoot = reject; });
downloadFailed.catch(() => {});
const never = new Promise(() => {});
const failed = (what) => (err) => { failBoot(new NetworkError(what, err)); return never; };
wasmModule.catch((err) => failBoot(new NetworkError("pyodide/pyodide.asm.wasm", err)));
const WASM_PENDING = Object.freeze({ wasm: "compiled by web/worker.js" });
const realInstantiateStreaming = WebAssembly.instantiateStreaming;

function watchedFetch(input, init) {
  const href = String(input instanceof Request ? input.url : input);
  if (href === WASM_URL) return Promise.resolve(WASM_PENDING);
  const what = href.startsWith(indexURL) ? `pyodide/${href.slice(indexURL.length)}` : href;
  return realFetch(input, init).then((res) => {
    if (!res.ok) return failed(what)(`HTTP ${res.status}`);
    for (const body of ["arrayBuffer", "json", "text"]) {
      const read = res[body].bind(res);
      res[body] = () => read().catch(failed(what));
    }
    return res;
  }, failed(what));
}

async function instantiateStreaming(source, imports) {
  if ((await source) !== WASM_PENDING) return realInstantiateStreaming.call(WebAssembly, source, imports);
  const module = await wasmModule.catch(() => never);   // (the boot has failed: downloadFailed)
  return { module, instance: await WebAssembly.instantiate(module, imports) };
}

/** loadPyodide(options) with its downloads watched (above); rejects on a failed download. */
let loading = 0;   // (a restore that timed out may still be loading when a normal boot starts)
async function loadWatched(loadPyodide, options) {
  if (loading++ === 0) {
    self.fetch = watchedFetch;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
  const loaded = loadPyodide(options);
  loaded.catch(() => {}).finally(() => {
    if (--loading === 0) {
      self.fetch = realFetch;
      WebAssembly.instantiateStreaming = realInstantiateStreaming;
    }
  });
  return Promise.race([loaded, downloadFailed]);
}

/** One of the app's own files (build.json, engine.zip): its body, or a NetworkError. */
async function download(path, as) {
  let res;
  try {
    res = await realFetch(new URL(path, import.meta.url));
  } catch (err) { throw new NetworkError(path, err); }
  if (!res.ok) throw new NetworkError(path, `HTTP ${res.status}`);
  try {
    return await res[as]();
  } catch (err) { throw new NetworkError(path, err); }
}

function readable(err) {
  const text = String((err && err.message) || err || "unknown error");
  const lines = text.trim().split("\n").filter((l) => l.trim());
  const last = lines[lines.length - 1] || text;
  return { kind: err && err.type ? err.type : (err && err.name) || "Error", message: last, detail: text };
}

// The single, well-defined engine loading step: unpack engine.zip and import every
// module of the package (a later memory snapshot is taken right after this).
const IMPORT_ENGINE = `
import sys, importlib, pkgutil
if "/home/pyodide/tapete" not in sys.path:
    sys.path.insert(0, "/home/pyodide/tapete")
import engine
_names = sorted(m.name for m in pkgutil.walk_packages(engine.__path__, "engine.")
                if m.name.rsplit(".", 1)[-1] != "__main__")
for _n in _names:
    importlib.import_module(_n)
import engine.api
(",".join(["engine"] + _names), sys.version.split()[0])
`;

export function loadEngine(pyodide, zipBytes) {
  pyodide.unpackArchive(zipBytes, "zip", { extractDir: "/home/pyodide/tapete" });
  const res = pyodide.runPython(IMPORT_ENGINE);
  const [modules, python] = res.toJs();
  res.destroy();
  return { modules: modules.split(","), python };
}

// After a restore from a memory snapshot: the engine's modules are already imported (the
// file system is not in the snapshot, but imported modules are). Python's `random` and
// anything else drawn from it would be frozen in the snapshot: reseed it from the browser.
function afterRestore(pyodide) {
  const seed = new Uint32Array(8);
  crypto.getRandomValues(seed);
  const hex = Array.from(seed, (n) => n.toString(16).padStart(8, "0")).join("");
  const res = pyodide.runPython(`
import sys, random
random.seed(0x${hex})
import engine.api
_names = sorted(n for n in sys.modules if n == "engine" or n.startswith("engine."))
(",".join(_names), sys.version.split()[0])
`);
  const [modules, python] = res.toJs();
  res.destroy();
  return { modules: modules.split(","), python };
}

// ------------------------------------------------------------------ memory snapshot
// One file in the origin private file system (OPFS), "tapete-snapshot.bin":
//   bytes 0..4095  a JSON header {format, key, size, pages, stored, checksum, made}, padded
//                  with spaces;
//   bytes 4096..   the snapshot's 64 KiB pages that are not all zeros, in order (`stored`
//                  bytes; about half of the 31 MB heap is zero pages). `pages` says which
//                  pages are there: one hex digit per 4 pages, bit i of a digit = page 4k+i.
// with key = "<pyodide version>|<engine.zip sha256>|<app version>". Only this worker reads
// and writes it, through a synchronous access handle (a plain file read: the fastest way
// found to get the bytes into the worker). It is used only when the key is this build's,
// the sizes are sane and agree, and the checksum (of the stored bytes and the page map)
// matches; anything else (or a restore that fails or takes too long) boots normally in this
// same worker and stores a fresh snapshot. An earlier version kept it in IndexedDB
// "tapete-snapshot" (deleted when a new one is stored).
const SNAP_FILE = "tapete-snapshot.bin";
const SNAP_FORMAT = "tapete-snapshot/2";
const HEADER = 4096;
const PAGE = 65536;
export const SNAPSHOT_MAX = 64 * 1024 * 1024;
const OLD_SNAP_DB = "tapete-snapshot";   // where an earlier version kept it (IndexedDB)
// test hooks, from the Worker's name ("tapete-python;hang,timeout=1500"): never set by the app
const DEBUG = Object.fromEntries(String(self.name || "").split(";").slice(1).join(",")
  .split(",").filter(Boolean).map((kv) => { const [k, v] = kv.split("="); return [k, v === undefined ? true : v]; }));
const RESTORE_TIMEOUT = Number(DEBUG.timeout) || 10_000;

class Rejected extends Error {
  constructor(reason, message) { super(message || reason); this.reason = reason; }
}

const opfsUsable = () => !!(self.navigator && navigator.storage && navigator.storage.getDirectory &&
  self.FileSystemFileHandle && FileSystemFileHandle.prototype.createSyncAccessHandle);

// The stored snapshot's header, read and checked against this build's `key` before any of
// its bytes is read: resolves with {meta, handle} (the file still open, for readBytes) or
// rejects with a Rejected reason.
async function openSnapshot(keyPromise) {
  const root = await navigator.storage.getDirectory();
  let file;
  try {
    file = await root.getFileHandle(SNAP_FILE);
  } catch (err) {
    if (err && err.name === "NotFoundError") throw new Rejected("none");
    throw err;
  }
  let handle;
  try {
    handle = await file.createSyncAccessHandle();
  } catch (err) {
    throw new Rejected("busy", String(err && err.message || err));   // another tab is reading or writing it
  }
  try {
    const total = handle.getSize();
    const head = new Uint8Array(HEADER);
    if (total < HEADER || handle.read(head, { at: 0 }) !== HEADER) throw new Rejected("damaged", `${total} bytes`);
    let meta;
    try { meta = JSON.parse(new TextDecoder().decode(head)); } catch { throw new Rejected("damaged", "bad header"); }
    if (!meta || meta.format !== SNAP_FORMAT || typeof meta.key !== "string" || typeof meta.checksum !== "string" ||
      !Number.isSafeInteger(meta.size) || meta.size <= 0 || typeof meta.pages !== "string" ||
      !Number.isSafeInteger(meta.stored)) throw new Rejected("damaged", "bad header");
    const key = await keyPromise;
    if (meta.key !== key) throw new Rejected("key", `made for ${meta.key}`);
    if (meta.size > SNAPSHOT_MAX || total - HEADER > SNAPSHOT_MAX) throw new Rejected("size", `${Math.max(meta.size, total - HEADER)} bytes`);
    const runs = pageRuns(meta.size, meta.pages);
    if (!runs || runs.reduce((n, [a, b]) => n + b - a, 0) !== meta.stored) throw new Rejected("damaged", "bad page map");
    if (total - HEADER !== meta.stored) throw new Rejected("truncated", `${total - HEADER} of ${meta.stored} bytes`);
    meta.runs = runs;
    return { meta, handle };
  } catch (err) {
    handle.close();
    throw err;
  }
}

// Reads the snapshot's stored pages into their places in `holder` (zeros elsewhere: a new
// buffer is all zeros) with plain synchronous file reads; closes the file.
function readBytes({ meta, handle }, holder) {
  try {
    let at = HEADER;
    for (const [start, end] of meta.runs) {
      const n = handle.read(holder.subarray(start, end), { at });
      if (n !== end - start) throw new Rejected("truncated", `read ${n} of ${end - start} bytes at ${at}`);
      at += n;
    }
    mark("read");
  } finally {
    handle.close();
  }
}

// The runs [start, end) of consecutive stored pages of a `size`-byte snapshot, from its page
// map; null when the map does not fit the size.
function pageRuns(size, pages) {
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

// The page map of `bytes`: which 64 KiB pages are not all zeros.
function pageMap(bytes) {
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

// The checksum of a snapshot: of its stored bytes (in order), then of its size and page map.
function snapshotChecksum(holder, meta) {
  const sum = checksummer();
  for (const [start, end] of meta.runs) sum.update(holder.subarray(start, end));
  sum.update(new TextEncoder().encode(`|${meta.size}|${meta.pages}`));
  return sum.hex();
}

// A fast checksum (hex), fed in pieces. Not a cryptographic hash: it guards against a damaged
// or cut file (only this worker writes it), at about twice the speed of SHA-256 in
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

async function storeSnapshot(key, bytes) {
  const t = performance.now();
  if (!opfsUsable()) throw new Error("not stored: no origin private file system");
  // never at the expense of the matches: only with room for several times its size
  try {
    const est = await navigator.storage.estimate();
    if (est && est.quota && est.quota - (est.usage || 0) < 4 * bytes.byteLength) {
      throw new Error(`not stored: ${Math.round((est.quota - (est.usage || 0)) / 1e6)} MB free`);
    }
  } catch (err) {
    if (String(err.message).startsWith("not stored")) throw err;   // no estimate: go on
  }
  const pages = pageMap(bytes);
  const runs = pageRuns(bytes.byteLength, pages);
  const stored = runs.reduce((n, [a, b]) => n + b - a, 0);
  const meta = { format: SNAP_FORMAT, key, size: bytes.byteLength, pages, stored, checksum: "", made: Date.now() };
  meta.checksum = snapshotChecksum(bytes, { ...meta, runs });
  const head = new TextEncoder().encode(JSON.stringify(meta).padEnd(HEADER, " "));
  if (head.byteLength !== HEADER) throw new Error("not stored: header too long");
  const root = await navigator.storage.getDirectory();
  const file = await root.getFileHandle(SNAP_FILE, { create: true });
  const handle = await file.createSyncAccessHandle();
  let ok = false;
  try {
    // the pages first, the header last: a write cut short is rejected on the next start
    handle.truncate(0);
    let at = HEADER;
    for (const [start, end] of runs) {
      if (handle.write(bytes.subarray(start, end), { at }) !== end - start) throw new Error("short write");
      at += end - start;
    }
    if (handle.write(head, { at: 0 }) !== HEADER) throw new Error("short write");
    handle.flush();
    ok = true;
  } finally {
    if (!ok) { try { handle.truncate(0); } catch { /* nothing more to do */ } }
    handle.close();
  }
  // an earlier version kept its snapshot in IndexedDB: free that room
  try { indexedDB.deleteDatabase(OLD_SNAP_DB); } catch { /* none */ }
  return { bytes: bytes.byteLength, stored, ms: Math.round(performance.now() - t) };
}

// Reading, checking and restoring the snapshot together have RESTORE_TIMEOUT ms.
let deadlineTimer;
let timedOut = false;
const deadline = new Promise((_, reject) => {
  deadlineTimer = setTimeout(() => {
    timedOut = true;
    reject(new Rejected("timeout", `no restore after ${RESTORE_TIMEOUT} ms`));
  }, RESTORE_TIMEOUT);
});
deadline.catch(() => {});
const inTime = (promise) => Promise.race([promise, deadline]);

let handleJson = null;
let pyodide = null;
const quiet = { stdout: () => {}, stderr: (s) => console.warn("[python]", s) };

// Restores from the snapshot `snap` (its header checked, the file open). Pyodide starts at
// once: it fetches and compiles its wasm while the bytes are read and their SHA-256 is
// checked. The wasm module is handed to Pyodide only once the check has passed, so no byte
// of the snapshot is used before (Pyodide copies it into the heap after that).
async function restore(snap, loadPyodide) {
  // Pyodide needs only the size to create its memory: it gets a buffer of that size, which
  // is filled and checked on the next task (Pyodide's first steps, its fetches, go first)
  const holder = new Uint8Array(snap.meta.size);
  const checked = new Promise((resolve, reject) => setTimeout(() => {
    try {
      readBytes(snap, holder);
      if (snapshotChecksum(holder, snap.meta) !== snap.meta.checksum) throw new Rejected("checksum");
      mark("checked");
      resolve();
    } catch (err) { reject(err); }
  }, 0));
  checked.catch(() => {});
  const createPyodideModule = async (settings) => {
    const create = (await asmModule).default;
    const [module] = await Promise.all([create(settings), checked]);
    mark("module");
    return module;
  };
  const restoring = DEBUG.hang ? new Promise(() => {})
    : loadWatched(loadPyodide, { indexURL, _loadSnapshot: holder, createPyodideModule, ...quiet });
  // a failed read or check rejects at once (the restore may still be creating its module)
  const py = await Promise.race([restoring, checked.then(() => new Promise(() => {}))]);
  return { py, eng: afterRestore(py) };
}

const booting = (async () => {
  progress("runtime");
  // everything at once: Pyodide's JS (above), the build info, the stored snapshot
  const buildPromise = download("build.json", "json");
  buildPromise.catch(() => {});
  const keyPromise = Promise.all([pyodideModule, buildPromise])
    .then(([py, build]) => `${py.version}|${build.engine.sha256}|${build.version}`);
  keyPromise.catch(() => {});
  const usable = opfsUsable();
  const opened = usable ? inTime(openSnapshot(keyPromise)) : Promise.reject(new Rejected("none"));
  opened.then((snap) => { if (timedOut) snap.handle.close(); }, () => {});
  let zipPromise = null;
  const engineZip = () => (zipPromise = zipPromise || download("engine.zip", "arrayBuffer"));
  opened.catch(() => engineZip().catch(() => {}));   // no snapshot: a normal boot is coming
  const { loadPyodide, version: pyodideVersion } = await pyodideModule;
  const build = await buildPromise;
  const key = await keyPromise;
  let eng = null;
  const snapshot = { used: false, reason: null };
  if (usable) {
    try {
      const out = await inTime(opened.then((snap) => { mark("header"); return restore(snap, loadPyodide); }));
      pyodide = out.py;
      eng = out.eng;
      snapshot.used = true;
      mark("runtime");
    } catch (err) {
      snapshot.reason = err.reason || "restore";
      snapshot.error = String(err && err.message || err);
      if (snapshot.reason !== "none") console.warn("snapshot not used:", snapshot.reason, snapshot.error);
    }
  } else {
    snapshot.reason = "unsupported";
  }
  clearTimeout(deadlineTimer);
  let made = null;
  if (!eng) {
    engineZip().catch(() => {});
    pyodide = await loadWatched(loadPyodide, { indexURL, _makeSnapshot: true, ...quiet });
    mark("runtime");
    progress("engine");
    const zipBytes = await engineZip();
    eng = loadEngine(pyodide, zipBytes);
    mark("imported");
    // the engine is imported and no game state exists yet: the moment for a snapshot
    try { made = usable ? pyodide.makeMemorySnapshot() : null; } catch (err) { snapshot.makeError = String(err && err.message || err); }
    mark("made");
  }
  handleJson = pyodide.pyimport("engine.api").handle_json;
  mark("engine");
  const ready = { type: "ready", ms: Math.round(performance.now() - t0), stages,
    started: Math.round(performance.timeOrigin + t0),
    pyodide: pyodideVersion, python: eng.python, modules: eng.modules,
    engine: build.engine.sha256, version: build.version, snapshot };
  // the engine's shuffle version (share links carry it)
  const dv = pyodide.runPython("import engine.deal; engine.deal.SHUFFLE_VERSION");
  ready.shuffle = dv;
  postMessage(ready);
  if (made) {
    // after "ready": the page is not kept waiting for the write
    storeSnapshot(key, made)
      .then((info) => postMessage({ type: "snapshot", stored: true, ...info }))
      .catch((err) => postMessage({ type: "snapshot", stored: false, error: String(err && err.message || err) }));
    made = null;
  }
})();

booting.catch((err) => postMessage({ type: "failed", error: readable(err) }));

onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type !== "call" && msg.type !== "random") return;
  try {
    await booting;
  } catch (err) {
    postMessage({ id: msg.id, ok: false, error: readable(err) });
    return;
  }
  try {
    // "random": one draw from Python's `random` (tests: it is not frozen by a snapshot)
    const out = msg.type === "random"
      ? JSON.stringify(pyodide.runPython("import random; str(random.getrandbits(64))"))
      : handleJson(msg.json);
    postMessage({ id: msg.id, ok: true, json: out });
  } catch (err) {
    postMessage({ id: msg.id, ok: false, error: readable(err) });
  }
};
