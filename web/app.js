// Tapete's shell: screens and navigation (hash routes), the start of Python in its
// worker, the service worker (first visit, updates) and seeded deal links.
//
// Routes: #/  #/new/<game>[?option=value]  #/play/<id>  #/history  #/settings
//         #/help[/<game>]  #/deal?<link>  (docs/share-links.md)
import { setLang, t } from "./i18n.js";
import { engine } from "./engine.js";
import * as store from "./store.js";
import { h, clear, toast, closeDialogs } from "./ui.js";
import { installDefs } from "./cards.js";
import { showHome } from "./screens/home.js";
// Only what the home screen needs is loaded up front (it is on screen at once); the other
// screens are loaded when first shown.
const lazy = {
  newmatch: () => import("./screens/newmatch.js"),
  history: () => import("./screens/history.js"),
  settings: () => import("./screens/settings.js"),
  help: () => import("./screens/help.js"),
  share: () => import("./share.js"),
  games: () => import("./games.js"),
};

const TABLES = {
  cuatrola: () => import("./table/cuatrola.js").then((m) => m.CuatrolaTable),
  cuarenta: () => import("./table/cuarenta.js").then((m) => m.CuarentaTable),
};

// What tests and tools/bench_web.py read: readiness and timings.
const status = { ready: false, readyAt: null, boot: null, version: null, error: null, swFirstVisit: false, snapshot: null };
window.__tapete = status;

let screen = null;
let routeSeq = 0;
const root = () => document.getElementById("screen");

function setBar(title) {
  const bar = document.getElementById("bar");
  clear(bar);
  if (title === null) { bar.hidden = true; return; }
  bar.hidden = false;
  bar.append(
    h("a", { class: "icon-btn", href: "#/", "aria-label": t("nav.home") }, h("span", { "aria-hidden": "true", text: "‹" })),
    h("span", { class: "bar-title", text: title }));
}

