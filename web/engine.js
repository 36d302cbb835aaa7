// The page's side of the worker protocol (see worker.js and docs/app.md).
// engine.call(request) resolves with the engine's answer (a plain object with `ok`);
// it rejects with an EngineError when Python raised or could not start.

// Errors nothing handled, listed in window.__tapeteErrors ("<kind>: <message>"): uncaught
// errors and unhandled rejections in the page, CSP violations, and the Python worker's
// `error` and `messageerror` events (errors inside a worker never reach the page's own
// handlers). The app only appends; tests in browsers whose console a driver cannot read
// (WebKit over WebDriver: tests/webkit_firefox) fail on any.
const ERRORS_KEPT = 100;
const uncaught = (globalThis.__tapeteErrors = globalThis.__tapeteErrors || []);
function noteError(kind, what) {
  const message = what && what.message ? what.message : String(what);
  if (uncaught.length < ERRORS_KEPT) uncaught.push(`${kind}: ${message}`);
}
if (typeof window !== "undefined") {
  window.addEventListener("error", (e) => noteError("error", e.error || e.message));
  window.addEventListener("unhandledrejection", (e) => noteError("unhandledrejection", e.reason));
  document.addEventListener("securitypolicyviolation", (e) => noteError("csp", `${e.violatedDirective} ${e.blockedURI}`));
}

export class EngineError extends Error {
  constructor(info) {
    super(info && info.message ? info.message : String(info));
    this.name = "EngineError";
    this.kind = (info && info.kind) || "Error";
    this.detail = info && info.detail;
  }
}

export class Engine {
  constructor() {
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.info = null;
    this.listeners = new Set();
    this.readyPromise = new Promise((resolve, reject) => {
      this._resolveReady = resolve;
      this._rejectReady = reject;
    });
    this.readyPromise.catch(() => {});
  }

  /** Listen to boot events: {type: "progress"|"ready"|"failed", ...}. */
  on(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  start() {
    if (this.worker) return this.readyPromise;
    this.startedAt = performance.now();
    // boot.js has usually created it already (with the messages it posted since)
    const early = globalThis.__tapeteWorker;
    globalThis.__tapeteWorker = null;
    if (early) {
      this.worker = early.worker;
    } else {
      // test hooks for the snapshot fallback (tests/browser/test_snapshot.py); the app never sets it
      let debug = "";
      try { debug = localStorage.getItem("tapete.debug.snapshot") || ""; } catch { /* no storage */ }
      this.worker = new Worker(new URL("./worker.js", import.meta.url),
        { type: "module", name: debug ? `tapete-python;${debug}` : "tapete-python" });
    }
    this.worker.onmessage = (e) => this._onMessage(e.data);
    this.worker.onerror = (e) => {
      e.preventDefault();
      noteError("worker", e.message || "the game's files could not be loaded");
      this._fail({ kind: "WorkerError", message: e.message || "the game's files could not be loaded" });
    };
    this.worker.onmessageerror = () => noteError("worker messageerror", "a message could not be read");
    if (early) {
      for (const msg of early.messages) this._onMessage(msg);
      for (const message of early.errors) { noteError("worker", message); this._fail({ kind: "WorkerError", message }); }
    }
    return this.readyPromise;
  }

  get ready() { return this.readyPromise; }

  _emit(msg) { for (const fn of this.listeners) { try { fn(msg); } catch (err) { console.error(err); } } }

  _fail(error) {
    if (!this.info) this._rejectReady(new EngineError(error));
    for (const [, p] of this.pending) p.reject(new EngineError(error));
    this.pending.clear();
    this._emit({ type: "failed", error });
  }

  _onMessage(msg) {
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) {
        try { p.resolve(JSON.parse(msg.json)); } catch (err) { p.reject(new EngineError({ kind: "BadAnswer", message: String(err) })); }
      } else {
        p.reject(new EngineError(msg.error));
      }
      return;
    }
    if (msg.type === "ready") { this.info = msg; this._resolveReady(msg); }
    if (msg.type === "failed") { this._fail(msg.error); return; }
    this._emit(msg);
  }

  /** Send raw JSON text (or anything) to engine.api.handle_json. */
  callRaw(json) {
    this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, type: "call", json });
    });
  }

  /** One draw of Python's `random` in the worker (a string of a 64-bit integer). */
  randomDraw() {
    this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, type: "random" });
    });
  }

  /** One engine.api request (an object); resolves with the answer object. */
  call(request) { return this.callRaw(JSON.stringify(request)); }
}

export const engine = new Engine();
