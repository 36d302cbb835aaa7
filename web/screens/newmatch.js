// New match. First what a player chooses every time: the computer players' level and, for
// Cuarenta, the number of players; then the rules, folded under one line that names the
// rule set ("Rules: Quick (11 hands)"): open it to pick another rule set, change single
// options (every option of the engine, from the `games` op, never hard-coded here) or give
// a deal code (the seed). Element ids: #opt-<name>, #level, #preset, #seed, #start, #rules.
import { t, has } from "../i18n.js";
import { h, clear, toast } from "../ui.js";
import { gamesSpec, isGame } from "../games.js";
import * as store from "../store.js";
import { startMatch } from "../services/start.js";

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
export function presetHelp(game, name) {
  return has(`preset.${game}.${name}.help`) ? t(`preset.${game}.${name}.help`) : "";
}
export function levelLabel(name) { return has(`level.${name}`) ? t(`level.${name}`) : name; }
/** What a level does, in the game's own words where the catalog has them (the players of
 * each game are different code: engine/bots, docs/bots.md). */
export function levelHelp(name, game) {
  for (const key of [`level.${game}.${name}.help`, `level.${name}.help`]) if (has(key)) return t(key);
  return "";
}

/** Options a player chooses every time, shown above the folded rules (not part of a rule set). */
export const EVERY_TIME = new Set(["players"]);

export function showNewMatch(root, game, query) {
  clear(root);
  const page = h("section", { class: "page newmatch" },
    h("h1", { text: isGame(game) ? t(`new.title.${game}`) : t("new.title_unknown") }),
    h("p", { class: "muted waiting", text: t("boot.waiting") }));
  root.append(page);
  let alive = true;
  gamesSpec().then((games) => {
    if (!alive) return;
    page.querySelector(".waiting").remove();
    if (!isGame(game) || !Object.hasOwn(games, game)) { page.append(h("p", { class: "error-text", text: t("new.unknown_game", { game }) })); return; }
    buildForm(page, game, games[game], new URLSearchParams(query || ""));
  }).catch((err) => {
    if (alive) page.append(h("p", { class: "error-text", role: "alert", text: t("new.unavailable", { error: err.message }) }));
  });
  return { destroy() { alive = false; } };
}

/** A group of radio buttons (a fieldset with id `id`; each radio `${id}-${value}`). */
function radioGroup(id, legend, items, name) {
  return h("fieldset", { class: "field choices", id },
    h("legend", { text: legend }),
    h("div", { class: items.some((i) => i.help) ? "choice-list" : "choice-list compact" }, items.map(({ value, label, help }) =>
      h("label", { class: "choice", for: `${id}-${value}` },
        h("input", { type: "radio", id: `${id}-${value}`, name, value: String(value) }),
        h("span", { class: "choice-text" },
          h("span", { class: "opt-name", text: label }),
          help ? h("span", { class: "opt-help", text: help }) : null)))));
}

function optionField(game, opt, fields) {
  const id = `opt-${opt.name}`;
  const name = h("span", { class: "opt-name", text: optionLabel(game, opt.name) });
  const help = h("span", { class: "opt-help", text: optionHelp(game, opt) });
  let input;
  let field;
  if (opt.type === "bool") {
    input = h("input", { type: "checkbox", id, name: opt.name });
    field = h("div", { class: "field check" }, input, h("label", { for: id }, name, help));
  } else {
    if (opt.choices) {
      input = h("select", { id, name: opt.name }, opt.choices.map((c) => h("option", { value: c, text: choiceLabel(game, opt.name, c) })));
    } else {
      input = h("input", { type: "number", id, name: opt.name, min: opt.min, max: opt.max, step: 1, inputmode: "numeric" });
    }
    field = h("div", { class: "field" }, h("label", { for: id }, name, help), input);
  }
  fields[opt.name] = { opt, get: () => (opt.type === "bool" ? input.checked : input.value),
    set: (v) => { if (opt.type === "bool") input.checked = !!v; else input.value = String(v); }, input };
  return field;
}