async function route() {
  const seq = ++routeSeq;
  if (screen && screen.destroy) { try { screen.destroy(); } catch (err) { console.error(err); } }
  screen = null;
  closeDialogs();
  const hash = location.hash.replace(/^#/, "") || "/";
  const qi = hash.indexOf("?");
  const path = qi >= 0 ? hash.slice(0, qi) : hash;
  const query = qi >= 0 ? hash.slice(qi + 1) : "";
  const parts = path.split("/").filter(Boolean);
  const el = root();
  document.body.dataset.screen = parts[0] || "home";
  try {
    switch (parts[0]) {
      case undefined:
        setBar(null); screen = showHome(el); break;
      case "new": {
        const { showNewMatch } = await lazy.newmatch();
        if (seq !== routeSeq) return;
        setBar(t(`game.${parts[1]}`)); screen = showNewMatch(el, parts[1], query); break;
      }
      case "history": {
        const { showHistory } = await lazy.history();
        if (seq !== routeSeq) return;
        setBar(t("nav.history")); screen = showHistory(el); break;
      }
      case "settings": {
        const { showSettings } = await lazy.settings();
        if (seq !== routeSeq) return;
        setBar(t("nav.settings")); screen = showSettings(el, ctx); break;
      }
      case "help": {
        const { showHelp } = await lazy.help();
        if (seq !== routeSeq) return;
        setBar(t("nav.help")); screen = showHelp(el, parts[1]); break;
      }
      case "play":
        setBar(null); screen = await openTable(el, parts[1], seq); break;
      case "deal":
        setBar(t("link.title")); screen = await openLink(el, query, seq); break;
      default:
        location.replace("#/");
    }
  } catch (err) {
    console.error(err);
    if (seq === routeSeq) {
      clear(el).append(h("section", { class: "page" }, h("p", { class: "error-text", role: "alert", text: err.message }),
        h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
    }
  }
  if (seq === routeSeq) {
    const focusTarget = el.querySelector("h1") ? el : el;
    focusTarget.focus({ preventScroll: true });
  }
}

function waiting(el, text) {
  clear(el).append(h("section", { class: "page waiting-page" },
    h("div", { class: "spinner", "aria-hidden": "true" }), h("p", { text })));
}

async function openTable(el, id, seq) {
  let rec;
  const early = globalThis.__tapeteResume;   // boot.js has started reading it
  globalThis.__tapeteResume = null;
  // the table's code is fetched while the record is read (both tables' without a hint)
  const hinted = early && early.id === id && early.game;
  for (const [game, load] of Object.entries(TABLES)) if (!hinted || game === hinted) load().catch(() => {});
  try {
    rec = early && early.id === id ? await early.record : await store.getMatch(id);
  } catch (err) {
    throw new Error(t("store.unavailable", { error: err.message }));
  }
  if (seq !== routeSeq) return null;
  if (!rec) {
    clear(el).append(h("section", { class: "page" }, h("h1", { text: t("play.not_found") }),
      h("p", { text: t("play.not_found_body") }), h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
    return null;
  }
  const problem = store.recordProblem(rec);
  const game = rec.match && rec.match.game;
  if (problem || !TABLES[game]) {
    const { damagedScreen } = await import("./table/common.js");
    damagedScreen(el, rec, problem ? t("history.damaged_why", { why: problem }) : t("new.unknown_game", { game }));
    return null;
  }
  // the person's last view is stored with the match: the table is drawn from it at once,
  // before Python is ready (it comes alive when the engine answers)
  const stored = !status.ready && rec.view && typeof rec.view === "object" ? rec.view : null;
  if (!status.ready && !stored) waiting(el, t("boot.waiting"));
  const Table = await TABLES[game]();
  if (seq !== routeSeq) return null;
  const table = new Table(el, rec);
  if (stored && !status.ready) {
    try {
      table.preview(stored);
      performance.mark("tapete:preview");   // (tools/bench_web.py reports it)
    } catch (err) { console.warn("stored view:", err); waiting(el, t("boot.waiting")); }
  }
  // which table code boot.js fetches when this match is resumed (a hint only)
  try { localStorage.setItem("tapete.lastTable", JSON.stringify({ id, game })); } catch { /* no storage */ }
  await engine.ready.catch(() => {});
  if (seq !== routeSeq) return null;
  await table.mount();
  return table;
}

async function openLink(el, query, seq) {
  waiting(el, status.ready ? t("link.opening") : t("boot.waiting"));
  try {
    const info = await engine.ready;
    const [{ gamesSpec }, { parseLink }, { startMatch }] = await Promise.all([lazy.games(), lazy.share(), lazy.newmatch()]);
    const games = await gamesSpec();
    const deal = await parseLink(query, info.shuffle, Object.keys(games));
    const rec = await startMatch({ game: deal.game, rules: deal.rules, seed: deal.seed,
      level: store.getSettings().level || (games[deal.game].levels || []).slice(-1)[0], origin: "link" });
    if (seq === routeSeq) location.replace(`#/play/${rec.id}`);
  } catch (err) {
    if (seq !== routeSeq) return null;
    clear(el).append(h("section", { class: "page link-error", role: "alert" },
      h("h1", { text: t("link.bad_title") }),
      h("p", { class: "error-text", text: err.name === "LinkError" ? err.message : t("link.rules_bad", { error: err.message }) }),
      h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
  }
  return null;
}

// ------------------------------------------------------------------ boot progress
const bootEl = () => document.getElementById("boot");
function showProgress(fraction, text) {
  const el = bootEl();
  el.hidden = false;
  el.classList.toggle("indeterminate", fraction === null);
  el.querySelector(".boot-fill").style.width = fraction === null ? "" : `${Math.round(fraction * 100)}%`;
  el.querySelector(".boot-text").textContent = text;
  el.setAttribute("aria-label", t("boot.label"));
  el.setAttribute("aria-valuetext", text);
  if (fraction !== null) el.setAttribute("aria-valuenow", String(Math.round(fraction * 100)));
  else el.removeAttribute("aria-valuenow");
}
function hideProgress() {
  const el = bootEl();
  el.classList.add("done");
  setTimeout(() => { el.hidden = true; }, 400);
}

// ------------------------------------------------------------------ service worker
let registration = null;

function waitForController(reg) {
  // First visit: the service worker downloads the app once (reporting progress), then
  // takes control; Python then starts from its cache, so no file crosses the network twice.
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

async function startServiceWorker() {
  if (!("serviceWorker" in navigator)) return "unsupported";
  navigator.serviceWorker.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.type === "precache-wait" && e.source) {
      // a first install copies Python's files once the engine is up (service-worker.js)
      const answer = () => e.source.postMessage({ type: "engine-settled" });
      engine.ready.then(answer, answer);
    } else if (m.type === "precache-progress" && !status.ready && status.swFirstVisit) {
      showProgress(0.7 * m.done / m.total, t("boot.download", { done: (m.done / 1e6).toFixed(1), total: (m.total / 1e6).toFixed(1) }));
    } else if (m.type === "precache-failed" && status.swFirstVisit) {
      toast(m.quota ? t("boot.no_space") : t("boot.offline_failed"), { kind: "warn", ms: 6000 });
    }
  });
  const hadController = !!navigator.serviceWorker.controller;
  try {
    registration = await navigator.serviceWorker.register("service-worker.js", { updateViaCache: "none" });
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
    if (!wasControlled) { wasControlled = true; return; }
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
  if (hadController) return "controlled";
  status.swFirstVisit = true;
  showProgress(0, t("boot.download_start"));
  return waitForController(registration);
}

async function checkUpdate() {
  if (!registration) { toast(t("update.none")); return; }
  try {
    await registration.update();
    if (!registration.installing && !registration.waiting) toast(t("update.none"));
  } catch {
    toast(t("update.offline"), { kind: "warn" });
  }
}

// ------------------------------------------------------------------ start
const ctx = { rerender: () => route(), checkUpdate };

async function main() {
  // (boot.js has already started Python if the app is installed)
  const settings = store.getSettings();
  await setLang(settings.lang === "auto" ? null : settings.lang);
  showProgress(null, t("boot.python"));
  installDefs();
  window.addEventListener("hashchange", route);
  route();
  engine.on((m) => {
    if (m.type === "snapshot") status.snapshot = m;
    if (m.type === "progress") {
      const base = status.swFirstVisit ? 0.7 : 0;
      showProgress(null, t(m.stage === "runtime" ? "boot.python" : "boot.engine"));
      void base;
    }
  });
  // Python starts at once, also on a first visit (boot.js has created its worker): the
  // service worker installs meanwhile and copies Python's files once the engine is up
  startServiceWorker().then((v) => { status.sw = v; });
  try {
    const info = await engine.start();
    status.ready = true;
    status.readyAt = performance.now();
    status.boot = info;
    status.version = info.version;
    document.documentElement.dataset.engine = "ready";
    hideProgress();
  } catch (err) {
    status.error = err.message;
    document.documentElement.dataset.engine = "failed";
    showProgress(0, t("boot.failed", { error: err.message }));
    bootEl().classList.add("failed");
  }
}

main().catch((err) => {
  console.error(err);
  document.getElementById("screen").textContent = String(err && err.message || err);
});
