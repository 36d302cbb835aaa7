// Tapete's shell: screens and navigation (hash routes), the start of Python in its
// worker, the service worker (first visit, updates) and seeded deal links.
//
// Routes: #/  #/new/<game>[?option=value]  #/play/<id>  #/history  #/stats  #/settings
//         #/help[/<game>]  #/deal?<link>  (docs/share-links.md)
//         #/review/<id>[?hand=N]  #/replay/<id>[?hand=N|at=K]  #/daily[/<game>]
//         #/challenge?<link>  #/result/<id>  (docs/app.md, "Learning from a hand")
import { setLang, t } from "./i18n.js";
import { engine } from "./engine.js";
import * as store from "./store.js";
import { h, clear, toast, closeDialogs, forgetStaleDialog, installTapGuard, applyMotion } from "./ui.js";
import { installDefs } from "./cards.js";
import { applyLook } from "./look.js";
import { showHome } from "./screens/home.js";
// Only what the home screen needs is loaded up front (it is on screen at once); the other
// screens are loaded when first shown.
const lazy = {
  newmatch: () => import("./screens/newmatch.js"),
  history: () => import("./screens/history.js"),
  settings: () => import("./screens/settings.js"),
  help: () => import("./screens/help.js"),
  together: () => import("./screens/together.js"),
  join: () => import("./screens/join.js"),
  stats: () => import("./screens/stats.js"),
  review: () => import("./screens/review.js"),
  replay: () => import("./screens/replay.js"),
  daily: () => import("./screens/daily.js"),
  share: () => import("./share.js"),
  games: () => import("./games.js"),
};

const TABLES = {
  cuatrola: () => import("./table/cuatrola.js").then((m) => m.CuatrolaTable),
  cuarenta: () => import("./table/cuarenta.js").then((m) => m.CuarentaTable),
};

// What tests and tools/bench_web.py read: readiness and timings.
const status = { ready: false, readyAt: null, boot: null, version: null, error: null, swFirstVisit: false, snapshot: null,
  codeCache: null };
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

// ------------------------------------------------------------------ the back button
// A new-match form that started a match is not a place to go back to (its "Start" would
// make another match): back from the table goes home. Each history entry gets a key in its
// state; the keys of forms that started a match are kept for the tab's life, and arriving at
// one of them again (back, forward) goes home instead, in its place.
const SPENT_FORMS = "tapete.spentForms";
let lastRoute = null;   // {name, key} of the route shown before this one

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
  const key = entryKey();
  if (parts[0] === "play" && lastRoute && lastRoute.name === "new") spendForm(lastRoute.key);
  if (parts[0] === "play" && lastRoute && (lastRoute.name === "home" || lastRoute.name === "new")) {
    // the table's back arrow can go back to that home entry (common.js)
    history.replaceState({ ...history.state, tapeteFromHome: true }, "");
  }
  if (parts[0] === "new" && spentForms().has(key)) { lastRoute = null; location.replace("#/"); return; }
  lastRoute = { name: parts[0] || "home", key };
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
      case "stats": {
        const { showStats } = await lazy.stats();
        if (seq !== routeSeq) return;
        setBar(t("nav.stats")); screen = showStats(el); break;
      }
      case "settings": {
        const { showSettings } = await lazy.settings();
        if (seq !== routeSeq) return;
        setBar(t("nav.settings")); screen = showSettings(el, ctx); break;
      }
      case "together": {
        const { showTogether } = await lazy.together();
        if (seq !== routeSeq) return;
        setBar(t("together.title")); screen = showTogether(el); break;
      }
      case "join": {
        const { showJoin } = await lazy.join();
        if (seq !== routeSeq) return;
        setBar(t("together.join_title")); screen = showJoin(el); break;
      }
      case "help": {
        const { showHelp } = await lazy.help();
        if (seq !== routeSeq) return;
        setBar(t("nav.help")); screen = showHelp(el, parts[1]); break;
      }
      case "review": {
        const { showReview } = await lazy.review();
        if (seq !== routeSeq) return;
        setBar(t("review.title")); screen = showReview(el, parts[1], query); break;
      }
      case "replay": {
        const { showReplay } = await lazy.replay();
        if (seq !== routeSeq) return;
        setBar(null); screen = showReplay(el, parts[1], query); break;
      }
      case "daily": {
        const daily = await lazy.daily();
        if (seq !== routeSeq) return;
        setBar(t("daily.title"));
        if (parts[1]) await daily.openDaily(el, parts[1], () => seq === routeSeq);
        else screen = daily.showDaily(el);
        break;
      }
      case "challenge": {
        const daily = await lazy.daily();
        if (seq !== routeSeq) return;
        setBar(t("challenge.title")); await daily.openChallenge(el, query, () => seq === routeSeq); break;
      }
      case "result": {
        const daily = await lazy.daily();
        if (seq !== routeSeq) return;
        setBar(t("daily.result_title")); await daily.showResult(el, parts[1], () => seq === routeSeq); break;
      }
      case "play":
        setBar(null); await openTable(el, parts[1], seq, (table) => { screen = table; }); break;
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

