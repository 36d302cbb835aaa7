// Tapete's Python worker (a module Web Worker): Pyodide, loaded once, and the engine.
//
// Protocol (docs/app.md):
//   page -> worker  {id, type: "call", json: "<request JSON>"}
//   worker -> page  {id, ok: true, json: "<answer JSON>"}          the engine's answer
//                   {id, ok: false, error: {kind, message}}        Python raised, or boot failed
//   worker -> page  {type: "progress", stage: "runtime" | "engine", ms}
//                   {type: "ready", ms, stages, pyodide, python, engine}
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
  return { modules: modules.split(","), python, handle: pyodide.pyimport("engine.api").handle_json };
}

let handleJson = null;

const booting = (async () => {
  progress("runtime");
  // everything at once: the build info, the engine archive and Pyodide itself
  const buildPromise = fetch(new URL("./build.json", import.meta.url)).then((r) => r.json());
  const zipPromise = fetch(new URL("./engine.zip", import.meta.url))
    .then((r) => { if (!r.ok) throw new Error(`engine archive: HTTP ${r.status}`); return r.arrayBuffer(); });
  zipPromise.catch(() => {});
  buildPromise.catch(() => {});
  const pyodide = await loadPyodide({
    indexURL: new URL("./pyodide/", import.meta.url).href,
    stdout: () => {}, stderr: (s) => console.warn("[python]", s),
  });
  const build = await buildPromise;
  mark("runtime");
  progress("engine");
  const zipBytes = await zipPromise;
  const eng = loadEngine(pyodide, zipBytes);
  handleJson = eng.handle;
  mark("engine");
  const ready = { type: "ready", ms: Math.round(performance.now() - t0), stages,
    pyodide: pyodideVersion, python: eng.python, modules: eng.modules,
    engine: build.engine.sha256, version: build.version };
  // the engine's shuffle version (share links carry it)
  const dv = pyodide.runPython("import engine.deal; engine.deal.SHUFFLE_VERSION");
  ready.shuffle = dv;
  postMessage(ready);
})();

booting.catch((err) => postMessage({ type: "failed", error: readable(err) }));

onmessage = async (event) => {
  const msg = event.data || {};
  if (msg.type !== "call") return;
  try {
    await booting;
  } catch (err) {
    postMessage({ id: msg.id, ok: false, error: readable(err) });
    return;
  }
  try {
    const out = handleJson(msg.json);
    postMessage({ id: msg.id, ok: true, json: out });
  } catch (err) {
    postMessage({ id: msg.id, ok: false, error: readable(err) });
  }
};
