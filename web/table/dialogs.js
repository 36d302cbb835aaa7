// What a table shows over or after the play: its menu, the end of a hand (its dialog), the
// score sheet, the end of a match (its dialog, the final position's result), and the screen
// of a match that cannot be opened. Each takes the table (TableBase) it belongs to and reads
// its source (table.source: source.js) and perspective (table.persp: perspective.js); the
// game's table words the hand (handHeadline, handBreakdown, sheetRow).
import { t } from "../i18n.js";
import { h, clear, dialog, toast, announce, dockToast, patch } from "../ui.js";
import * as store from "../store.js";
import { isOver } from "./source.js";
// loaded when first used (not needed to draw the table)
const shareMatch = async (...a) => (await import("../share.js")).shareMatch(...a);
const exportRecord = async (...a) => (await import("../services/export.js")).exportRecord(...a);

/** "Score: us 3, them 5" for a per-side score, seen from `persp`. */
function scoreLabel(key, score, persp) {
  const [us, them] = persp.ours(score);
  return t(key, { us, them });
}

/** A breakdown table: a header row (us, them) and rows [label, side 0, side 1, class], each
 * shown in `persp`'s order (us first). */
export function breakdownTable(rows, persp) {
  const row = ([label, a, b, cls]) => {
    const [x, y] = persp.ours([a, b]);
    return h("tr", { class: cls || "" }, h("th", { scope: "row", text: label }), h("td", { text: String(x) }), h("td", { text: String(y) }));
  };
  return h("table", { class: "breakdown" },
    h("thead", {}, h("tr", {}, h("th", {}), h("th", { scope: "col", text: t("side.us") }), h("th", { scope: "col", text: t("side.them") }))),
    h("tbody", {}, rows.map(row)));
}

// ------------------------------------------------------------------ the menu
/**
 * The table's menu: `extra` entries first ([{label, value}]), then share and export (when
 * this device has the match file: source.file()), help, home. Resolves with the choice.
 */
export async function tableMenu(source, extra = []) {
  const file = source.file();
  const choice = await dialog({
    title: t("table.menu"),
    body: h("p", { class: "muted", text: t("table.menu_hint") }),
    buttons: [
      ...extra,
      ...(file ? [{ label: t("share.button"), value: "share" }, { label: t("history.export"), value: "export" }] : []),
      { label: t("nav.help"), value: "help" },
      { label: t("nav.home"), value: "home" },
      { label: t("close"), value: "close", primary: true },
    ],
    className: "menu",
  });
  if (choice === "share") await shareMatch(file.match);
  else if (choice === "export") await exportRecord(file.record);
  else if (choice === "help") location.hash = `#/help/${source.game}`;
  else if (choice === "home") location.hash = "#/";
  return choice;
}

// ------------------------------------------------------------------ a match that cannot be opened
export function damagedScreen(root, record, message) {
  dockToast(null);
  clear(root);
  root.append(h("section", { class: "page damaged", role: "alert" },
    h("h1", { text: t("damaged.title") }),
    h("p", { text: t("damaged.body") }),
    h("p", { class: "error-text", text: message }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", onclick: () => exportRecord(record, true) }, t("damaged.export_raw")),
      h("button", {
        type: "button", class: "btn danger", onclick: async () => {
          await store.deleteMatch(record.id);
          toast(t("history.deleted"));
          location.hash = "#/history";
        },
      }, t("history.delete")),
      h("a", { class: "btn primary", href: "#/" }, t("nav.home")))));
}

// ------------------------------------------------------------------ the end of a hand
/** The end-of-hand dialog (after a hand, at the table). */
export async function handOver(table, view) {
  if (table.destroyed || !view.last_hand) return;
  const src = table.source;
  const lh = view.last_hand;
  const headline = table.handHeadline(lh);
  announce(headline);
  const id = src.matchId();
  const single = src.single();
  // learning from the hand: its review; a challenge on that hand (offersReview: not at a
  // table with friends, not in a daily deal or a challenge)
  const review = src.offersReview();
  const buttons = [{ label: single ? t("daily.see_result") : isOver(view) ? t("ok") : t("hand.next"), value: true, primary: true }];
  if (review) buttons.push({ label: t("review.button"), value: "review" });
  if (review) buttons.push({ label: t("challenge.button"), value: "challenge" });
  const choice = await dialog({
    title: t("hand.title", { n: lh.hand }),
    body: [h("p", { class: "hand-result", text: headline }), table.handBreakdown(lh, view)],
    buttons,
    className: "hand-over",
  });
  if (table.destroyed) return;
  await src.resultSeen(lh.hand);
  if (single) location.hash = `#/result/${id}`;
  else if (choice === "review") location.hash = `#/review/${id}?hand=${lh.hand}`;
  else if (choice === "challenge") {
    const { shareChallenge } = await import("../share.js");
    await shareChallenge(id, lh.hand).catch((err) => table.say(err.message, "error"));
  }
}

