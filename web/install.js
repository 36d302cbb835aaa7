// What the home screen offers about keeping the app (docs/app.md, "Installing and the
// backup"): installing it where this browser can and it is not done, or once, before the first
// backup, what Safari on iOS does to a site's data. Imports nothing and touches no page at
// import (tests/js/install.test.mjs). A later file (build.py LATER): home loads it once a first
// visit is over (sw-update.js firstVisitOver), and the offer's own code, install-offer.js,
// only when it is shown. boot.js keeps Chromium's install prompt (beforeinstallprompt) in
// `globalThis.__tapeteInstallPrompt` and says "tapete:installable" when it comes.

/** localStorage: {at} once the install offer was put away ("Not now", or the browser's own
 * prompt declined): never offered again. */
export const INSTALL_KEY = "tapete.install";
/** localStorage: when the note on Safari's storage was shown (it is shown once). */
export const NOTICE_KEY = "tapete.dataNotice";
/** localStorage: {saved} when the last backup was saved (web/backup.js). */
export const BACKUP_KEY = "tapete.backup";
export const INSTALLABLE_EVENT = "tapete:installable";
const INSTALLED_MODES = ["standalone", "fullscreen", "minimal-ui", "window-controls-overlay"];

/**
 * How this browser installs a web app: "prompt" (Chromium's install prompt), "ios" (Safari's
 * Share, then Add to Home Screen: every browser on iOS), "firefox" (Firefox for Android: its
 * menu, then Install), or null (installed already, or no way this app knows).
 */
export function installWay({ standalone = false, prompt = false, ua = "", touchPoints = 0 } = {}) {
  if (standalone) return null;
  if (prompt) return "prompt";
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touchPoints > 1)) return "ios";   // (an iPad asks for the desktop site)
  if (/Android/.test(ua) && /Firefox\//.test(ua)) return "firefox";
  return null;
}

/**
 * What home shows in its offer's place, or null: "notice" (once, when a match is finished,
 * no backup was ever saved and the app is not installed), else the install way while the
 * offer was never put away.
 */
export function homeOffer({ way, standalone = false, dismissed = false, noticed = false, backedUp = false, finished = 0 }) {
  if (standalone) return null;
  if (!noticed && !backedUp && finished > 0) return "notice";
  return way && !dismissed ? way : null;
}

/** True when the app runs installed (its own window, not a browser tab). */
export function isStandalone(win = globalThis) {
  if (win.navigator && win.navigator.standalone === true) return true;   // Safari on iOS
  return typeof win.matchMedia === "function" && INSTALLED_MODES.some((m) => win.matchMedia(`(display-mode: ${m})`).matches);
}

function stored(key) {
  try { return globalThis.localStorage.getItem(key); } catch { return "no storage"; }   // (nothing offered without it)
}

/** This browser's state for homeOffer, `finished`: how many stored matches are finished. */
export function currentState(finished = 0) {
  const nav = globalThis.navigator || {};
  const standalone = isStandalone();
  return { standalone, finished, dismissed: stored(INSTALL_KEY) !== null, noticed: stored(NOTICE_KEY) !== null,
    backedUp: stored(BACKUP_KEY) !== null,
    way: installWay({ standalone, prompt: !!globalThis.__tapeteInstallPrompt, ua: nav.userAgent || "", touchPoints: nav.maxTouchPoints || 0 }) };
}

/**
 * Home's offer, drawn into `slot` (install-offer.js, loaded only then): what homeOffer says
 * now, or, when Chromium's install prompt comes later, the install offer then.
 */
export function offerOnHome(slot, finished = 0) {
  const show = (what) => import("./install-offer.js")
    .then((m) => m.showOffer(slot, what))
    .then((shown) => { if (shown) slot.dataset.offer = what; })
    .catch((err) => console.warn("install offer:", err));
  const what = homeOffer(currentState(finished));
  slot.dataset.offer = what ? "loading" : "none";   // (what is on show: tests)
  if (what) show(what);
  else if (!isStandalone()) {
    globalThis.addEventListener(INSTALLABLE_EVENT, () => {
      const later = homeOffer(currentState(0));
      if (later === "prompt") show(later);
    }, { once: true });
  }
}
