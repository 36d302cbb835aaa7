// New match: a preset and every rule option of the engine (from the `games` op, never
// hard-coded here), the computer players' level and an optional seed.
import { t, has } from "../i18n.js";
import { h, clear, toast } from "../ui.js";
import { engine } from "../engine.js";
import { gamesSpec } from "../games.js";
import { engineText } from "../engine-text.js";
import * as store from "../store.js";

export function randomSeed() {
  const r = new Uint8Array(8);
  crypto.getRandomValues(r);
  return Array.from(r, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 12);
}

export function optionLabel(game, name) {
  return has(`option.${game}.${name}`) ? t(`option.${game}.${name}`) : name;
}
export function optionHelp(game, opt) {
  return has(`option.${game}.${opt.name}.help`) ? t(`option.${game}.${opt.name}.help`) : opt.help;
}
export function choiceLabel(game, name, value) {
  const key = `option.${game}.${name}.${value}`;
  return has(key) ? t(key) : String(value);
}
export function presetLabel(game, name) {
  return has(`preset.${game}.${name}`) ? t(`preset.${game}.${name}`) : name;
}
export function levelLabel(name) { return has(`level.${name}`) ? t(`level.${name}`) : name; }

/** Start a match and store it; resolves with the record (or throws an Error for the player). */
export async function startMatch({ game, rules, seed, level, origin = "new" }) {
  await engine.ready;
  const meta = { app: "tapete-web" };
  if (level) meta.level = level;
  const ans = await engine.call({ op: "new", game, rules, seed: seed || randomSeed(), seat: 0, meta });
  if (!ans.ok) throw new Error(engineText(ans.error));
  store.requestPersistence();
  return store.addMatch({ id: store.newId(), game, origin, match: ans.match, view: ans.view, status: "playing" });
}

export function showNewMatch(root, game, query) {
  clear(root);
  const page = h("section", { class: "page newmatch" },
    h("h1", { text: t(`new.title.${game}`) }),
    h("p", { class: "muted waiting", text: t("boot.waiting") }));
  root.append(page);
  let alive = true;
  gamesSpec().then((games) => {
    if (!alive) return;
    if (!games[game]) { page.append(h("p", { class: "error-text", text: t("new.unknown_game", { game }) })); return; }
    buildForm(page, game, games[game], new URLSearchParams(query || ""));
  }).catch((err) => {
    if (alive) page.append(h("p", { class: "error-text", role: "alert", text: t("new.unavailable", { error: err.message }) }));
  });
  return { destroy() { alive = false; } };
}

function buildForm(page, game, spec, query) {
  page.querySelector(".waiting").remove();
  const { options, presets, default_preset: defPreset } = spec.options;
  const settings = store.getSettings();
  const fields = {};
  const form = h("form", { class: "form", novalidate: true });

  const presetSel = h("select", { id: "preset", name: "preset" },
    Object.keys(presets).map((p) => h("option", { value: p, text: presetLabel(game, p) })),
    h("option", { value: "", text: t("new.custom") }));
  form.append(h("div", { class: "field" }, h("label", { for: "preset", text: t("new.preset") }), presetSel));

  const opts = h("fieldset", { class: "options" }, h("legend", { text: t("new.rules") }));
  for (const opt of options) {
    const id = `opt-${opt.name}`;
    let input;
    if (opt.type === "bool") {
      input = h("input", { type: "checkbox", id, name: opt.name });
      opts.append(h("div", { class: "field check" }, input,
        h("label", { for: id }, h("span", { class: "opt-name", text: optionLabel(game, opt.name) }),
          h("span", { class: "opt-help", text: optionHelp(game, opt) }))));
    } else {
      if (opt.choices) {
        input = h("select", { id, name: opt.name }, opt.choices.map((c) => h("option", { value: c, text: choiceLabel(game, opt.name, c) })));
      } else {
        input = h("input", { type: "number", id, name: opt.name, min: opt.min, max: opt.max, step: 1, inputmode: "numeric" });
      }
      opts.append(h("div", { class: "field" },
        h("label", { for: id }, h("span", { class: "opt-name", text: optionLabel(game, opt.name) }),
          h("span", { class: "opt-help", text: optionHelp(game, opt) })), input));
    }
    fields[opt.name] = { opt, input };
  }
  form.append(opts);

  const levels = spec.levels || [];
  const levelSel = h("select", { id: "level", name: "level" }, levels.map((l) => h("option", { value: l, text: levelLabel(l) })));
  if (levels.includes(settings.level)) levelSel.value = settings.level;
  else if (levels.length) levelSel.value = levels[levels.length - 1];
  form.append(h("div", { class: "field" }, h("label", { for: "level", text: t("new.level") }), levelSel));

  const seedIn = h("input", { type: "text", id: "seed", name: "seed", maxlength: 200, autocomplete: "off", placeholder: t("new.seed_placeholder") });
  form.append(h("div", { class: "field" }, h("label", { for: "seed" }, h("span", { class: "opt-name", text: t("new.seed") }),
    h("span", { class: "opt-help", text: t("new.seed_help") })), seedIn));

  const start = h("button", { type: "submit", class: "btn big primary", id: "start" }, t("new.start"));
  form.append(h("div", { class: "sticky-actions" }, start));
  page.append(form);

  const read = () => {
    const rules = {};
    for (const [name, { opt, input }] of Object.entries(fields)) {
      if (opt.type === "bool") rules[name] = input.checked;
      else if (opt.type === "int") rules[name] = input.value === "" ? opt.default : Number(input.value);
      else rules[name] = input.value;
    }
    return rules;
  };
  const pinned = new Set();   // options set by the link that opened this form (e.g. players=2)
  const apply = (values) => {
    for (const [name, { opt, input }] of Object.entries(fields)) {
      if (pinned.has(name)) continue;
      const v = name in values ? values[name] : opt.default;
      if (opt.type === "bool") input.checked = !!v; else input.value = String(v);
    }
  };
  const matchPreset = () => {
    const now = read();
    const found = Object.keys(presets).find((p) => Object.entries(presets[p]).every(([k, v]) => pinned.has(k) || now[k] === v));
    presetSel.value = found || "";
  };
  presetSel.addEventListener("change", () => { if (presetSel.value) apply(presets[presetSel.value]); });
  for (const { input } of Object.values(fields)) input.addEventListener("change", matchPreset);

  apply(presets[defPreset] || {});
  presetSel.value = defPreset || "";
  // a home-screen choice such as "Cuarenta for 2 players" sets the option of that name
  for (const [k, v] of query.entries()) {
    const f = fields[k];
    if (!f) continue;
    pinned.add(k);
    if (f.opt.type === "int") f.input.value = v;
    else if (f.opt.type === "bool") f.input.checked = v === "true";
    else if (f.opt.choices && f.opt.choices.includes(v)) f.input.value = v;
    else if (f.opt.choices && f.opt.choices.includes(Number(v))) f.input.value = v;
  }
  matchPreset();

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    start.disabled = true;
    try {
      store.setSettings({ level: levelSel.value });
      const rec = await startMatch({ game, rules: read(), seed: seedIn.value.trim(), level: levelSel.value });
      location.hash = `#/play/${rec.id}`;
    } catch (err) {
      toast(err.quota ? t("store.quota") : err.message, { kind: "error", ms: 6000 });
      start.disabled = false;
    }
  });
}
