// Tapete's shell: screens and navigation (hash routes, through ROUTES below), the start of
// Python in its worker (its progress in the boot bar). The service worker is sw-update.js's,
// each screen its own module (web/screens/).
//
// Routes: #/  #/new/<game>[?option=value]  #/play/<id>  #/history  #/stats  #/settings
//         #/help[/<game>]  #/together  #/join[?<invitation>]  #/sit?<table link>  #/answer?<answer>
//         (docs/play-together.md)  #/deal?<link>  (docs/share-links.md)
//         #/review/<id>[?hand=N]  #/replay/<id>[?hand=N|at=K]  #/daily[/<game>]
//         #/challenge?<link>  #/result/<id>  (docs/app.md, "Learning from a hand")
//         #/learn[/<game>[?lesson=<id>|first=1]]  (the lessons: docs/lessons.md)
import { setLang, t, gameName } from "./i18n.js";
import { engine } from "./engine.js";
import * as store from "./store.js";
import { h, clear, closeDialogs, forgetStaleDialog, installDialogHistory, installTapGuard, applyMotion } from "./ui.js";
import { installDefs } from "./card-faces.js";
import { applyLook } from "./look.js";
import { showProgress, hideProgress, showFailure } from "./boot-bar.js";
import { startServiceWorker, checkUpdate } from "./sw-update.js";
import * as home from "./screens/home.js";
import * as play from "./screens/play.js";

// What tests and tools/bench/web.py read: readiness and timings.
const status = { ready: false, readyAt: null, boot: null, version: null, error: null, swFirstVisit: false, snapshot: null,
  codeCache: null, later: null };
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

// ------------------------------------------------------------------ the routes
// The first part of the path names the route (#/<name>/<arg>?<query>); any other goes home.
//   module the screen's module, for home and the table's opener (loaded with app.js: they
//          are on screen at once); `load` loads the others when first shown
//   title  the app bar's title (null: no bar, the screen has its own)
//   show   draws the screen: returns it (its `destroy` runs when the route changes), or
//          gives it with r.setScreen; r = {el, arg, query, isCurrent(), setBar, setScreen,
//          status}
//   here   (optional) the link may be a message to the screen on show: here(module, query)
//          resolves true when that screen took it; then it stays, and the address goes
//          back to it (an answer link opened in the page that holds its table)
const ROUTES = {
  "": { module: home, title: null, show: (m, r) => m.showHome(r.el, r.isCurrent) },
  new: { load: () => import("./screens/newmatch.js"), title: (r) => gameName(r.arg),
    show: (m, r) => m.showNewMatch(r.el, r.arg, r.query) },
  play: { module: play, title: null,
    show: (m, r) => m.openTable({ ...r, id: r.arg }) },
  history: { load: () => import("./screens/history.js"), title: () => t("nav.history"), show: (m, r) => m.showHistory(r.el) },
  stats: { load: () => import("./screens/stats.js"), title: () => t("nav.stats"), show: (m, r) => m.showStats(r.el) },
  settings: { load: () => import("./screens/settings.js"), title: () => t("nav.settings"),
    show: (m, r) => m.showSettings(r.el, ctx) },
  together: { load: () => import("./screens/together.js"), title: () => t("together.title"), show: (m, r) => m.showTogether(r.el) },
  join: { load: () => import("./screens/join.js"), title: () => t("together.join_title"), show: (m, r) => m.showJoin(r.el, r.query) },
  sit: { load: () => import("./screens/join.js"), title: () => t("together.join_title"),
    show: (m, r) => m.showJoin(r.el, "", { sit: r.query }) },
  answer: { load: () => import("./screens/answer.js"), title: () => t("together.answer_title"), show: (m, r) => m.showAnswer(r),
    here: (m, query) => m.takeHere(query) },
  help: { load: () => import("./screens/help.js"), title: () => t("nav.help"), show: (m, r) => m.showHelp(r.el, r.arg) },
  review: { load: () => import("./screens/review.js"), title: () => t("review.title"),
    show: (m, r) => m.showReview(r.el, r.arg, r.query) },
  replay: { load: () => import("./screens/replay.js"), title: null, show: (m, r) => m.showReplay(r.el, r.arg, r.query) },
  daily: { load: () => import("./screens/daily.js"), title: () => t("daily.title"),
    show: (m, r) => (r.arg ? m.openDaily(r.el, r.arg, r.isCurrent) : m.showDaily(r.el)) },
  challenge: { load: () => import("./screens/daily.js"), title: () => t("challenge.title"),
    show: (m, r) => m.openChallenge(r.el, r.query, r.isCurrent) },
  result: { load: () => import("./screens/daily.js"), title: () => t("daily.result_title"),
    show: (m, r) => m.showResult(r.el, r.arg, r.isCurrent) },
  deal: { load: () => import("./screens/deal.js"), title: () => t("link.title"), show: (m, r) => m.openLink(r) },
  learn: { load: () => import("./lessons/screen.js"),
    title: (r) => (/(^|&)(lesson|first)=/.test(r.query) ? null : t("lessons.title")), show: (m, r) => m.showLearn(r) },
};

