// The statistics screen's chart of a group's results match by match (drawn by chart-draw.js).
// Drawn in SVG with no text of its own (aria-hidden); its caption says the same in words for
// everyone, a screen reader too. Its colours are the theme's (app.css: .stats-chart), so it
// reads in the dark theme as well.
import { t } from "./i18n.js";
import { h } from "./ui.js";
import { chartCaption, chartResults, chartSVG } from "./chart-draw.js";

/** The chart and its caption for a group of the statistics (g.results, oldest first). */
export function resultsChart(g) {
  const results = chartResults(g);
  const won = results.filter((r) => r.won).length;
  return h("figure", { class: "stats-chart", dataset: { matches: String(results.length), won: String(won) } },
    h("div", { class: "chart-box", svg: chartSVG(results) }),
    h("figcaption", {}, h("span", { class: "chart-title", text: t("stats.chart_title") }), " ", chartCaption(g)));
}
