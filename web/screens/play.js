// A stored match at its table (#/play/<id>): the record read (boot.js has usually started
// reading it), the game's table drawn at once from the view stored with it, before Python
// is ready, then mounted when the engine answers. A record that cannot be read, a damaged
// one and a game the shell does not know get a page that says so.
import { t } from "../i18n.js";
import { engine } from "../engine.js";
import * as store from "../store.js";
import { h, clear } from "../ui.js";
import { GAME_IDS, isGame, tableOf } from "../games.js";

function waiting(el, text) {
  clear(el).append(h("section", { class: "page waiting-page" },
    h("div", { class: "spinner", "aria-hidden": "true" }), h("p", { text })));
}

/**
 * Opens the table of match `r.id` in `r.el` (a route of app.js: `r.isCurrent()` turns false
 * when another route is shown, `r.setScreen(table)` makes a route change destroy it,
 * `r.status.ready` says whether the engine has answered).
 */
export async function openTable({ el, id, isCurrent, setScreen, status }) {
  let rec;
  const early = globalThis.__tapeteResume;   // boot.js has started reading it
  globalThis.__tapeteResume = null;
  // the table's code is fetched while the record is read (every table's without a hint)
  const hinted = early && early.id === id && isGame(early.game) ? early.game : null;
  for (const game of hinted ? [hinted] : GAME_IDS) tableOf(game).catch(() => {});
  try {
    rec = early && early.id === id ? await early.record : await store.getMatch(id);
  } catch (err) {
    throw new Error(t("store.unavailable", { error: err.message }));
  }
  if (!isCurrent()) return;
  if (!rec) {
    clear(el).append(h("section", { class: "page" }, h("h1", { text: t("play.not_found") }),
      h("p", { text: t("play.not_found_body") }), h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
    return;
  }
  const problem = store.recordProblem(rec);
  const game = rec.match && rec.match.game;
  if (problem || !isGame(game)) {
    const { damagedScreen } = await import("../table/dialogs.js");
    damagedScreen(el, rec, problem ? t("history.damaged_why", { why: problem }) : t("new.unknown_game", { game }));
    return;
  }
  // the person's last view is stored with the match: the table is drawn from it at once,
  // before Python is ready (it comes alive when the engine answers)
  const stored = !status.ready && rec.view && typeof rec.view === "object" ? rec.view : null;
  if (!status.ready && !stored) waiting(el, t("boot.waiting"));
  const Table = await tableOf(game);
  if (!isCurrent()) return;
  // a match played together: this phone is the host (web/together/host.js, loaded only then)
  let host = null;
  if (rec.match.meta && rec.match.meta.together) {
    const { HostSession, togetherSeats } = await import("../together/host.js");
    if (!isCurrent()) return;
    if (togetherSeats(rec)) host = new HostSession(rec, null);
  }
  const table = new Table(el, rec, host ? { session: host } : {});
  setScreen(table);    // a route change from now on destroys it
  if (stored && !status.ready) {
    try {
      table.preview(stored);
      performance.mark("tapete:preview");   // (tools/bench/web.py reports it)
    } catch (err) { console.warn("stored view:", err); waiting(el, t("boot.waiting")); }
  }
  // which table code boot.js fetches when this match is resumed (a hint only)
  try { localStorage.setItem("tapete.lastTable", JSON.stringify({ id, game })); } catch { /* no storage */ }
  await engine.ready.catch(() => {});
  if (!isCurrent()) return;
  await table.mount();
  // friends not at the table yet (a new table, or the host's page was reloaded): their codes
  if (host && isCurrent() && !host.over && host.away().length) host.openPanel();
}