function buildForm(page, game, spec, query) {
  const { options, presets, default_preset: defPreset } = spec.options;
  const settings = store.getSettings();
  const fields = {};
  const form = h("form", { class: "form", novalidate: true });

  // ---- every time: the number of players (Cuarenta), the computer players' level
  for (const opt of options.filter((o) => EVERY_TIME.has(o.name) && o.choices)) {
    const id = `opt-${opt.name}`;
    const group = radioGroup(id, optionLabel(game, opt.name),
      opt.choices.map((c) => ({ value: c, label: choiceLabel(game, opt.name, c) })), opt.name);
    const radios = [...group.querySelectorAll("input")];
    fields[opt.name] = { opt, group, get: () => (radios.find((r) => r.checked) || {}).value,
      set: (v) => { for (const r of radios) r.checked = r.value === String(v); } };
    form.append(group);
  }
  const levels = spec.levels || [];
  const levelGroup = radioGroup("level", t("new.level"),
    levels.map((l) => ({ value: l, label: levelLabel(l), help: levelHelp(l, game) })), "level");
  const levelRadios = [...levelGroup.querySelectorAll("input")];
  const wantLevel = levels.includes(settings.level) ? settings.level : levels[levels.length - 1];
  for (const r of levelRadios) r.checked = r.value === wantLevel;
  const level = () => (levelRadios.find((r) => r.checked) || {}).value;
  if (levels.length) form.append(levelGroup);

  // ---- playing together: each other seat is a friend (on their own phone) or a computer
  const together = query.get("together") === "1";
  const seatsBox = together ? h("fieldset", { class: "field choices seats", id: "seats" },
    h("legend", { text: t("together.seats_legend") }), h("div", { class: "seat-choices" })) : null;
  if (seatsBox) form.insertBefore(seatsBox, levelGroup.isConnected ? levelGroup : null);
  const kinds = new Map();
  const drawSeats = () => {
    if (!seatsBox) return;
    const n = fields.players ? Number(fields.players.get()) || 4 : 4;
    const left = fields.clockwise && fields.clockwise.get() === true;
    const names = n === 2 ? ["", "rival"] : ["", left ? "left" : "right", "top", left ? "right" : "left"];
    const list = seatsBox.querySelector(".seat-choices");
    clear(list);
    for (let seat = 1; seat < n; seat++) {
      const kind = kinds.get(seat) || "person";
      const pick = (value, label) => h("label", { class: "choice small", for: `seat-${seat}-${value}` },
        h("input", { type: "radio", id: `seat-${seat}-${value}`, name: `seat-${seat}`, value, checked: kind === value,
          onchange: () => kinds.set(seat, value) }), h("span", { class: "opt-name", text: label }));
      list.append(h("div", { class: "seat-choice", role: "group", "aria-label": t(`seat.${names[seat]}`) },
        h("span", { class: "seat-name", text: t(`seat.${names[seat]}`) }),
        pick("person", t("together.kind.person")), pick("bot", t("together.kind.bot"))));
    }
  };
  const seatKinds = () => {
    const n = fields.players ? Number(fields.players.get()) || 4 : 4;
    return ["host", ...Array.from({ length: n - 1 }, (_, i) => kinds.get(i + 1) || "person")];
  };

  // ---- the rules, folded: the rule set, every option, the deal code
  const summaryName = h("span", { class: "rules-name" });
  const fold = h("details", { class: "rules-fold", id: "rules" }, h("summary", {}, summaryName));
  const presetSel = h("select", { id: "preset", name: "preset" },
    Object.keys(presets).map((p) => h("option", { value: p, text: presetLabel(game, p) })),
    h("option", { value: "", text: t("new.custom") }));
  const presetNote = h("p", { class: "opt-help preset-help", id: "preset-help" });
  presetSel.setAttribute("aria-describedby", "preset-help");
  const body = h("div", { class: "rules-body" },
    h("div", { class: "field" }, h("label", { for: "preset", text: t("new.preset") }), presetSel, presetNote));
  for (const opt of options) if (!fields[opt.name]) body.append(optionField(game, opt, fields));
  const seedIn = h("input", { type: "text", id: "seed", name: "seed", maxlength: 200, autocomplete: "off", placeholder: t("new.seed_placeholder") });
  body.append(h("div", { class: "field" }, h("label", { for: "seed" }, h("span", { class: "opt-name", text: t("new.seed") }),
    h("span", { class: "opt-help", text: t("new.seed_help") })), seedIn));
  fold.append(body);
  form.append(fold);
  // ---- learning aids, off by default, per match (not at a table with friends)
  const assistBox = (id, key) => h("div", { class: "field check" },
    h("input", { type: "checkbox", id, name: id }),
    h("label", { for: id }, h("span", { class: "opt-name", text: t(`${key}`) }), h("span", { class: "opt-help", text: t(`${key}_help`) })));
  const hintBox = together ? null : assistBox("assist-hint", "assist.hint");
  const backBox = together ? null : assistBox("assist-takeback", "assist.takeback");
  if (!together) {
    form.append(h("fieldset", { class: "field assists", id: "assists" },
      h("legend", { text: t("assist.legend") }), hintBox, backBox));
  }
  const assist = () => (together ? null : { hint: hintBox.querySelector("input").checked, takeback: backBox.querySelector("input").checked });

  const start = h("button", { type: "submit", class: "btn big primary", id: "start" }, t("new.start"));
  form.append(h("div", { class: "sticky-actions" }, start));
  page.append(form);

  const read = () => {
    const rules = {};
    for (const [name, { opt, get }] of Object.entries(fields)) {
      const v = get();
      if (opt.type === "bool") rules[name] = v;
      else if (opt.type === "int") rules[name] = v === "" || v === undefined ? opt.default : Number(v);
      else rules[name] = v;
    }
    return rules;
  };
  const pinned = new Set();   // options set by the link that opened this form (e.g. players=2)
  const inRuleSet = (name) => !EVERY_TIME.has(name) && !pinned.has(name);
  const apply = (values) => {
    for (const [name, { opt, set }] of Object.entries(fields)) {
      if (!inRuleSet(name)) continue;
      set(name in values ? values[name] : opt.default);
    }
  };
  const showPreset = () => {
    const p = presetSel.value;
    summaryName.textContent = t("new.rules_summary", { name: p ? presetLabel(game, p) : t("new.custom") });
    presetNote.textContent = p ? presetHelp(game, p) : t("new.custom_help");
  };
  const matchPreset = () => {
    const now = read();
    const found = Object.keys(presets).find((p) => Object.entries(presets[p]).every(([k, v]) => !inRuleSet(k) || now[k] === v));
    presetSel.value = found || "";
    showPreset();
  };
  presetSel.addEventListener("change", () => { if (presetSel.value) apply(presets[presetSel.value]); showPreset(); });
  for (const [name, f] of Object.entries(fields)) {
    (f.group || f.input).addEventListener("change", () => { if (inRuleSet(name)) matchPreset(); });
  }

  // defaults: the default rule set; the every-time options at their engine default
  for (const name of Object.keys(fields)) if (EVERY_TIME.has(name)) fields[name].set(fields[name].opt.default);
  apply(presets[defPreset] || {});
  presetSel.value = defPreset || "";
  // a home-screen choice such as "Cuarenta for 2 players" sets the option of that name
  for (const [k, v] of query.entries()) {
    const f = fields[k];
    if (!f) continue;
    const { opt } = f;
    let value = null;
    if (opt.type === "bool") value = v === "true";
    else if (opt.choices) value = opt.choices.find((c) => String(c) === v) ?? null;
    else if (opt.type === "int" && /^\d+$/.test(v)) value = Number(v);
    else if (opt.type !== "int") value = v;
    if (value === null) continue;
    if (!EVERY_TIME.has(k)) pinned.add(k);
    f.set(value);
  }
  matchPreset();
  drawSeats();
  if (fields.players) fields.players.group.addEventListener("change", drawSeats);
  if (fields.clockwise) fields.clockwise.input.addEventListener("change", drawSeats);

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    start.disabled = true;
    try {
      store.setSettings({ level: level() });
      const rec = await startMatch({ game, rules: read(), seed: seedIn.value.trim(), level: level(),
        origin: together ? "together" : "new", together: together ? { seats: seatKinds() } : null, assist: assist() });
      location.hash = `#/play/${rec.id}`;
    } catch (err) {
      toast(err.quota ? t("store.quota") : err.message, { kind: "error", ms: 6000 });
      start.disabled = false;
    }
  });
}
