// The service worker, from the page's side (docs/app.md, "Service worker and updates"):
// registration at start, the first visit (the install waits for Python, then copies what
// was downloaded; a failed copy said once Python is up, with "Try again"), V8's code cache
// warmed after a first visit, the later stage (what a first visit does not fetch), and
// updates (the "new version" banner, the reload when a new version takes over, "Check for
// updates" in Settings).
import { t } from "./i18n.js";
import { engine } from "./engine.js";
import * as store from "./store.js";
import { h, clear, toast } from "./ui.js";
import { showFailure, dismissFailure } from "./boot-bar.js";

const SCRIPT = "service-worker.js";
const OPTIONS = { updateViaCache: "none" };
const LATER_DONE = "tapete:later-done";
let registration = null;
// this page started under the service worker's control: not a first visit
const STARTED_CONTROLLED = !!(globalThis.navigator && navigator.serviceWorker && navigator.serviceWorker.controller);
let laterDone = false;

/** Resolves once this page's first visit is over (at once on a later start, or without a
 * service worker; else when the later stage is done): what waits for it (home's install
 * offer, web/install.js) adds nothing to what a first visit fetches. */
export function firstVisitOver() {
  if (STARTED_CONTROLLED || laterDone || !("serviceWorker" in navigator)) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener(LATER_DONE, resolve, { once: true }));
}

function waitForController(reg) {
  // First visit: the service worker installs (copying what the page and Python's worker
  // have already downloaded, then the rest) and takes control of the page.
  return new Promise((resolve) => {
    let settled = false;
    const done = (why) => { if (!settled) { settled = true; resolve(why); } };
    navigator.serviceWorker.addEventListener("controllerchange", () => done("controlled"), { once: true });
    const sw = reg.installing || reg.waiting || reg.active;
    if (sw) sw.addEventListener("statechange", () => { if (sw.state === "redundant") done("failed"); });
    if (reg.active && !reg.installing && !reg.waiting) {
      // active but not controlling this page (e.g. a hard reload): go on from the network
      done("uncontrolled");
    }
  });
}

// A first visit that could not finish saving the app for offline play (the connection was
// lost): said once Python is up (a failure of Python itself is shown instead, with its own
// retry); "Try again" installs it afresh (a failed install leaves no cache behind:
// service-worker.js).
function offlineFailed() {
  engine.ready.then(() => showFailure(t("start.offline_failed"), async () => {
    dismissFailure();
    try {
      registration = await navigator.serviceWorker.register(SCRIPT, OPTIONS);
    } catch {
      offlineFailed();
    }
  }), () => {});
}

function offerUpdate(worker) {
  const box = document.getElementById("update");
  clear(box);
  box.hidden = false;
  box.append(h("span", { text: t("update.ready") }),
    h("button", { type: "button", class: "btn small primary", id: "update-reload", onclick: async () => {
      box.hidden = true;
      // every action is already stored before it is shown; wait for pending writes anyway
      await store.listMatches().catch(() => {});
      worker.postMessage({ type: "skip-waiting" });
    } }, t("update.reload")),
    h("button", { type: "button", class: "btn small", onclick: () => { box.hidden = true; } }, t("update.later")));
}

/**
 * Registers the service worker and follows it; resolves with how this start went:
 * "unsupported", "failed", "controlled" (it already controlled the page), or on a first
 * visit once it controls the page (or gave up): "controlled", "uncontrolled", "failed".
 * `status` (app.js, window.__tapete) gets `swFirstVisit` and `codeCache`.
 */
