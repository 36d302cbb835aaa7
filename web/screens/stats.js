// Statistics: per game (and number of players) and computer players' level, the matches
// finished and won, the hands played and won, the contracts bid and made (Cuatrola), the
// caídas, limpias and rondas (Cuarenta). The figures come from the engine's summaries of
// the stored matches (web/stats-cache.js, cached per match); a record that cannot be read is
// skipped and counted.
import { t, plural, fmtNumber, gameName } from "../i18n.js";
import { h, clear } from "../ui.js";
import { GAME_IDS, gamesSpec } from "../games.js";
import { collectStats } from "../stats-cache.js";
import { CONTRACTS } from "../figures.js";
import { levelLabel } from "./newmatch.js";
import { resultsChart } from "../chart.js";

function percent(n, of) {
  if (!of) return String(n);
  return `${n} (${fmtNumber(n / of, { percent: true })})`;
}

function groupTitle(g) {
  const parts = [gameName(g.game)];
  if (g.players) parts.push(t("home.players", { n: g.players }));
  parts.push(g.level ? levelLabel(g.level) : t("stats.level_unknown"));
  return parts.join(" · ");
}

const cell = (stat, text) => h("td", { dataset: { stat }, text: String(text) });
const rowOf = (label, ...cells) => h("tr", {}, h("th", { scope: "row", text: label }), cells);

function groupSection(g, n) {
  const id = `stats-g${n}`;
  const sec = h("section", { class: "stats-group", "aria-labelledby": id,
    dataset: { game: g.game, players: g.players ?? "", level: g.level ?? "" } },
    h("h2", { id, text: groupTitle(g) }));
  const main = h("tbody", {},
    rowOf(t("stats.matches"), cell("matches", g.matches)),
    rowOf(t("stats.won"), cell("won", percent(g.won, g.matches))),
    g.playing ? rowOf(t("stats.playing"), cell("playing", g.playing)) : null,
    rowOf(t("stats.hands"), cell("hands", g.hands)),
    "handsWon" in g ? rowOf(t("stats.hands_won"), cell("hands-won", percent(g.handsWon, g.hands))) : null);
  sec.append(h("table", { class: "breakdown stats-table" }, main));
  if (g.results && g.results.length) sec.append(resultsChart(g));   // results match by match
  if (g.contracts) {
    const head = h("tr", {}, h("th", { scope: "col", text: t("stats.contract") }),
      ["stats.ours_bid", "stats.ours_made", "stats.theirs_bid", "stats.theirs_beaten"].map((k) => h("th", { scope: "col", text: t(k) })));
    const body = h("tbody", {}, CONTRACTS.filter((c) => c !== "quintola" || g.contracts.quintola.ours || g.contracts.quintola.theirs)
      .map((c) => {
        const x = g.contracts[c];
        return rowOf(t(`bid.${c}`), cell(`${c}-ours`, x.ours), cell(`${c}-ours-made`, x.oursMade),
          cell(`${c}-theirs`, x.theirs), cell(`${c}-theirs-failed`, x.theirsFailed));
      }));
    sec.append(h("div", { class: "table-wrap" }, h("table", { class: "breakdown stats-table contracts" },
      h("caption", { text: t("stats.contracts") }), h("thead", {}, head), body)));
  }
  if (g.caidas) {
    const head = h("tr", {}, h("td", {}), h("th", { scope: "col", text: t("side.us") }), h("th", { scope: "col", text: t("side.them") }));
    const body = h("tbody", {}, ["caidas", "limpias", "rondas"].map((k) =>
      rowOf(t(`stats.${k}`), cell(`${k}-us`, g[k][0]), cell(`${k}-them`, g[k][1]))));
    sec.append(h("table", { class: "breakdown stats-table scoring" },
      h("caption", { text: t("stats.scoring") }), h("thead", {}, head), body));
  }
  return sec;
}

function order(groups, levels) {
  const rank = (g) => {
    const ls = levels[g.game] || [];
    const li = g.level === null ? ls.length + 1 : (ls.indexOf(g.level) < 0 ? ls.length : ls.indexOf(g.level));
    const gi = GAME_IDS.indexOf(g.game) < 0 ? GAME_IDS.length : GAME_IDS.indexOf(g.game);
    return [gi, g.players || 0, li];
  };
  return groups.sort((a, b) => {
    const ra = rank(a), rb = rank(b);
    for (let i = 0; i < ra.length; i++) if (ra[i] !== rb[i]) return ra[i] - rb[i];
    return String(a.level).localeCompare(String(b.level));
  });
}

export function showStats(root) {
  clear(root);
  const status = h("p", { class: "muted stats-status", id: "stats-status", role: "status", text: t("boot.waiting") });
  const list = h("div", { class: "stats-groups" });
  const foot = h("div", { class: "stats-foot" });
  const page = h("section", { class: "page stats" }, h("h1", { text: t("stats.title") }), status, list, foot);
  root.append(page);
  let alive = true;
  const levels = {};
  gamesSpec().then((games) => { for (const [g, spec] of Object.entries(games)) levels[g] = spec.levels || []; }).catch(() => {});
  collectStats({
    alive: () => alive,
    onProgress: (done, total) => {
      if (alive && total) status.textContent = t("stats.counting", { done, total });
    },
  }).then(async (res) => {
    if (!alive || !res) return;
    await gamesSpec().catch(() => null);   // the levels' order (asked once; already there)
    page.dataset.computed = String(res.computed);
    page.dataset.cached = String(res.cached);
    page.dataset.damaged = String(res.damaged);
    status.textContent = "";
    status.hidden = true;
    if (!res.groups.length) list.append(h("p", { id: "stats-empty", text: t("stats.empty") }));
    order(res.groups, levels).forEach((g, i) => list.append(groupSection(g, i)));
    if (res.groups.length) foot.append(h("p", { class: "muted", text: t("stats.note") }));
    if (res.damaged) foot.append(h("p", { class: "stats-damaged", id: "stats-damaged", text: plural("stats.damaged", res.damaged) }));
    page.classList.add("ready");
  }).catch((err) => {
    if (!alive) return;
    status.hidden = false;
    status.textContent = "";
    page.append(h("p", { class: "error-text", role: "alert", text: t("stats.unavailable", { error: err.message }) }));
  });
  return { destroy() { alive = false; } };
}
