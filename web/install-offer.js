// Home's offer to install the app, and the note on Safari's storage (what to show, and when:
// web/install.js). Loaded only when one of them is shown; its words and styles too
// (web/keeping/).
//   "prompt"   Chromium: "Install" opens the browser's own install prompt
//   "ios"      Safari (every browser on iOS): Share, then Add to Home Screen, illustrated
//   "firefox"  Firefox for Android: the menu, then Install, illustrated
//   "notice"   once, before the first backup: Safari on iOS may delete a site's data after
//              7 days unopened; installed, the app keeps it; a backup keeps a copy
// "Not now" (or the browser's prompt declined) puts the install offer away for good.
import { t } from "./i18n.js";
import { h } from "./ui.js";
import { INSTALL_KEY, NOTICE_KEY } from "./install.js";
import { useKeeping } from "./keeping/words.js";

// The browsers' own symbols, drawn here (24 x 24, the colour of the text).
const STROKE = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';
const ICONS = {
  share: `<svg viewBox="0 0 24 24" width="28" height="28" ${STROKE}><path d="M8 9H6v12h12V9h-2"/><path d="M12 15V2M8 6l4-4 4 4"/></svg>`,
  add: `<svg viewBox="0 0 24 24" width="28" height="28" ${STROKE}><rect x="3" y="3" width="18" height="18" rx="4"/><path d="M12 8v8M8 12h8"/></svg>`,
  menu: `<svg viewBox="0 0 24 24" width="28" height="28" fill="currentColor"><circle cx="12" cy="5" r="2"/><circle cx="12" cy="12" r="2"/><circle cx="12" cy="19" r="2"/></svg>`,
  install: `<svg viewBox="0 0 24 24" width="28" height="28" ${STROKE}><rect x="6" y="2" width="12" height="20" rx="2"/><path d="M12 7v7M9 11l3 3 3-3M10 18h4"/></svg>`,
};
const STEPS = { ios: [["share", "install.ios_share"], ["add", "install.ios_add"]],
  firefox: [["menu", "install.firefox_menu"], ["install", "install.firefox_install"]] };

function remember(key) {
  try { localStorage.setItem(key, JSON.stringify({ at: Date.now() })); } catch { /* no storage */ }
}

function card(id, title, ...body) {
  return h("section", { class: "home-card", id, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title`, text: title }), ...body);
}

function installCard(slot, way) {
  const gone = () => { box.remove(); removeEventListener("appinstalled", gone); };
  const later = h("button", { type: "button", class: "btn", id: "install-later",
    onclick: () => { remember(INSTALL_KEY); gone(); } }, t("install.later"));
  let actions;
  if (way === "prompt") {
    actions = h("div", { class: "row" }, h("button", { type: "button", class: "btn primary", id: "install-now", onclick: async () => {
      const prompt = globalThis.__tapeteInstallPrompt;
      globalThis.__tapeteInstallPrompt = null;   // (a prompt is shown once)
      if (!prompt) { gone(); return; }
      try {
        await prompt.prompt();
        const choice = await prompt.userChoice;
        if (!choice || choice.outcome !== "accepted") remember(INSTALL_KEY);   // declined: never asked again
      } catch { /* the browser would not show it */ }
      gone();
    } }, t("install.button")), later);
  } else {
    actions = h("div", {},
      h("ol", { class: "howto", id: "install-howto" }, STEPS[way].map(([icon, key]) => h("li", {},
        h("span", { class: "howto-icon", "aria-hidden": "true", svg: ICONS[icon] }), h("span", { text: t(key) })))),
      h("div", { class: "row" }, later));
  }
  const box = card("install-offer", t("install.title"), h("p", { text: t("install.why") }), actions);
  addEventListener("appinstalled", gone);
  slot.append(box);
}

function noticeCard(slot) {
  remember(NOTICE_KEY);   // said once
  const box = card("data-notice", t("notice.title"), h("p", { text: t("notice.safari") }), h("p", { text: t("notice.backup") }),
    h("div", { class: "row" },
      h("a", { class: "btn primary", href: "#/settings?backup", id: "notice-backup" }, t("backup.save")),
      h("button", { type: "button", class: "btn", id: "notice-ok", onclick: () => box.remove() }, t("ok"))));
  slot.append(box);
}

/** Draws `what` ("prompt", "ios", "firefox" or "notice") into home's `slot`, once its words
 * and styles are loaded: resolves true when drawn, false when the slot went meanwhile (home
 * drawn anew) or holds an offer already. */
export async function showOffer(slot, what) {
  await useKeeping();
  if (!slot.isConnected || slot.firstChild) return false;
  if (what === "notice") noticeCard(slot);
  else if (what === "prompt" || STEPS[what]) installCard(slot, what);
  else return false;
  return true;
}
