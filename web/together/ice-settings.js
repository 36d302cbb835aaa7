// The settings screen's "Playing across the internet" block: the STUN servers (one a line,
// the default list until changed) and an optional TURN server (address, user name,
// password), checked by ice.js before they are stored; each problem is said under its
// field in the player's language. Loaded with import() by screens/settings.js.
import { t } from "../i18n.js";
import { h, toast } from "../ui.js";
import { checkIce, readIce, saveIce, DEFAULT_STUN } from "./ice.js";
import { checkRelays, DEFAULT_RELAYS } from "./online-link.js";
import { getSettings, setSettings } from "../store.js";

/** The block, as a <fieldset id="net-settings">. */
export function iceSettings() {
  const now = readIce();
  const stun = h("textarea", { id: "net-stun", class: "code-in", rows: 3, spellcheck: "false", autocomplete: "off",
    placeholder: DEFAULT_STUN[0] });
  stun.value = now.stun.join("\n");
  const input = (id, type, value, extra = {}) => {
    const el = h("input", { id, type, autocomplete: "off", spellcheck: "false", ...extra });
    el.value = value;
    return el;
  };
  const turnUrl = input("net-turn-url", "text", now.turn ? now.turn.url : "", { placeholder: "turn:turn.example.org:3478", inputmode: "url" });
  const turnUser = input("net-turn-user", "text", now.turn ? now.turn.username : "");
  const turnCredential = input("net-turn-credential", "password", now.turn ? now.turn.credential : "", { autocomplete: "new-password" });
  // a table online's relays (online-link.js): empty is the public defaults
  const relays = h("textarea", { id: "net-relays", class: "code-in", rows: 3, spellcheck: "false", autocomplete: "off",
    placeholder: DEFAULT_RELAYS.join("\n") });
  const stored = getSettings().relays;
  relays.value = stored && Array.isArray(stored.urls) ? stored.urls.join("\n") : "";
  const fields = { stun, turn_url: turnUrl, turn_user: turnUser, turn_credential: turnCredential, relays };
  const notes = Object.fromEntries(Object.keys(fields).map((name) =>
    [name, h("p", { class: "error-text net-problem", id: `net-${name.replace("_", "-")}-problem`, role: "alert", hidden: true })]));
  for (const [name, el] of Object.entries(fields)) el.setAttribute("aria-describedby", notes[name].id);

  let usingDefault = !now.custom;
  stun.addEventListener("input", () => { usingDefault = false; });
  const show = (problems) => {
    for (const [name, el] of Object.entries(fields)) {
      const mine = problems.filter((p) => p.field === name);
      notes[name].textContent = mine.map((p) => t(name === "relays" ? `online.err.${p.code}` : `settings.net_err.${p.code}`, p.params)).join(" · ");
      notes[name].hidden = !mine.length;
      if (mine.length) el.setAttribute("aria-invalid", "true"); else el.removeAttribute("aria-invalid");
    }
  };
  const save = () => {
    const { ice, problems } = checkIce({ stun: stun.value,
      turn: { url: turnUrl.value, username: turnUser.value, credential: turnCredential.value } });
    const r = checkRelays(relays.value);
    problems.push(...r.problems.map((p) => ({ ...p, field: "relays" })));
    show(problems);
    if (problems.length) {
      fields[problems[0].field].focus();
      return;
    }
    saveIce({ stun: usingDefault ? null : ice.stun, turn: ice.turn });
    setSettings({ relays: r.relays.length ? { urls: r.relays } : null });
    toast(t("settings.saved"));
  };
  const label = (el, key) => h("label", { for: el.id, text: t(key) });
  return h("fieldset", { class: "field net-settings", id: "net-settings" },
    h("legend", { text: t("settings.net") }),
    h("p", { class: "opt-help", text: t("settings.net_intro") }),
    label(stun, "settings.net_stun"), stun, notes.stun,
    h("p", { class: "opt-help", text: t("settings.net_stun_help") }),
    h("div", { class: "row" }, h("button", { type: "button", class: "btn small", id: "net-stun-default", onclick: () => {
      stun.value = DEFAULT_STUN.join("\n");
      usingDefault = true;
    } }, t("settings.net_stun_default"))),
    h("h2", { class: "opt-name", text: t("settings.net_turn") }),   // (under the page's h1: the sections are legends)
    h("p", { class: "opt-help", text: t("settings.net_turn_help") }),
    label(turnUrl, "settings.net_turn_url"), turnUrl, notes.turn_url,
    label(turnUser, "settings.net_turn_user"), turnUser, notes.turn_user,
    label(turnCredential, "settings.net_turn_credential"), turnCredential, notes.turn_credential,
    label(relays, "online.relays_label"), relays, notes.relays,
    h("div", { class: "row" }, h("button", { type: "button", class: "btn primary", id: "net-save", onclick: save }, t("settings.net_save"))));
}
