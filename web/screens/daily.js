// The daily deal and duplicate results (docs/app.md, "Daily deal and challenges").
//
// #/daily               today's deal of each game, the streak, the past results
// #/daily/<game>        today's deal of that game: opened (or started) at once
// #/challenge?<link>    a friend's challenge (docs/share-links.md): the same deal, the same
//                       computer players
// #/result/<id>         a daily deal's or a challenge's result beside the other one
//
// Today's deal of a game is the engine's deal for the seed `daily-<game>-<YYYY-MM-DD>` (the
// player's local date; Cuarenta for 2 players) with the engine's default rules, against the
// expert computer players: the same cards for every player, offline, no server. Afterwards
// the engine's `duplicate` op plays that deal with the expert in every seat (the person's
// too) and the two results are compared. Results and the streak: localStorage
// "tapete.daily" ({days: {"<date>": {<game>: {id, mine, machine}}}}).
import { t, plural, fmtDate, gameName } from "../i18n.js";
import { h, clear } from "../ui.js";
import { engine } from "../engine.js";
import { engineText } from "../engine-text.js";
import * as store from "../store.js";
import { GAMES } from "../games.js";

/** Each game's daily rules beside the engine's defaults (web/games.js `daily`). */
export const DAILY_GAMES = Object.freeze(Object.fromEntries(Object.entries(GAMES).map(([g, { daily }]) => [g, daily])));
export const DAILY_LEVEL = "expert";
const KEY = "tapete.daily";

/** The player's local date as YYYY-MM-DD. */
export function today(now = new Date()) {
  const p = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}
export function dailySeed(game, date) { return `daily-${game}-${date}`; }

function load() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "{}");
    return v && typeof v === "object" && v.days && typeof v.days === "object" ? v : { days: {} };
  } catch { return { days: {} }; }
}
function save(v) { try { localStorage.setItem(KEY, JSON.stringify(v)); } catch { /* private mode */ } }
function entry(date, game) { const d = load().days[date]; return d && d[game] && typeof d[game] === "object" ? d[game] : null; }
function setEntry(date, game, patch) {
  const v = load();
  v.days[date] = { ...(v.days[date] || {}), [game]: { ...(entry(date, game) || {}), ...patch } };
  save(v);
}

/** Days in a row, up to today (or yesterday while today is not played), with a daily deal played. */
export function streak(now = new Date()) {
  const days = load().days;
  const done = (d) => Object.values(days[d] || {}).some((e) => e && e.mine);
  const day = new Date(now);
  if (!done(today(day))) day.setDate(day.getDate() - 1);
  let n = 0;
  while (done(today(day))) { n += 1; day.setDate(day.getDate() - 1); }
  return n;
}

function compareText(mine, machine) {
  const diff = mine.margin - machine.margin;
  const dd = mine.detail_margin - machine.detail_margin;
  if (diff) return plural(diff > 0 ? "daily.more" : "daily.less", Math.abs(diff));
  if (dd) return t(dd > 0 ? "daily.more_detail" : "daily.less_detail", { n: Math.abs(dd) });
  return t("daily.same");
}

export function showDaily(root) {
  const date = today();
  const page = h("section", { class: "page daily" }, h("h1", { text: t("daily.title") }),
    h("p", { class: "muted", text: t("daily.explain") }),
    h("p", { class: "daily-streak", id: "daily-streak", text: plural("daily.streak", streak()) }));
  const games = h("div", { class: "home-actions" });
  for (const game of Object.keys(DAILY_GAMES)) {
    const e = entry(date, game);
    games.append(h("a", { class: `btn big ${e && e.mine ? "" : "primary"}`, id: `daily-${game}`, href: e && e.mine && e.id ? `#/result/${e.id}` : `#/daily/${game}` },
      h("span", { class: "btn-title", text: gameName(game) }),
      h("span", { class: "btn-sub", text: e && e.mine ? compareText(e.mine, e.machine) : t("daily.play_today") })));
  }
  page.append(games);
  const past = Object.entries(load().days).sort(([a], [b]) => (a < b ? 1 : -1)).slice(0, 30);
  if (past.length) {
    page.append(h("h2", { text: t("daily.history") }), h("ul", { class: "daily-history", id: "daily-history" },
      past.flatMap(([d, games]) => Object.entries(games).filter(([, e]) => e && e.mine && e.machine).map(([game, e]) =>
        h("li", {}, h("a", { href: e.id ? `#/result/${e.id}` : "#/daily" }, `${d} · ${gameName(game)} · ${compareText(e.mine, e.machine)}`))))));
  }
  clear(root).append(page);
  return {};
}

