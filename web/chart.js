// A small chart of the statistics screen: a group's results match by match (the last
// finished ones, oldest first), one bar each: up for a match won, down for one lost, as long
// as the point margin (against the group's largest). Drawn in SVG with no text of its own
// (aria-hidden); its caption says the same in words for everyone, a screen reader too. Its
// colours are the theme's (app.css: .stats-chart), so it reads in the dark theme as well.
import { t, plural } from "./i18n.js";
import { h } from "./ui.js";

/** How many of the latest finished matches the chart shows. */
export const CHART_MATCHES = 20;
const W = 200, H = 64, BASE = H / 2, PAD = 3, MIN_BAR = 2;

/** The chart's drawing (SVG markup) for results [{won, margin}], oldest first. */
export function chartSVG(results) {
  const n = results.length;
  const step = W / Math.max(n, 1);
  const width = Math.max(1, Math.min(step * 0.7, 14));
  const most = Math.max(1, ...results.map((r) => Math.abs(r.margin)));
  const bars = results.map((r, i) => {
    const len = Math.max(MIN_BAR, (Math.abs(r.margin) / most) * (BASE - PAD));
    const x = i * step + (step - width) / 2;
    const y = r.won ? BASE - len : BASE;
    return `<rect class="${r.won ? "win" : "loss"}" x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${width.toFixed(1)}" height="${len.toFixed(1)}" rx="1"/>`;
  }).join("");
  return `<svg viewBox="0 0 ${W} ${H}" preserveAspectRatio="none" aria-hidden="true" focusable="false">`
    + `${bars}<line class="base" x1="0" y1="${BASE}" x2="${W}" y2="${BASE}"/></svg>`;
}

/** The chart and its caption for a group of the statistics (g.results, oldest first). */
export function resultsChart(g) {
  const results = (g.results || []).slice(-CHART_MATCHES);
  const won = results.filter((r) => r.won).length;
  const last = results[results.length - 1];
  const all = (g.results || []).length;
  const summary = t("stats.chart_summary", {
    matches: plural(all > results.length ? "stats.chart_latest" : "stats.chart_matches", results.length),
    won: plural("stats.chart_won", won),
    lost: plural("stats.chart_lost", results.length - won),
  });
  const lastText = last ? t(last.won ? "stats.chart_last_won" : "stats.chart_last_lost", { us: last.score[0], them: last.score[1] }) : "";
  return h("figure", { class: "stats-chart", dataset: { matches: String(results.length), won: String(won) } },
    h("div", { class: "chart-box", svg: chartSVG(results) }),
    h("figcaption", {}, h("span", { class: "chart-title", text: t("stats.chart_title") }), " ", `${summary} ${lastText}`.trim()));
}
