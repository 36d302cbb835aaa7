// The table's header: back home, the title and subtitle, the trump (Cuatrola), the score (a
// button: the score sheet), the menu.
import { t } from "../i18n.js";
import { h, patch } from "../ui.js";

/** The header's nodes: {bar, titleEl, subEl, scoreEl, trumpEl}. */
export function topBar({ title, onMenu, onScores, trump = false }) {
  const titleEl = h("h1", { class: "ttitle", text: title });   // the page's heading
  const subEl = h("div", { class: "tsub" });
  const trumpEl = trump ? h("div", { class: "trump-chip", role: "img" }) : null;
  const scoreEl = h("button", { type: "button", class: "score", id: "scores", onclick: onScores });
  const bar = h("header", { class: "tbar" },
    h("a", { class: "icon-btn", href: "#/", "aria-label": t("nav.home"), onclick: goHome }, h("span", { "aria-hidden": "true", text: "‹" })),
    h("div", { class: "tinfo" }, titleEl, subEl),
    trumpEl,
    scoreEl,
    h("button", { type: "button", class: "icon-btn", "aria-label": t("table.menu"), onclick: onMenu },
      h("span", { "aria-hidden": "true", text: "⋯" })));
  return { bar, titleEl, subEl, scoreEl, trumpEl };
}

/** The table's back arrow: home. When home is the entry just before (the usual way in), it
 * goes back to it instead of adding another entry, so the system's back button does not
 * return to the table. */
function goHome(e) {
  const s = history.state;
  if (s && s.tapeteFromHome) { e.preventDefault(); history.back(); }
}

/** The score in the header, seen from `persp` (us first): a button whose name is what it
 * shows, then what it opens. */
export function drawScore(scoreEl, score, persp) {
  const [us, them] = persp.ours(score);
  patch(scoreEl, [us, them, persp.side], () => scoreEl.append(
    h("span", { text: `${t("side.us")} ${us}` }), h("span", { class: "sr-only", text: ", " }),
    h("span", { text: `${t("side.them")} ${them}` }), h("span", { class: "sr-only", text: `. ${t("table.scores_open")}` })));
}
