// Persistent storage (docs/app.md, "Storage"): a browser may clear a site's storage (the
// matches, the engine's snapshot) when space runs low, and iOS after seven days unused
// unless the app is on the home screen. The app asks once, quietly, at a moment that makes
// sense to a player: after their first finished match (web/table/dialogs.js) or when the app
// is installed (app.js). A browser without `navigator.storage.persist` is not asked, and
// Settings says so.
const ASKED = "tapete.persist";   // localStorage: {moment: "match" | "install", at, granted}

/** Whether this browser can be asked to keep the app's storage. */
export function canAsk() {
  return !!(globalThis.navigator && navigator.storage && typeof navigator.storage.persist === "function");
}

/** When the app asked ({moment, at, granted}), or null: it has not. */
export function asked() {
  try {
    const v = JSON.parse(localStorage.getItem(ASKED));
    return v && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch { return null; }
}

/** Asks the browser to keep the app's storage, the first time only (`moment`: "match" or
 * "install"); whether it is kept, or null when not asked. Never throws, shows nothing. */
export async function askOnce(moment) {
  try {
    if (!canAsk() || localStorage.getItem(ASKED) !== null) return null;
    localStorage.setItem(ASKED, JSON.stringify({ moment, at: Date.now() }));
    const granted = !!((navigator.storage.persisted && await navigator.storage.persisted()) ||
      await navigator.storage.persist());
    localStorage.setItem(ASKED, JSON.stringify({ moment, at: Date.now(), granted }));
    return granted;
  } catch { return null; }
}

/** Asks now, whatever was asked before (Settings' button): whether the storage is kept. */
export async function askNow() {
  try {
    return canAsk() && !!((navigator.storage.persisted && await navigator.storage.persisted()) ||
      await navigator.storage.persist());
  } catch { return false; }
}

/** "granted", "not_granted" or "unavailable" (this browser cannot be asked, nor says it keeps it). */
export async function persistence() {
  try {
    if (navigator.storage && navigator.storage.persisted && await navigator.storage.persisted()) return "granted";
  } catch { /* it cannot say */ }
  return canAsk() ? "not_granted" : "unavailable";
}
