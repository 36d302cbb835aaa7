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
import { loadPyodide, version as pyodideVersion } from "./pyodide/pyodide.mjs";

const t0 = performance.now();
const stages = {};
const mark = (name) => { stages[name] = Math.round(performance.now() - t0); };
const progress = (stage) => postMessage({ type: "progress", stage, ms: Math.round(performance.now() - t0) });

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
// One record in IndexedDB "tapete-snapshot" / "snapshot" / "engine":
//   {key: "<pyodide version>|<engine.zip sha256>|<app version>", size, sha256 (hex), made, blob}
// It is used only when the key is this build's, the size is sane and the SHA-256 of the
// bytes matches; anything else (or a restore that fails or takes too long) boots normally
// in this same worker and stores a fresh snapshot.
const SNAP_DB = "tapete-snapshot";
const SNAP_STORE = "snapshot";
const SNAP_ID = "engine";
export const SNAPSHOT_MAX = 64 * 1024 * 1024;
// test hooks, from the Worker's name ("tapete-python;hang,timeout=1500"): never set by the app
const DEBUG = Object.fromEntries(String(self.name || "").split(";").slice(1).join(",")
  .split(",").filter(Boolean).map((kv) => { const [k, v] = kv.split("="); return [k, v === undefined ? true : v]; }));
const RESTORE_TIMEOUT = Number(DEBUG.timeout) || 10_000;

class Rejected extends Error {
  constructor(reason, message) { super(message || reason); this.reason = reason; }
}

function snapDB() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(SNAP_DB, 1);
    req.onupgradeneeded = () => { if (!req.result.objectStoreNames.contains(SNAP_STORE)) req.result.createObjectStore(SNAP_STORE); };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("snapshot database blocked"));
  });
}

function idb(req) {
  return new Promise((resolve, reject) => { req.onsuccess = () => resolve(req.result); req.onerror = () => reject(req.error); });
}

async function sha256hex(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function readRecord() {
  const db = await snapDB();
  try {
    return await idb(db.transaction(SNAP_STORE, "readonly").objectStore(SNAP_STORE).get(SNAP_ID));
  } finally { db.close(); }
}

// Checks what can be checked without reading the bytes (throws Rejected), then resolves
// with the bytes once their SHA-256 matches.
function snapshotBytes(rec, key) {
  if (!rec) throw new Rejected("none");
  if (rec.key !== key) throw new Rejected("key", `made for ${rec.key}`);
  if (!(rec.blob instanceof Blob) || typeof rec.sha256 !== "string") throw new Rejected("damaged");
  if (rec.blob.size > SNAPSHOT_MAX || rec.size > SNAPSHOT_MAX) throw new Rejected("size", `${rec.blob.size} bytes`);
  if (rec.blob.size !== rec.size) throw new Rejected("truncated", `${rec.blob.size} of ${rec.size} bytes`);
  return (async () => {
    const bytes = new Uint8Array(await rec.blob.arrayBuffer());
    if (await sha256hex(bytes) !== rec.sha256) throw new Rejected("checksum");
    return bytes;
  })();
}

async function storeSnapshot(key, bytes) {
  const t = performance.now();
  // never at the expense of the matches: only with room for several times its size
  try {
    const est = await navigator.storage.estimate();
    if (est && est.quota && est.quota - (est.usage || 0) < 4 * bytes.byteLength) {
      throw new Error(`not stored: ${Math.round((est.quota - (est.usage || 0)) / 1e6)} MB free`);
    }
  } catch (err) {
    if (String(err.message).startsWith("not stored")) throw err;   // no estimate: go on
  }
  const sha256 = await sha256hex(bytes);
  const blob = new Blob([bytes], { type: "application/octet-stream" });
  const db = await snapDB();
  try {
    const tx = db.transaction(SNAP_STORE, "readwrite");
    tx.objectStore(SNAP_STORE).put({ key, size: bytes.byteLength, sha256, made: Date.now(), blob }, SNAP_ID);
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onabort = tx.onerror = () => reject(tx.error); });
  } finally { db.close(); }
  return { bytes: bytes.byteLength, ms: Math.round(performance.now() - t) };
}

function withTimeout(promise, ms) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Rejected("timeout", `no restore after ${ms} ms`)), ms);
  })]).finally(() => clearTimeout(timer));
}

let handleJson = null;
let pyodide = null;
const quiet = { stdout: () => {}, stderr: (s) => console.warn("[python]", s) };

async function restore(recordPromise, key, indexURL) {
  const bytes = snapshotBytes(await recordPromise, key);
  bytes.catch(() => {});
  // Pyodide loads its JS while the bytes are read and checked (it awaits them before the
  // wasm starts); a failed check rejects the restore
  const restoring = DEBUG.hang ? new Promise(() => {}) : loadPyodide({ indexURL, _loadSnapshot: bytes, ...quiet });
  const py = await restoring;
  const eng = afterRestore(py);
  return { py, eng };
}

const booting = (async () => {
  progress("runtime");
  const indexURL = new URL("./pyodide/", import.meta.url).href;
  // everything at once: the build info, the engine archive and Pyodide itself
  const buildPromise = fetch(new URL("./build.json", import.meta.url)).then((r) => r.json());
  const zipPromise = fetch(new URL("./engine.zip", import.meta.url))
    .then((r) => { if (!r.ok) throw new Error(`engine archive: HTTP ${r.status}`); return r.arrayBuffer(); });
  zipPromise.catch(() => {});
  buildPromise.catch(() => {});
  const recordPromise = typeof indexedDB !== "undefined" ? readRecord() : Promise.resolve(null);
  recordPromise.catch(() => {});
  const build = await buildPromise;
  const key = `${pyodideVersion}|${build.engine.sha256}|${build.version}`;
  let eng = null;
  const snapshot = { used: false, reason: null };
  if (typeof indexedDB !== "undefined" && crypto.subtle) {
    try {
      const out = await withTimeout(restore(recordPromise, key, indexURL), RESTORE_TIMEOUT);
      pyodide = out.py;
      eng = out.eng;
      snapshot.used = true;
      mark("runtime");
    } catch (err) {
      snapshot.reason = err.reason || "restore";
      snapshot.error = String(err && err.message || err);
      if (snapshot.reason !== "none") console.warn("snapshot not used:", snapshot.reason, snapshot.error);
    }
  }
  let made = null;
  if (!eng) {
    pyodide = await loadPyodide({ indexURL, _makeSnapshot: true, ...quiet });
    mark("runtime");
    progress("engine");
    const zipBytes = await zipPromise;
    eng = loadEngine(pyodide, zipBytes);
    // the engine is imported and no game state exists yet: the moment for a snapshot
    try { made = pyodide.makeMemorySnapshot(); } catch (err) { snapshot.makeError = String(err && err.message || err); }
  }
  handleJson = pyodide.pyimport("engine.api").handle_json;
  mark("engine");
  const ready = { type: "ready", ms: Math.round(performance.now() - t0), stages,
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