/** Today's deal of `game`: the stored one if it exists, else a new match at once. */
export async function openDaily(root, game, isCurrent) {
  if (!Object.hasOwn(DAILY_GAMES, game)) { location.replace("#/daily"); return; }
  clear(root).append(h("section", { class: "page waiting-page" }, h("div", { class: "spinner", "aria-hidden": "true" }),
    h("p", { text: t("boot.waiting") })));
  const date = today();
  const e = entry(date, game);
  const rec = e && e.id ? await store.getMatch(e.id).catch(() => null) : null;
  if (!isCurrent()) return;
  if (rec && !store.recordProblem(rec)) { location.replace(`#/play/${rec.id}`); return; }
  const { startMatch } = await import("../services/start.js");
  const made = await startMatch({ game, rules: DAILY_GAMES[game], seed: dailySeed(game, date), level: DAILY_LEVEL,
    origin: "daily", extra: { daily: date } });
  setEntry(date, game, { id: made.id });
  if (!isCurrent()) return;
  globalThis.__tapeteResume = { id: made.id, record: Promise.resolve(made), game };
  location.replace(`#/play/${made.id}`);
}

/** A friend's challenge link: the same deal against the same computer players. */
export async function openChallenge(root, query, isCurrent) {
  const { peekChallenge } = await import("../links.js");
  const { gamesSpec } = await import("../games.js");
  try {
    clear(root).append(h("section", { class: "page waiting-page" }, h("div", { class: "spinner", "aria-hidden": "true" }),
      h("p", { text: t("boot.waiting") })));
    const info = await engine.ready;
    const games = await gamesSpec();
    const link = await peekChallenge(query, Object.keys(games), info.shuffle);
    if (!(games[link.game].levels || []).includes(link.level)) throw Object.assign(new Error(t("link.tampered")), { name: "LinkError" });
    if (!isCurrent()) return;
    const rec = link.hand === 1 ? await (await import("../services/start.js")).startMatch({ game: link.game, rules: link.rules,
      seed: link.seed, level: link.level, origin: "challenge",
      extra: { challenge: { points: link.points, detail: link.detail, level: link.level } } })
      : await startLaterHand(link);
    if (!isCurrent()) return;
    globalThis.__tapeteResume = { id: rec.id, record: Promise.resolve(rec), game: rec.game };
    location.replace(`#/play/${rec.id}`);
  } catch (err) {
    if (!isCurrent()) return;
    clear(root).append(h("section", { class: "page link-error", role: "alert" },
      h("h1", { text: t("challenge.bad_title") }),
      h("p", { class: "error-text", text: err.name === "LinkError" ? err.message : t("link.rules_bad", { error: err.message }) }),
      h("a", { class: "btn primary", href: "#/" }, t("nav.home"))));
  }
}

/** A challenge on a later hand (a version 2 link): the match of the link's seed and rules with
 * the hands before it (the link's prefix), checked by the engine: every action legal, and the
 * prefix ends just as hand `hand - 1` ends (hand `hand` not begun, the match not over). Else
 * the link was changed or damaged. */
async function startLaterHand(link) {
  const meta = { app: "tapete-web", level: link.level,
    challenge: { points: link.points, detail: link.detail, level: link.level, hand: link.hand } };
  const made = await engine.call({ op: "new", game: link.game, rules: link.rules, seed: link.seed, seat: 0, meta });
  if (!made.ok) throw new Error(engineText(made, { game: link.game }));
  const match = { ...made.match, actions: link.prefix };
  const at = await engine.call({ op: "replay", match, seat: 0, upto: link.prefix.length });
  const over = at.ok && at.view.winner !== null && at.view.winner !== undefined;
  if (!at.ok || over || at.hand_starts.length !== link.hand - 1 || at.view.hands_played !== link.hand - 1) {
    throw Object.assign(new Error(t("link.tampered")), { name: "LinkError" });
  }
  const ans = await engine.call({ op: "view", match, seat: 0 });
  if (!ans.ok) throw Object.assign(new Error(t("link.tampered")), { name: "LinkError" });
  return store.addMatch({ id: store.newId(), game: link.game, origin: "challenge", match, view: ans.view, status: "playing" });
}