async function openTable(el, id, seq, setScreen) {
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
  // a match played together: this phone is the host (web/together/host.js, loaded only then)
  let host = null;
  if (rec.match.meta && rec.match.meta.together) {
    const { HostSession, togetherSeats } = await import("./together/host.js");
    if (seq !== routeSeq) return null;
    if (togetherSeats(rec)) host = new HostSession(rec, null);
  }
  const table = new Table(el, rec, host ? { session: host } : {});
  setScreen(table);    // a route change from now on destroys it
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
  // friends not at the table yet (a new table, or the host's page was reloaded): their codes
  if (host && seq === routeSeq && !host.over && host.away().length) host.openPanel();
  return table;
}

// A deal link (#/deal?...): what the link itself says is drawn at once, before Python is
// up (a friend's first visit): the table of its game, empty, with the deal's description
// (game, seed, rules). The cards are drawn as soon as Python has dealt them, then the
// match opens as #/play/<id>.
async function openLink(el, query, seq) {
  let table = null;
  try {
    const [{ peekLink, parseLink }, labels] = await Promise.all([lazy.share(), lazy.newmatch()]);
    const link = await peekLink(query, Object.keys(TABLES));
    if (seq !== routeSeq) return null;
    table = await dealPreview(el, link, labels);
    if (seq !== routeSeq) return null;
    const info = await engine.ready;
    const { gamesSpec } = await lazy.games();
    const games = await gamesSpec();
    const deal = await parseLink(query, info.shuffle, Object.keys(games));
    const rec = await labels.startMatch({ game: deal.game, rules: deal.rules, seed: deal.seed,
      level: store.getSettings().level || (games[deal.game].levels || []).slice(-1)[0], origin: "link" });
    if (seq !== routeSeq) return null;
    try {
      table.preview(rec.view);   // the dealt cards, on the table already drawn
      el.dataset.preview = "dealt";
    } catch (err) { console.warn("dealt view:", err); }
    // the table opens from this record (no second read)
    globalThis.__tapeteResume = { id: rec.id, record: Promise.resolve(rec), game: rec.game };
    location.replace(`#/play/${rec.id}`);
  } catch (err) {
    if (seq !== routeSeq) return null;
    delete el.dataset.preview;
    setBar(t("link.title"));
    clear(el).append(h("section", { class: "page link-error", role: "alert" },
      h("h1", { text: t("link.bad_title") }),
      h("p", { class: "error-text", text: err.name === "LinkError" ? err.message : t("link.rules_bad", { error: err.message }) }),
      h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
  } finally {
    if (table) table.destroy();   // (it only drew; the match's own table takes over)
  }
  return null;
}

/** The empty table of the link's game with the deal's description; nothing is playable. */
async function dealPreview(el, link, { optionLabel, choiceLabel }) {
  const [Table, { seatName }] = await Promise.all([TABLES[link.game](), import("./table/common.js")]);
  const match = { format: "tapete-match", game: link.game, rules: link.rules, seed: link.seed, meta: {}, actions: [] };
  const table = new Table(el, { id: null, game: link.game, match });
  // where the seats sit: two or four players (the link's rules say how many)
  if ([2, 4].includes(link.rules.players) && "players" in table) table.players = link.rules.players;
  table.build();
  setBar(null);   // the table has its own bar
  el.dataset.preview = "link";
  const seats = el.querySelectorAll(".seat[data-seat]");
  for (const seat of seats) {
    seat.append(h("div", { class: "seat-label" },
      h("span", { class: "name", text: seatName(Number(seat.dataset.seat), seats.length) })));
  }
  for (const b of el.querySelectorAll(".tbar button")) b.disabled = true;   // no menu yet
  const sub = el.querySelector(".tsub");
  if (sub) sub.textContent = t("start.deal_seed", { seed: link.seed });
  const value = (name, v) => (typeof v === "boolean" ? t(v ? "start.yes" : "start.no") : choiceLabel(link.game, name, v));
  const desc = h("section", { class: "deal-desc", "aria-label": t("start.deal_rules") },
    h("h2", { text: t("start.deal_rules") }),
    h("ul", {}, Object.keys(link.rules).sort().map((name) =>
      h("li", { text: `${optionLabel(link.game, name)}: ${value(name, link.rules[name])}` }))));
  (el.querySelector(".felt .center") || el.querySelector(".felt") || el).append(desc);
  const prompt = el.querySelector(".prompt");
  if (prompt) prompt.textContent = t(status.ready ? "link.opening" : "boot.waiting");
  engine.ready.then(() => { if (prompt && prompt.isConnected) prompt.textContent = t("link.opening"); }, () => {});
  return table;
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
  setTimeout(() => { if (el.classList.contains("done")) el.hidden = true; }, 400);
}
/** The bar turned into a message that stays, with a "Try again" button doing `retry`. */
function showFailure(text, retry) {
  const el = bootEl();
  el.classList.remove("done");
  showProgress(0, text);
  el.classList.add("failed");
  el.setAttribute("role", "alert");
  el.querySelector(".boot-retry")?.remove();
  el.append(h("button", { type: "button", class: "btn small primary boot-retry", onclick: retry }, t("start.retry")));
}

// ------------------------------------------------------------------ service worker
let registration = null;

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
    hideProgress();
    bootEl().removeAttribute("role");
    try {
      registration = await navigator.serviceWorker.register("service-worker.js", { updateViaCache: "none" });
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

async function startServiceWorker() {
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
    if (!wasControlled) { wasControlled = true; engine.ready.then(warmCodeCache, () => {}); return; }
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
  return waitForController(registration);
}

// After a first visit, once the service worker controls the page and Python is up: Pyodide's
// JS modules loaded once more, in a worker of their own, through the service worker, so that
// V8 stores their compiled code with the copies in Cache Storage. Python's worker loaded them
// from the network on this visit; without this the next start would compile them again.
function warmCodeCache() {
  try {
    const w = new Worker(new URL("./code-cache.js", import.meta.url), { type: "module" });
    w.onmessage = (e) => { status.codeCache = e.data; w.terminate(); };
    w.onerror = (e) => { e.preventDefault(); status.codeCache = "failed"; w.terminate(); };
  } catch { status.codeCache = "failed"; }
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
// how far the boot bar is at each of the worker's stages (about their share of a first start)
const BOOT_STAGES = { start: 0.05, wasm: 0.25, engine: 0.9 };

async function main() {
  // (boot.js has already created Python's worker, on every visit)
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
  forgetStaleDialog();   // shown again with a dialog's history entry: the dialog is gone
  window.addEventListener("hashchange", route);
  route();
  engine.on((m) => {
    if (m.type === "snapshot") status.snapshot = m;
    if (m.type === "progress" && m.stage === "wasm" && !status.ready) showProgress(BOOT_STAGES.wasm, text);
    if (m.type === "progress" && m.stage === "engine") showProgress(BOOT_STAGES.engine, t("boot.engine"));
  });
  // Python starts at once, also on a first visit: the service worker installs meanwhile
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