// ------------------------------------------------------------------ the back button
// A new-match form that started a match is not a place to go back to (its "Start" would
// make another match): back from the table goes home. Each history entry gets a key in its
// state; the keys of forms that started a match are kept for the tab's life, and arriving at
// one of them again (back, forward) goes home instead, in its place.
const SPENT_FORMS = "tapete.spentForms";
let lastRoute = null;   // {name, key} of the route shown before this one
let shownHash = null;   // the address of the screen on show

function entryKey() {
  const state = history.state && typeof history.state === "object" ? history.state : {};
  if (state.tapeteKey) return state.tapeteKey;
  const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  history.replaceState({ ...state, tapeteKey: key }, "");
  return key;
}
function spentForms() {
  try { return new Set(JSON.parse(sessionStorage.getItem(SPENT_FORMS) || "[]")); } catch { return new Set(); }
}
function spendForm(key) {
  const keys = spentForms();
  keys.add(key);
  try { sessionStorage.setItem(SPENT_FORMS, JSON.stringify([...keys].slice(-50))); } catch { /* no storage */ }
}

// ------------------------------------------------------------------ the dispatcher
/** `target`'s link as a message to the screen on show (ROUTES' `here`): true when taken. */
async function takenHere(target, query, isCurrent) {
  try {
    const module = await target.load();
    return isCurrent() && await target.here(module, query) === true && isCurrent();
  } catch (err) {
    console.error(err);
    return false;
  }
}