export async function startServiceWorker(status) {
  if (!("serviceWorker" in navigator)) return "unsupported";
  navigator.serviceWorker.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.type === "precache-wait" && e.source) {
      // a first install copies Python's files once the engine is up (service-worker.js)
      const answer = () => e.source.postMessage({ type: "engine-settled" });
      engine.ready.then(answer, answer);
    } else if (m.type === "precache-failed" && status.swFirstVisit) {
      if (m.quota) toast(t("boot.no_space"), { kind: "warn", ms: 6000 });
      else offlineFailed();
    } else if (m.type === "later-done" || m.type === "later-failed") {
      laterSettled(status, m);
    }
  });
  const hadController = !!navigator.serviceWorker.controller;
  try {
    registration = await navigator.serviceWorker.register(SCRIPT, OPTIONS);
  } catch (err) {
    console.warn("service worker:", err);
    return "failed";
  }
  // A new version taking over a page that an older one controlled: reload, so the page
  // and the files it loads lazily come from one version. (The first controllerchange of a
  // first visit is only the service worker claiming the page.) Every action is stored
  // before it is shown, so the reload resumes the match where it was.
  let wasControlled = hadController;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!wasControlled) { wasControlled = true; engine.ready.then(() => warmCodeCache(status), () => {}); return; }
    if (!reloading) { reloading = true; location.reload(); }
  });
  const watch = (w) => {
    if (!w) return;
    w.addEventListener("statechange", () => {
      if (w.state === "installed" && navigator.serviceWorker.controller) offerUpdate(w);
    });
  };
  if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
  watch(registration.installing);
  registration.addEventListener("updatefound", () => watch(registration.installing));
  if (hadController) {
    engine.ready.then(() => cacheLater(status), () => {});
    return "controlled";
  }
  status.swFirstVisit = true;
  return waitForController(registration);
}

// After a first visit, once the service worker controls the page and Python is up: Pyodide's
// JS modules loaded once more, in a worker of their own, through the service worker, so that
// V8 stores their compiled code with the copies in Cache Storage. Python's worker loaded them
// from the network on this visit; without this the next start would compile them again.
function warmCodeCache(status) {
  try {
    const w = new Worker(new URL("./code-cache.js", import.meta.url), { type: "module" });
    w.onmessage = (e) => { status.codeCache = e.data; w.terminate(); cacheLater(status); };
    w.onerror = (e) => { e.preventDefault(); status.codeCache = "failed"; w.terminate(); cacheLater(status); };
  } catch { status.codeCache = "failed"; cacheLater(status); }
}

// The later stage (docs/app.md, "What a first visit fetches"): the files a first visit does
// not fetch (the catalogs of the other languages, play together and its QR libraries, the
// review and the replay, the lessons) are fetched by the service worker once the first visit
// is done (the engine up, the service worker in control, V8's code cache warmed: above), so
// that they work offline too. Every later start asks again once its engine is up (a stage cut
// short goes on; with nothing missing it is one look-up per file). Quiet: a failure is tried
// again when the network comes back or at the next start; meanwhile the service worker
// fetches and keeps each of those files when it is first used. `status.later` (tests,
// tools/bench/web.py): {state: "running" | "done" | "failed", started, ended (Date.now()),
// fetched (files), bytes}.
function cacheLater(status) {
  const sw = navigator.serviceWorker.controller;
  if (!sw || (status.later && status.later.state === "running")) return;
  status.later = { state: "running", started: Date.now() };
  sw.postMessage({ type: "cache-later" });
}

function laterSettled(status, m) {
  if (!status.later || status.later.state !== "running") return;
  const done = m.type === "later-done";
  status.later = { ...status.later, state: done ? "done" : "failed", ended: Date.now(),
    fetched: done ? m.fetched.length : 0, bytes: done ? m.bytes : 0 };
  if (!done) window.addEventListener("online", () => cacheLater(status), { once: true });
  else { laterDone = true; window.dispatchEvent(new Event(LATER_DONE)); }   // (a first visit is over)
}

/** Settings' "Check for updates": a toast when there is none (a new one shows its banner). */
export async function checkUpdate() {
  if (!registration) { toast(t("update.none")); return; }
  try {
    await registration.update();
    if (!registration.installing && !registration.waiting) toast(t("update.none"));
  } catch {
    toast(t("update.offline"), { kind: "warn" });
  }
}
