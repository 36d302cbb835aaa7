// A seeded deal link (#/deal?…, docs/share-links.md): what the link itself says is drawn at
// once, before Python is up (a friend's first visit): the table of its game, empty, with the
// deal's description (game, seed, rules). When the engine is ready the link is checked in
// full, the engine deals, the dealt cards are drawn on that table and the match opens as
// #/play/<id>. A link that cannot be opened says why. (boot.js fetches this module, the
// link's, the option labels' and the table's code at once on such a link.)
import { t } from "../i18n.js";
import { engine } from "../engine.js";
import * as store from "../store.js";
import { h, clear } from "../ui.js";
import { GAME_IDS, gamesSpec, playerCounts, tableOf } from "../games.js";

/**
 * Opens the link whose query is `r.query` in `r.el` (a route of app.js: `r.isCurrent()`
 * turns false when another route is shown, `r.setBar(title)` sets the app's bar,
 * `r.status.ready` says whether the engine has answered).
 */
export async function openLink({ el, query, isCurrent, setBar, status }) {
  let table = null;
  try {
    const [{ peekLink, parseLink }, labels, { startMatch }] = await Promise.all([import("../links.js"), import("./newmatch.js"),
      import("../services/start.js")]);
    const link = await peekLink(query, GAME_IDS);
    if (!isCurrent()) return;
    table = await dealPreview(el, link, labels, { setBar, status });
    if (!isCurrent()) return;
    const info = await engine.ready;
    const games = await gamesSpec();
    const deal = await parseLink(query, info.shuffle, Object.keys(games));
    const rec = await startMatch({ game: deal.game, rules: deal.rules, seed: deal.seed,
      level: store.getSettings().level || (games[deal.game].levels || []).slice(-1)[0], origin: "link" });
    if (!isCurrent()) return;
    try {
      table.preview(rec.view);   // the dealt cards, on the table already drawn
      el.dataset.preview = "dealt";
    } catch (err) { console.warn("dealt view:", err); }
    // the table opens from this record (no second read)
    globalThis.__tapeteResume = { id: rec.id, record: Promise.resolve(rec), game: rec.game };
    location.replace(`#/play/${rec.id}`);
  } catch (err) {
    if (!isCurrent()) return;
    delete el.dataset.preview;
    setBar(t("link.title"));
    clear(el).append(h("section", { class: "page link-error", role: "alert" },
      h("h1", { text: t("link.bad_title") }),
      h("p", { class: "error-text", text: err.name === "LinkError" ? err.message : t("link.rules_bad", { error: err.message }) }),
      h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
  } finally {
    if (table) table.destroy();   // (it only drew; the match's own table takes over)
  }
}

/** The empty table of the link's game with the deal's description; nothing is playable. */
async function dealPreview(el, link, { optionLabel, choiceLabel }, { setBar, status }) {
  const [Table, { seatName }] = await Promise.all([tableOf(link.game), import("../table/perspective.js")]);
  const match = { format: "tapete-match", game: link.game, rules: link.rules, seed: link.seed, meta: {}, actions: [] };
  const table = new Table(el, { id: null, game: link.game, match });
  // where the seats sit: the number of players the link's rules say (of those of its game)
  if (playerCounts(link.game).includes(link.rules.players) && "players" in table) table.players = link.rules.players;
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
