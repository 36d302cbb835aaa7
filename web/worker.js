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
// info, the snapshot store's modules, then the stored snapshot: web/snapshot/).
/** A file that could not be downloaded (no network, an error status, a body cut short). */
class NetworkError extends Error {
  constructor(what, err) {
    super(`${what}: the download failed (${String((err && err.message) || err)})`);
    this.name = "NetworkError";
  }
}
// test hooks, from the Worker's name ("tapete-python;hang,timeout=1500"): never set by the app.
// hang: the restore never ends; timeout=<ms>: its deadline; store=<name>: only that backend
// (store=idb: as in a browser without OPFS; store=none: as in one with no store at all);
// wasmdelay=<ms>: the wasm compiled that much later (as WebKit's slow compilation)
const DEBUG = Object.fromEntries(String(self.name || "").split(";").slice(1).join(",")
  .split(",").filter(Boolean).map((kv) => { const [k, v] = kv.split("="); return [k, v === undefined ? true : v]; }));
const t0 = performance.now();
const indexURL = new URL("./pyodide/", import.meta.url).href;
const WASM_URL = `${indexURL}pyodide.asm.wasm`;
const realFetch = self.fetch.bind(self);
const wasmModule = WebAssembly.compileStreaming(realFetch(WASM_URL))
  .then((m) => (DEBUG.wasmdelay ? new Promise((resolve) => setTimeout(() => resolve(m), Number(DEBUG.wasmdelay))) : m));
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
// The engine's memory snapshot is kept by the snapshot store (web/snapshot/: file.js, the
// file's form and checks in format.js, its bytes in the origin private file system
// (opfs.js) or, without OPFS sync access handles, IndexedDB (idb.js)), which only this
// worker uses. It is used only when made for this build (key =
// "<pyodide version>|<engine.zip sha256>|<app version>") and its sizes, page map and
// checksum agree; anything else (or a restore that fails or takes too long) boots normally
// in this same worker and stores a fresh snapshot. The store's modules are fetched at
// once, with everything else (not one level of imports after another).
const snapshotStore = import("./snapshot/file.js");
snapshotStore.catch(() => {});
for (const m of ["./snapshot/format.js", "./snapshot/opfs.js", "./snapshot/idb.js", "./snapshot/pieces.js"]) {
  import(m).catch(() => {});
}
const RESTORE_TIMEOUT = Number(DEBUG.timeout) || 10_000;

// Reading, checking and restoring the snapshot together have RESTORE_TIMEOUT ms, counted
// from when Pyodide's wasm is compiled: a normal boot waits for that as well (WebKit compiles
// it afresh on every start: seconds on a busy machine, not a restore that hangs).
let deadlineTimer;
let timedOut = false;
let restoreOver = false;
const deadline = new Promise((_, reject) => {
  wasmModule.catch(() => {}).then(() => {
    if (restoreOver) return;
    deadlineTimer = setTimeout(() => {
      timedOut = true;
      reject(Object.assign(new Error(`no restore ${RESTORE_TIMEOUT} ms after the wasm was compiled`), { reason: "timeout" }));
    }, RESTORE_TIMEOUT);
  });
});
deadline.catch(() => {});
const inTime = (promise) => Promise.race([promise, deadline]);

let handleJson = null;
let pyodide = null;
const quiet = { stdout: () => {}, stderr: (s) => console.warn("[python]", s) };

// Restores from the snapshot `snap` (openSnapshot: its header checked, the file open).
// Pyodide starts at once: it fetches and compiles its wasm while the bytes are read and
// their checksum is checked. The wasm module is handed to Pyodide only once the check has
// passed, so no byte of the snapshot is used before (Pyodide copies it into the heap after
// that).
async function restore(snap, loadPyodide) {
  // Pyodide needs only the size to create its memory: it gets a buffer of that size, which
  // is filled and checked on the next task (Pyodide's first steps, its fetches, go first)
  const holder = new Uint8Array(snap.meta.size);
  const checked = new Promise((resolve, reject) => setTimeout(() => {
    snap.read(holder).then(() => {
      mark("read");
      snap.check(holder);
      mark("checked");
    }).then(resolve, reject);
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

let storeError = null;   // (the snapshot store's modules could not be loaded)
const booting = (async () => {
  progress("runtime");
  // everything at once: Pyodide's JS (above), the build info, the stored snapshot
  const buildPromise = download("build.json", "json");
  buildPromise.catch(() => {});
  const keyPromise = Promise.all([pyodideModule, buildPromise])
    .then(([py, build]) => `${py.version}|${build.engine.sha256}|${build.version}`);
  keyPromise.catch(() => {});
  const store = await snapshotStore.catch((err) => { storeError = String(err && err.message || err); return null; });
  const backend = store && store.snapshotBackend(DEBUG.store);
  const opened = backend ? inTime(store.openSnapshot(backend, keyPromise)) : Promise.reject(new Error("no snapshot store"));
  opened.then((snap) => { if (timedOut) snap.close(); }, () => {});
  let zipPromise = null;
  const engineZip = () => (zipPromise = zipPromise || download("engine.zip", "arrayBuffer"));
  opened.catch(() => engineZip().catch(() => {}));   // no snapshot: a normal boot is coming
  const { loadPyodide, version: pyodideVersion } = await pyodideModule;
  const build = await buildPromise;
  const key = await keyPromise;
  let eng = null;
  const snapshot = { used: false, reason: null, store: backend ? backend.name : null };
  if (backend) {
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
    if (storeError) snapshot.error = `the snapshot store could not be loaded: ${storeError}`;
  }
  restoreOver = true;
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
    try { made = backend ? pyodide.makeMemorySnapshot() : null; } catch (err) { snapshot.makeError = String(err && err.message || err); }
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
    store.storeSnapshot(backend, key, made)
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
