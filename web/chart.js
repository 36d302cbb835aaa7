// The statistics screen's chart of a group's results match by match (drawn by chart-draw.js):
// the bars (SVG), the scale of the point margin at their left, which end is the oldest and
// which the latest under them, and a key of the colours. The bars, the scale, the axis and the
// key are for the eye (aria-hidden); the caption says the same in words for everyone, a screen
// reader too. Its colours are the theme's (app.css: .stats-chart), so it reads in the dark
// theme as well.
import { t } from "./i18n.js";
import { h } from "./ui.js";
import { chartCaption, chartKey, chartResults, chartScale, chartSVG, swatchSVG } from "./chart-draw.js";

/** The chart and its caption for a group of the statistics (g.results, oldest first). */
export function resultsChart(g) {
  const results = chartResults(g);
  const won = results.filter((r) => r.won).length;
  const { key, axis } = chartKey();
  const [wonKey, lostKey, heightKey] = key;
  return h("figure", { class: "stats-chart", dataset: { matches: String(results.length), won: String(won) } },
    h("div", { class: "chart-plot", "aria-hidden": "true" },
      h("div", { class: "chart-scale" }, chartScale(results).map((text) => h("span", { text }))),
      h("div", { class: "chart-box", svg: chartSVG(results) }),
      h("div", { class: "chart-axis" }, axis.map((text) => h("span", { text })))),
    h("ul", { class: "chart-legend", "aria-hidden": "true" },
      h("li", {}, h("span", { class: "swatch", svg: swatchSVG("win") }), wonKey),
      h("li", {}, h("span", { class: "swatch", svg: swatchSVG("loss") }), lostKey),
      h("li", { class: "chart-height" }, heightKey)),
    h("figcaption", {}, h("span", { class: "chart-title", text: t("stats.chart_title") }), " ", chartCaption(g)));
}
