// An async module script that imports only langs.js statically (no imports of its own;
// index.html preloads it beside this one): it runs as soon as the two arrive, before the
// rest of the shell:
// - starts the Python worker, before the rest of the shell has loaded (engine.js adopts
//   it), on every visit: on a first visit it downloads Python while the service worker
//   installs (each file still crosses the network once: service-worker.js);
// - starts fetching the UI catalog (i18n.js takes this fetch instead of making its own), so
//   the home screen is drawn as soon as the shell's modules are in;
// - on a resumed match, starts reading its record and fetching the table's code; on a deal
//   link, fetches the code that draws the deal's table before Python is up.
import { pickLang } from "./langs.js";

performance.mark("tapete:boot");   // (tools/bench/web.py reports it)
// Chromium's install prompt, kept for home's install offer (web/install.js), which shows it when
// the player taps "Install"; the browser's own bar is not shown. It can come before the rest of
// the shell has loaded, so it is caught here.
addEventListener("beforeinstallprompt", (e) => {
  e.preventDefault();
  globalThis.__tapeteInstallPrompt = e;
  dispatchEvent(new Event("tapete:installable"));
});
addEventListener("appinstalled", () => { globalThis.__tapeteInstallPrompt = null; });
function wantedLang() {
  let chosen = null;
  try {
    const s = JSON.parse(localStorage.getItem("tapete.settings") || "{}");
    chosen = s && s.lang;
  } catch { /* no storage */ }
  return pickLang(chosen, navigator.languages || [navigator.language]);
}
{
  // The worker itself is created here, first: not after engine.js has loaded, and its script
  // is requested before the catalog and the table's code. engine.js adopts it with the
  // messages it has posted meanwhile.
  let debug = "";   // test hooks (engine.js, tests/browser/test_snapshot.py); the app never sets it
  try { debug = localStorage.getItem("tapete.debug.snapshot") || ""; } catch { /* no storage */ }
  try {
    const worker = new Worker(new URL("./worker.js", import.meta.url),
      { type: "module", name: debug ? `tapete-python;${debug}` : "tapete-python" });
    const early = { worker, messages: [], errors: [] };
    worker.onmessage = (e) => early.messages.push(e.data);
    worker.onerror = (e) => { e.preventDefault(); early.errors.push(e.message || "the game's files could not be loaded"); };
    globalThis.__tapeteWorker = early;
  } catch { /* engine.js starts it */ }
  // (a failed start is shown by app.js)
  import("./engine.js").then(({ engine }) => engine.start()).catch(() => {});
}

if (!globalThis.__tapeteCatalog) {   // (unless app.js has already asked for it)
  const lang = wantedLang();
  const promise = fetch(new URL(`./i18n/${lang}.json`, import.meta.url)).then((r) => (r.ok ? r.json() : null));
  promise.catch(() => {});
  globalThis.__tapeteCatalog = { lang, promise, used: false };
}

// The games and the loaders of their tables (web/games.js, which imports nothing statically:
// index.html preloads it), for the two cases below.
const games = () => import("./games.js");

// A deal link (#/deal?...&g=<game>&...): the code of that game's table, of the link and of
// the option labels now, so that app.js draws the deal's table at once (docs/share-links.md).
const deal = /^#\/deal\?(.*)$/.exec(location.hash);
if (deal) {
  const game = new URLSearchParams(deal[1]).get("g");
  games().then(({ tableOf }) => tableOf(game)).catch(() => {});   // (none for a game it does not know)
  for (const m of ["./screens/deal.js", "./links.js", "./screens/newmatch.js"]) import(m).catch(() => {});
}

/** The modules the games' tables import (web/table/*.js), but the games' own and those
 * index.html preloads: tests/build/test_table_preload.py checks the list against the
 * tables' static imports. */
const TABLE_MODULES = ["./table/session.js", "./table/base.js", "./table/source.js", "./table/perspective.js",
  "./table/dialogs.js", "./table/card-nodes.js", "./table/bar.js", "./engine-text.js"];

// A match being resumed (#/play/<id>): read its record and fetch the table's code now, so
// that app.js draws the table from the stored view as soon as it runs. The game of the
// table last opened is remembered (app.js): a hint only, for which table code to fetch.
const play = /^#\/play\/([^/?]+)/.exec(location.hash);
if (play) {
  const id = play[1];
  const record = import("./store.js").then((store) => store.getMatch(id));
  record.catch(() => {});
  let hint = null;
  try { hint = JSON.parse(localStorage.getItem("tapete.lastTable") || "null"); } catch { /* none */ }
  const game = hint && hint.id === id && typeof hint.game === "string" ? hint.game : null;
  globalThis.__tapeteResume = { id, record, game };
  // the table's whole module graph at once (not one level of imports after another: a
  // game's table imports base.js, which imports dialogs.js...; fetched level by level the
  // resumed table's first paint waited for three round trips of module fetches, issue 41)
  // (the hinted game's own module too, not after games.js: a dynamic import of it waits for
  // app.js's whole graph, which holds it)
  if (game && /^[a-z]+$/.test(game)) import(`./table/${game}.js`).catch(() => {});
  games().then(({ GAME_IDS, isGame, tableOf }) => {
    for (const g of isGame(game) ? [game] : GAME_IDS) tableOf(g).catch(() => {});
  }).catch(() => {});
  for (const m of TABLE_MODULES) import(m).catch(() => {});
}