/** The hand a daily deal or a challenge is about (1-based): a later hand's challenge says it. */
export function singleHand(meta) {
  const n = meta && meta.challenge && meta.challenge.hand;
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The result of a daily deal or a challenge beside the other one, and the way to the review. */
export async function showResult(root, id, isCurrent) {
  const page = h("section", { class: "page result" }, h("h1", { text: t("daily.result_title") }));
  const status = h("p", { class: "muted", role: "status", text: t("daily.computing") });
  page.append(status);
  clear(root).append(page);
  const rec = await store.getMatch(id).catch(() => null);
  if (!isCurrent()) return;
  if (!rec || store.recordProblem(rec)) {
    status.textContent = t("play.not_found");
    page.append(h("a", { class: "btn primary", href: "#/history" }, t("nav.history")));   // not a dead end
    return;
  }
  const meta = rec.match.meta || {};
  await engine.ready;
  const { handResult } = await import("../share.js");
  const hand = singleHand(meta);
  const mine = await handResult(rec, hand);
  if (!isCurrent()) return;
  if (!mine) { status.textContent = hand === 1 ? t("challenge.not_yet") : t("challenge.not_yet_hand", { n: hand }); page.append(h("a", { class: "btn primary", href: `#/play/${id}` }, t("daily.play_on"))); return; }
  const col = (title, cls, r) => h("div", { class: `result-col ${cls}` }, h("h2", { text: title }),
    h("p", { class: "result-points", text: t("daily.points", { us: r.points[0], them: r.points[1] }) }),
    h("p", { class: "muted", text: t(`daily.detail.${rec.match.game}`, { us: r.detail[0], them: r.detail[1] }) }));
  let other, otherTitle, line;
  const margins = (r) => ({ margin: r.points[0] - r.points[1], detail_margin: r.detail[0] - r.detail[1] });
  if (meta.challenge) {
    other = { points: meta.challenge.points, detail: meta.challenge.detail };
    otherTitle = t("challenge.friend");
    const diff = margins(mine).margin - margins(other).margin;
    const dd = margins(mine).detail_margin - margins(other).detail_margin;
    line = diff ? plural(diff > 0 ? "challenge.more" : "challenge.less", Math.abs(diff))
      : dd ? t(dd > 0 ? "challenge.more_detail" : "challenge.less_detail", { n: Math.abs(dd) }) : t("challenge.same");
  } else {
    const seat = Number.isInteger(rec.seat) ? rec.seat : 0;
    const dup = await engine.call({ op: "duplicate", match: rec.match, seat, level: meta.level || DAILY_LEVEL });
    if (!isCurrent()) return;
    if (!dup.ok) { status.textContent = engineText(dup); return; }
    const side = dup.side;
    const order = (pair) => [pair[side], pair[1 - side]];
    other = { points: order(dup.machine.points), detail: order(dup.machine.detail) };
    otherTitle = t("daily.machine");
    line = compareText(dup.mine, dup.machine);
    if (meta.daily) setEntry(meta.daily, rec.match.game, { id, mine: dup.mine, machine: dup.machine });
  }
  status.remove();
  page.dataset.done = "true";
  page.append(...[
    h("p", { class: "result-line", id: "result-line", text: line }),
    h("div", { class: "result-cols" }, col(t("daily.you"), "mine", mine), col(otherTitle, "other", other)),
    meta.daily ? h("p", { class: "daily-streak", text: plural("daily.streak", streak()) }) : null,
    h("div", { class: "row" },
      h("a", { class: "btn primary", id: "result-review", href: `#/review/${id}?hand=${hand}` }, t("review.button")),
      h("a", { class: "btn", href: `#/replay/${id}?hand=${hand}` }, t("review.replay")),
      meta.daily ? h("a", { class: "btn", href: "#/daily" }, t("daily.title")) : null,
      h("a", { class: "btn", href: "#/" }, t("nav.home"))),
    h("p", { class: "muted", text: `${fmtDate(rec.updated)}` })].filter(Boolean));
}
