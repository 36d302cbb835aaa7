// Rules help: the games in short, the Spanish terms players use, and every rule
// option of the engine with its help text and source.
import { t, has } from "../i18n.js";
import { h, clear } from "../ui.js";
import { gamesSpec } from "../games.js";
import { optionLabel, optionHelp, presetLabel } from "./newmatch.js";

const TERMS = ["triunfo", "mano", "baza", "cante", "ultimas", "solo", "cuatrola", "quintola",
  "caida", "limpia", "ronda", "carton", "tanto", "perro"];

export function showHelp(root, game) {
  clear(root);
  const page = h("section", { class: "page help" }, h("h1", { text: t("nav.help") }));
  for (const g of ["cuatrola", "cuarenta"]) {
    const sec = h("section", { class: "help-game", id: `help-${g}` }, h("h2", { text: t(`game.${g}`) }));
    for (let i = 1; has(`help.${g}.${i}`); i++) sec.append(h("p", { text: t(`help.${g}.${i}`) }));
    sec.append(h("div", { class: "help-options", dataset: { game: g } }));
    page.append(sec);
  }
  const dl = h("dl", { class: "glossary" });
  for (const term of TERMS) dl.append(h("dt", { lang: "es", text: t(`term.${term}`) }), h("dd", { text: t(`term.${term}.help`) }));
  page.append(h("section", { class: "help-terms", id: "help-terms" }, h("h2", { text: t("help.terms") }), dl));
  page.append(h("section", {}, h("h2", { text: t("help.keyboard") }), h("p", { text: t("help.keyboard_text") })));
  root.append(page);
  if (game) {
    const el = page.querySelector(`#help-${game}`);
    if (el) requestAnimationFrame(() => el.scrollIntoView());
  }
  gamesSpec().then((games) => {
    for (const [g, spec] of Object.entries(games)) {
      const box = page.querySelector(`.help-options[data-game="${g}"]`);
      if (!box) continue;
      const list = h("dl", { class: "options-help" });
      for (const o of spec.options.options) {
        list.append(h("dt", {}, h("span", { text: optionLabel(g, o.name) }), h("code", { text: ` ${o.name}` })),
          h("dd", {}, h("span", { text: optionHelp(g, o) }), h("br"),
            h("small", { class: "muted", text: `${t("help.default")}: ${JSON.stringify(o.default)} · ${t("help.source")}: ${o.source}` })));
      }
      const presets = Object.keys(spec.options.presets).map((p) => presetLabel(g, p)).join(", ");
      box.append(h("h3", { text: t("help.options") }), list, h("p", { class: "muted", text: `${t("new.preset")}: ${presets}` }));
    }
  }).catch(() => {});
  return {};
}
