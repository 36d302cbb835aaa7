// What the statistics' chart of results match by match draws and says (chart.js puts it on
// the page): a group's latest finished matches, oldest first, one bar each: up for a match
// won, down for one lost, as long as the point margin (against the group's largest, which the
// scale beside the bars gives), and its key. No page here.
import { t, plural, fmtNumber } from "./i18n.js";

/** How many of the latest finished matches the chart shows. */
export const CHART_MATCHES = 20;
const W = 200, H = 64, BASE = H / 2, PAD = 3, MIN_BAR = 2;
const MAX_BAR_WIDTH = 14, BAR_SHARE = 0.7;

/** The results the chart shows: the latest CHART_MATCHES of a group's (oldest first). */
export function chartResults(g) {
  return (g.results || []).slice(-CHART_MATCHES);
}

/** The largest point margin of `results` (at least 1): the top of the scale, and its bottom
 * below zero. */
export function chartMost(results) {
  return Math.max(1, ...results.map((r) => Math.abs(r.margin)));
}

/** The chart's drawing (SVG markup) for results [{won, margin}], oldest first. */
export function chartSVG(results) {
  const n = results.length;
  const step = W / Math.max(n, 1);
  const width = Math.max(1, Math.min(step * BAR_SHARE, MAX_BAR_WIDTH));
  const most = chartMost(results);
  const bars = results.map((r, i) => {
    const len = Math.max(MIN_BAR, (Math.abs(r.margin) / most) * (BASE - PAD));
    const x = i * step + (step - width) / 2;
    const y = r.won ? BASE - len : BASE;
    return `<rect class="${r.won ? "win" : "loss"}" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${width.toFixed(1)}" height="${len.toFixed(1)}" rx="1"/>`;
  }).join("");
  return `<svg viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" aria-hidden="true" focusable="false">`
    + `${bars}<line class="base" x1="0" y1="${BASE}" x2="${W}" y2="${BASE}"/></svg>`;
}

/** The scale beside the bars, top to bottom: the largest margin won by, 0, lost by ("+12",
 * "0", "−12": the minus sign, not a hyphen). */
export function chartScale(results) {
  const most = fmtNumber(chartMost(results));
  return [`+${most}`, "0", `−${most}`];
}

/** The key's swatch of a "win" or a "loss": a small bar above or below a base line, in the
 * bars' own colours (app.css). */
export function swatchSVG(kind) {
  const y = kind === "win" ? 1 : 8;
  return `<svg viewBox="0 0 12 16" aria-hidden="true" focusable="false"><rect class="${kind}" x="2" y="${y}" width="8" height="7" rx="1"/>`
    + `<line class="base" x1="0" y1="8" x2="12" y2="8"/></svg>`;
}

/** The chart's key and its axis in words: [won, lost, what a bar's height is], [the oldest
 * end, the latest end]. */
export function chartKey() {
  return {
    key: [t("stats.chart_key_won"), t("stats.chart_key_lost"), t("stats.chart_key_height")],
    axis: [t("stats.chart_oldest"), t("stats.chart_newest")],
  };
}

/** The chart's words (its caption), for everyone, a screen reader too: how many matches,
 * won and lost, and the latest one's score. */
export function chartCaption(g) {
  const results = chartResults(g);
  const won = results.filter((r) => r.won).length;
  const last = results[results.length - 1];
  const all = (g.results || []).length;
  const summary = t("stats.chart_summary", {
    matches: plural(all > results.length ? "stats.chart_latest" : "stats.chart_matches", results.length),
    won: plural("stats.chart_won", won),
    lost: plural("stats.chart_lost", results.length - won),
  });
  const lastText = last ? t(last.won ? "stats.chart_last_won" : "stats.chart_last_lost", { us: last.score[0], them: last.score[1] }) : "";
  return `${summary} ${lastText}`.trim();
}
