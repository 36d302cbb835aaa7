// Settings: language, computer-player speed, the table (vibration, animations, sound), the cards
// and table's look (theme, four colours, large indices, card size, left-handed: web/look.js),
// playing across the internet (web/together/ice-settings.js), storage, the backup (web/backup.js),
// version and updates.
import { t, LANGS, setLang, fmtNumber } from "../i18n.js";
import { h, clear, toast, applyMotion } from "../ui.js";
import * as store from "../store.js";
import { engine } from "../engine.js";
import { SPEEDS } from "../table/session.js";
import { applyLook } from "../look.js";
import { cardSVG } from "../card-faces.js";
import { canAsk, askNow, persistence } from "../persist.js";

/** The cards the look's preview shows: a king and an ace or seven of each deck's suits. */
const PREVIEW = { spanish: ["12O", "7C", "1E", "12B"], french: ["KH", "7D", "AC", "QS"] };

/** A group of radio buttons for a setting with a fixed list of choices (store.CHOICES). */
function choiceGroup(key, legend, label, s, after, order = store.CHOICES[key]) {
  return h("fieldset", { class: "field look-choice", id: `set-${key}` }, h("legend", { text: legend }),
    h("div", { class: "radios" }, order.map((v) => h("label", { class: "radio", for: `set-${key}-${v}` },
      h("input", { type: "radio", name: key, value: v, id: `set-${key}-${v}`, checked: s[key] === v ? true : null,
        onchange: () => { store.setSettings({ [key]: v }); after(); toast(t("settings.saved")); } }),
      h("span", { text: label(v) })))));
}

/** The look's part of the screen, its preview drawn with the cards of both decks. */
function lookFields(s) {
  const changed = () => applyLook();
  const flag = (id, key, on, label, help) => {
    const input = h("input", { type: "checkbox", id, checked: s[key] === on ? true : null,
      onchange: () => { store.setSettings({ [key]: input.checked ? on : store.CHOICES[key][0] }); changed(); toast(t("settings.saved")); } });
    return h("div", { class: "field check" }, input, h("label", { for: id },
      h("span", { class: "opt-name", text: label }), h("span", { class: "opt-help", text: help })));
  };
  const preview = h("div", { class: "look-preview", role: "img", "aria-label": t("settings.preview") },
    Object.entries(PREVIEW).map(([deck, cards]) => h("div", { class: "look-row" },
      cards.map((c) => h("div", { class: "card face", svg: cardSVG(c, deck) })))));
  return h("fieldset", { class: "field look", id: "look" }, h("legend", { text: t("settings.look") }),
    choiceGroup("theme", t("settings.theme"), (v) => t(`theme.${v}`), s, changed),
    h("p", { class: "opt-help", text: t("settings.theme_help") }),
    flag("set-suits", "suits", "four", t("settings.suits"), t("settings.suits_help")),
    flag("set-indices", "indices", "large", t("settings.indices"), t("settings.indices_help")),
    choiceGroup("cardSize", t("settings.card_size"), (v) => t(`card_size.${v}`), s, changed, ["small", "normal", "large"]),
    flag("set-hand", "hand", "left", t("settings.left_hand"), t("settings.left_hand_help")),
    preview);
}

// Whether the browser keeps the app's storage: "granted", "not_granted" or "unavailable"
// (persist.js), in `line`; the button asks again, where the browser can be asked.
const PERSISTENCE = { granted: "settings.persisted", not_granted: "settings.not_persisted",
  unavailable: "settings.persist_unavailable" };
function showPersistence(line, state) {
  line.textContent = t(PERSISTENCE[state]);
  line.dataset.persistence = state;
}
function persistButton(line) {
  return canAsk() ? h("button", { type: "button", class: "btn", id: "persist", onclick: async () => {
    await askNow();
    showPersistence(line, await persistence());
  } }, t("settings.persist")) : null;
}

