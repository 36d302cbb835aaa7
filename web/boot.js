// An async module script that imports nothing statically: it runs as soon as it arrives,
// before the rest of the shell:
// - starts fetching the UI catalog (i18n.js takes this fetch instead of making its own), so
//   the home screen is drawn as soon as the shell's modules are in;
// - starts the Python worker on an installed app, before the rest of the shell has loaded.
//   A first visit waits for the service worker instead (app.js), so that each file crosses
//   the network once.
const LANGS = ["es", "en", "de", "fr"];
function wantedLang() {
  try {
    const s = JSON.parse(localStorage.getItem("tapete.settings") || "{}");
    if (s && LANGS.includes(s.lang)) return s.lang;
  } catch { /* no storage */ }
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}
if (!globalThis.__tapeteCatalog) {   // (unless app.js has already asked for it)
  const lang = wantedLang();
  const promise = fetch(new URL(`./i18n/${lang}.json`, import.meta.url)).then((r) => (r.ok ? r.json() : null));
  promise.catch(() => {});
  globalThis.__tapeteCatalog = { lang, promise, used: false };
}

// A match being resumed (#/play/<id>): read its record and fetch the tables' code now, so
// that app.js draws the table from the stored view as soon as it runs.
const play = /^#\/play\/([^/?]+)/.exec(location.hash);
if (play) {
  const id = play[1];
  const record = import("./store.js").then((store) => store.getMatch(id));
  record.catch(() => {});
  globalThis.__tapeteResume = { id, record };
  // all of the tables' module graph at once (not one level of imports after another)
  for (const m of ["./table/cuatrola.js", "./table/cuarenta.js", "./table/session.js", "./table/common.js",
    "./engine-text.js", "./share.js", "./screens/history.js"]) import(m).catch(() => {});
}

if (!("serviceWorker" in navigator) || navigator.serviceWorker.controller) {
  import("./engine.js").then(({ engine }) => engine.start());
}