async function route() {
  const seq = ++routeSeq;
  const isCurrent = () => seq === routeSeq;
  const hash = location.hash.replace(/^#/, "") || "/";
  const qi = hash.indexOf("?");
  const path = qi >= 0 ? hash.slice(0, qi) : hash;
  const query = qi >= 0 ? hash.slice(qi + 1) : "";
  const parts = path.split("/").filter(Boolean);
  const name = parts[0] || "";
  const here = Object.hasOwn(ROUTES, name) && ROUTES[name].here && screen && shownHash !== null;
  if (here && await takenHere(ROUTES[name], query, isCurrent)) {
    history.replaceState(history.state, "", shownHash);   // the screen stays: its address again
    return;
  }
  if (!isCurrent()) return;
  if (screen && screen.destroy) { try { screen.destroy(); } catch (err) { console.error(err); } }
  screen = null;
  shownHash = null;
  closeDialogs();
  const key = entryKey();
  if (parts[0] === "play" && lastRoute && lastRoute.name === "new") spendForm(lastRoute.key);
  if (parts[0] === "play" && lastRoute && (lastRoute.name === "home" || lastRoute.name === "new")) {
    // the table's back arrow can go back to that home entry (table/bar.js)
    history.replaceState({ ...history.state, tapeteFromHome: true }, "");
  }
  if (parts[0] === "new" && spentForms().has(key)) { lastRoute = null; location.replace("#/"); return; }
  lastRoute = { name: name || "home", key };
  const el = root();
  document.body.dataset.screen = name || "home";
  const target = Object.hasOwn(ROUTES, name) ? ROUTES[name] : null;
  const r = { el, arg: parts[1], query, isCurrent, setBar, status,
    setScreen: (s) => { if (isCurrent()) screen = s; } };
  try {
    if (target) {
      const module = target.module || await target.load();   // (home at once: no await)
      if (!isCurrent()) return;
      setBar(target.title ? target.title(r) : null);
      const shown = await target.show(module, r);
      if (shown && isCurrent()) screen = shown;
    } else {
      location.replace("#/");
    }
  } catch (err) {
    console.error(err);
    if (isCurrent()) {
      clear(el).append(h("section", { class: "page" }, h("p", { class: "error-text", role: "alert", text: err.message }),
        h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
    }
  }
  if (isCurrent()) { shownHash = location.hash || "#/"; el.focus({ preventScroll: true }); }
}

// ------------------------------------------------------------------ start
const ctx = { rerender: () => route(), checkUpdate };
// how far the boot bar is at each of the worker's stages (about their share of a first start)
const BOOT_STAGES = { start: 0.05, wasm: 0.25, engine: 0.9 };

/** The look and the motion follow a change made outside this page: the system's reduced
 * motion switched on or off, or Settings changed in another tab of the app. */
function followSettingsElsewhere() {
  const media = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  if (media && media.addEventListener) media.addEventListener("change", applyMotion);
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === store.SETTINGS_KEY) { applyLook(); applyMotion(); }
  });
}

async function main() {
  // (boot.js has already created Python's worker, on every visit)
  installDialogHistory();   // the back button closes a dialog; first, before the router listens
  const settings = store.getSettings();
  applyLook(settings);   // the theme, cards and layout chosen in Settings, before anything is drawn
  await setLang(settings.lang === "auto" ? null : settings.lang);
  // a first visit downloads Python now (the service worker copies it once it is up). The
  // bar moves by the worker's stages (not an endless animation: without a GPU, one costs
  // the CPU Python needs, about a tenth of a first start at a quarter of one CPU)
  const firstVisit = "serviceWorker" in navigator && !navigator.serviceWorker.controller;
  const text = t(firstVisit ? "boot.download_start" : "boot.python");
  showProgress(BOOT_STAGES.start, text);
  installDefs();
  installTapGuard();
  applyMotion();
  followSettingsElsewhere();
  forgetStaleDialog();   // shown again with a dialog's history entry: the dialog is gone
  window.addEventListener("hashchange", route);
  // the app installed (added to the home screen): a moment to ask to keep its storage (persist.js)
  window.addEventListener("appinstalled", () => import("./persist.js").then((p) => p.askOnce("install")).catch(() => {}));
  route();
  engine.on((m) => {
    if (m.type === "snapshot") status.snapshot = m;
    if (m.type === "progress" && m.stage === "wasm" && !status.ready) showProgress(BOOT_STAGES.wasm, text);
    if (m.type === "progress" && m.stage === "engine") showProgress(BOOT_STAGES.engine, t("boot.engine"));
  });
  // Python starts at once, also on a first visit: the service worker installs meanwhile
  startServiceWorker(status).then((v) => { status.sw = v; });
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
    // a download cut short (no network) says so; "Try again" loads the page afresh, the
    // next visit with the network completes normally (each file is checked: nothing
    // half-downloaded is used)
    const network = err.kind === "NetworkError" || navigator.onLine === false;
    showFailure(network ? t("start.net_failed") : t("boot.failed", { error: err.message }), () => location.reload());
  }
}

main().catch((err) => {
  console.error(err);
  document.getElementById("screen").textContent = String(err && err.message || err);
});