export function showSettings(root, ctx) {
  clear(root);
  const s = store.getSettings();
  const langSel = h("select", { id: "lang" },
    h("option", { value: "auto", text: t("settings.lang_auto") }),
    LANGS.map((l) => h("option", { value: l, text: t(`lang.${l}`) })));
  langSel.value = s.lang;
  langSel.addEventListener("change", async () => {
    store.setSettings({ lang: langSel.value });
    await setLang(langSel.value === "auto" ? null : langSel.value);
    ctx.rerender();
  });
  const speed = h("div", { class: "radios", role: "radiogroup", "aria-label": t("settings.speed") },
    Object.keys(SPEEDS).map((k) => h("label", { class: "radio" },
      h("input", { type: "radio", name: "speed", value: k, checked: s.speed === k ? true : null,
        onchange: () => { store.setSettings({ speed: k }); toast(t("settings.saved")); } }),
      h("span", { text: t(`speed.${k}`) }))));
  const check = (id, key, label, after) => {
    const input = h("input", { type: "checkbox", id, checked: s[key] !== false ? true : null,
      onchange: () => { store.setSettings({ [key]: input.checked }); if (after) after(); toast(t("settings.saved")); } });
    return h("div", { class: "field check" }, input, h("label", { for: id }, h("span", { class: "opt-name", text: label })));
  };
  const table = h("fieldset", { class: "field" }, h("legend", { text: t("settings.table") }),
    check("haptics", "haptics", t("settings.haptics")),
    check("motion", "motion", t("settings.motion"), applyMotion),
    h("p", { class: "opt-help", text: t("settings.motion_help") }),
    check("sound", "sound", t("settings.sound")),
    h("p", { class: "opt-help", text: t("settings.sound_help") }));
  // playing across the internet (STUN / TURN servers): its own module, loaded when shown
  const net = h("div", { id: "net-settings-slot" });
  import("../together/ice-settings.js").then((m) => net.replaceWith(m.iceSettings()))
    .catch((err) => console.warn("settings: the network block did not load", err));
  // the backup (save, restore): its own module, loaded when shown (web/backup.js)
  const backup = h("div", { id: "backup-slot" });
  import("../backup.js").then((m) => m.backupSettings(ctx.rerender)).then((box) => backup.replaceWith(box))
    .catch((err) => console.warn("settings: the backup block did not load", err));
  const persisted = h("span", { class: "muted", id: "persistence", text: "…" });
  const usage = h("span", { class: "muted", text: "" });
  const info = h("dl", { class: "about" });
  root.append(h("section", { class: "page settings" },
    h("h1", { text: t("nav.settings") }),
    h("div", { class: "field" }, h("label", { for: "lang", text: t("settings.lang") }), langSel),
    h("fieldset", { class: "field" }, h("legend", { text: t("settings.speed") }), speed,
      h("p", { class: "opt-help", text: t("settings.speed_help") })),
    table,
    lookFields(s),
    net,
    h("fieldset", { class: "field" }, h("legend", { text: t("settings.storage") }),
      h("p", {}, persisted), h("p", {}, usage), persistButton(persisted)),
    backup,
    h("fieldset", { class: "field" }, h("legend", { text: t("settings.about") }), info,
      h("button", { type: "button", class: "btn", id: "check-update", onclick: () => ctx.checkUpdate() }, t("settings.check_update")))));
  (async () => {
    try {
      showPersistence(persisted, await persistence());
      if (navigator.storage && navigator.storage.estimate) {
        const e = await navigator.storage.estimate();
        usage.textContent = t("settings.usage", { used: fmtNumber(e.usage / 1e6, 1), quota: fmtNumber(e.quota / 1e6) });
      }
    } catch { /* not offered */ }
    const add = (k, v) => info.append(h("dt", { text: k }), h("dd", { text: v }));
    try {
      const i = await engine.ready;
      add(t("settings.version"), i.version);
      add("Pyodide", i.pyodide);
      add("Python", i.python);
    } catch (err) {
      add(t("settings.version"), String(err.message));
    }
  })();
  return {};
}
