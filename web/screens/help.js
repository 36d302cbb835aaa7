// Rules help: the games in short (each with the way to its lessons, #/learn/<game>), every
// rule option of the engine explained in plain words (with its usual setting and the rule sets
// that change it), the rule sets, the Spanish terms players use, the keyboard. Where each
// rule comes from is in docs/rules-*.md.
import { t, has, gameName } from "../i18n.js";
import { h, clear } from "../ui.js";
import { GAME_IDS, gamesSpec } from "../games.js";
import { optionLabel, optionHelp, choiceLabel, presetLabel, presetHelp } from "./newmatch.js";

const TERMS = ["triunfo", "mano", "baza", "cante", "ultimas", "solo", "cuatrola", "quintola",
  "caida", "limpia", "ronda", "carton", "tanto", "perro"];

/** An option's value in words: on/off, the choice's label, or the number. */
export function valueText(game, opt, value) {
  if (opt.type === "bool") return t(value ? "rules.on" : "rules.off");
  if (opt.choices) return choiceLabel(game, opt.name, value);
  return String(value);
}

/** The plain explanation of an option (the form's short help when there is no longer one). */
function explanation(game, opt) {
  return has(`rules.${game}.${opt.name}`) ? t(`rules.${game}.${opt.name}`) : optionHelp(game, opt);
}

function optionsHelp(game, spec) {
  const { options, presets } = spec.options;
  const list = h("dl", { class: "options-help" });
  for (const o of options) {
    const changed = Object.keys(presets).filter((p) => o.name in presets[p] && presets[p][o.name] !== o.default)
      .map((p) => `${presetLabel(game, p)}: ${valueText(game, o, presets[p][o.name])}`);
    const usual = [t("rules.standard", { value: valueText(game, o, o.default) })];
    if (changed.length) usual.push(t("rules.in_sets", { sets: changed.join("; ") }));
    list.append(h("dt", { text: optionLabel(game, o.name) }),
      h("dd", {}, h("p", { text: explanation(game, o) }), h("p", { class: "muted usual", text: usual.join(" ") })));
  }
  const sets = h("dl", { class: "options-help presets-help" });
  for (const p of Object.keys(presets)) {
    sets.append(h("dt", { text: presetLabel(game, p) }), h("dd", {}, h("p", { text: presetHelp(game, p) })));
  }
  return [h("h3", { text: t("help.options") }), h("p", { text: t("help.options_intro") }), list,
    h("h3", { text: t("help.presets") }), sets];
}

export function showHelp(root, game) {
  clear(root);
  const page = h("section", { class: "page help" }, h("h1", { text: t("nav.help") }));
  for (const g of GAME_IDS) {
    const sec = h("section", { class: "help-game", id: `help-${g}`, "aria-labelledby": `help-${g}-title` },
      h("h2", { id: `help-${g}-title`, text: gameName(g) }),
      h("a", { class: "btn help-learn", href: `#/learn/${g}`, id: `help-learn-${g}` }, t("lessons.help_link", { game: gameName(g) })));
    for (let i = 1; has(`help.${g}.${i}`); i++) sec.append(h("p", { text: t(`help.${g}.${i}`) }));
    sec.append(h("div", { class: "help-options", dataset: { game: g } }));
    page.append(sec);
  }
  const dl = h("dl", { class: "glossary" });
  for (const term of TERMS) {
    dl.append(h("div", { class: "term" }, h("dt", { lang: "es", text: t(`term.${term}`) }), h("dd", { text: t(`term.${term}.help`) })));
  }
  page.append(h("section", { class: "help-terms", id: "help-terms" }, h("h2", { text: t("help.terms") }), dl));
  page.append(h("section", { class: "help-keys" }, h("h2", { text: t("help.keyboard") }), h("p", { text: t("help.keyboard_text") })));
  root.append(page);
  const scroll = () => {
    const el = game && page.querySelector(`#help-${game}`);
    if (el) requestAnimationFrame(() => el.scrollIntoView());
  };
  scroll();
  gamesSpec().then((games) => {
    for (const [g, spec] of Object.entries(games)) {
      const box = page.querySelector(`.help-options[data-game="${g}"]`);
      if (box) box.append(...optionsHelp(g, spec));
    }
    scroll();   // the options have moved what follows
  }).catch(() => {});
  return {};
}