/** The score sheet, any time: the last hand's breakdown and every hand's points. */
export async function openScores(table) {
  if (table.destroyed || !table.view) return;
  const view = table.view;
  const persp = table.persp;
  const summary = await table.source.summary().catch(() => null);
  if (table.destroyed) return;
  const hands = summary ? summary.hands : [];
  const sum = [0, 0];
  const rows = hands.map((hand) => {
    const points = table.sheetRow(hand);
    sum[0] += points[0]; sum[1] += points[1];
    const [a, b] = persp.ours(points);
    const [x, y] = persp.ours(hand.score || sum);
    return h("tr", {}, h("th", { scope: "row", text: String(hand.hand) }), h("td", { text: String(a) }), h("td", { text: String(b) }),
      h("td", { text: `${x}–${y}` }));
  });
  const sheet = h("table", { class: "breakdown sheet" },
    h("caption", { text: t("table.sheet") }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("table.sheet_hand") }), h("th", { scope: "col", text: t("side.us") }),
      h("th", { scope: "col", text: t("side.them") }), h("th", { scope: "col", text: t("hand.score") }))),
    h("tbody", {}, rows));
  const last = view.last_hand;
  await dialog({
    title: t("table.scores"),
    body: [
      h("p", { class: "hand-result", text: scoreLabel("table.score_label", view.score, persp) }),
      last ? h("h3", { text: t("hand.title", { n: last.hand }) }) : h("p", { class: "muted", text: t("table.no_hand_yet") }),
      last ? h("p", { class: "hand-headline", text: table.handHeadline(last) }) : null,
      last ? table.handBreakdown(last, view) : null,
      rows.length ? sheet : null,
    ],
    buttons: [{ label: t("close"), value: true, primary: true }],
    className: "scores",
  });
}

// ------------------------------------------------------------------ the end of a match
/** "We won" / "You won" (two players) or the others', for `view`'s winner. */
export function resultText(table, view) {
  const watched = table.persp.watched("watch.match_won", view.winner);
  if (watched) return watched;
  const us = table.persp.isUs(view.winner);
  if (table.players === 2) return t(us ? "result.you_won" : "result.rival_won");
  return t(us ? "result.we_won" : "result.they_won");
}

/** The match-over dialog. */
export async function matchOver(table, view) {
  if (table.destroyed) return;
  // a player's first finished match: the moment to ask the browser to keep the storage (once)
  import("../persist.js").then((p) => p.askOnce("match")).catch(() => {});
  const text = resultText(table, view);
  announce(text);
  const choice = await dialog({
    title: t("result.title"),
    body: [h("p", { class: "hand-result", text }), h("p", { text: scoreLabel("table.score_label", view.score, table.persp) })],
    buttons: [{ label: t("result.again"), value: "again", primary: true }, { label: t("nav.home"), value: "home" }, { label: t("close"), value: "close" }],
    className: "match-over",
  });
  if (choice === "again") await playAgain(table);
  else if (choice === "home") location.hash = "#/";
}

/** A new match at once (the source's nextMatch: the same rules and computer players, a new
 * seed), unless the source plays again itself (a table played together); the finished one
 * is replaced in the back stack. */
export async function playAgain(table) {
  try {
    if (await table.source.playAgain()) return;
    const { startMatch } = await import("../services/start.js");
    const rec = await startMatch(table.source.nextMatch());
    location.replace(`#/play/${rec.id}`);
  } catch (err) {
    table.say(err.quota ? t("store.quota") : err.message, "error");
  }
}

/** Where a finished match ends, on the felt: its result, the final score, the scores and
 * "Play again". */
export function drawFinal(table, el, view) {
  patch(el, { w: view.winner, s: view.score, l: table.layoutKey }, () => el.append(
    h("p", { class: "final-result", text: resultText(table, view) }),
    h("p", { class: "final-score", text: scoreLabel("table.final_score", view.score, table.persp) }),
    h("div", { class: "final-actions" },
      h("button", { type: "button", class: "btn", dataset: { show: "hand" }, onclick: () => table.openScores() }, t("table.scores")),
      h("button", { type: "button", class: "btn primary", dataset: { show: "again" }, onclick: () => table.playAgain() }, t("result.again")))));
}
