// The UI's languages and the choice of one: the one list, for boot.js (which starts fetching
// the catalog before the shell has loaded) and i18n.js. No imports, nothing of the page.

/** The languages of the UI (web/i18n/<lang>.json), in Settings' order. */
export const LANGS = ["es", "en", "de", "fr"];
/** The language when neither the player nor the browser names one of LANGS. */
export const FALLBACK_LANG = "en";

/** The UI language: `chosen` (Settings) when it is one of LANGS, else the first of the
 * browser's `preferred` languages ("de-AT" counts as "de") that is, else FALLBACK_LANG. */
export function pickLang(chosen, preferred = []) {
  if (LANGS.includes(chosen)) return chosen;
  for (const l of preferred || []) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return FALLBACK_LANG;
}
