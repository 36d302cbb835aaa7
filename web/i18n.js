// UI strings: every one comes from a catalog in i18n/<lang>.json (flat keys).
// The language follows the browser unless the player picks one in Settings.

import { isGame } from "./games.js";
import { LANGS, FALLBACK_LANG, pickLang } from "./langs.js";

export { LANGS };
let catalog = {};
export let lang = FALLBACK_LANG;

/** The UI language from the browser's preferred languages (Settings' "automatic"). */
export function browserLang() {
  return pickLang(null, navigator.languages || [navigator.language]);
}

/** Use `strings` as the catalog of language `l` (setLang's last step; the JS unit tests give
 * a catalog read from web/i18n/ this way, with no fetch and no page). */
export function useCatalog(l, strings) {
  catalog = strings;
  lang = l;
}

export async function setLang(wanted) {
  const l = LANGS.includes(wanted) ? wanted : browserLang();
  // the catalog boot.js has already started fetching, when it is this one
  const early = globalThis.__tapeteCatalog;
  let got = null;
  if (early && !early.used && early.lang === l) {
    early.used = true;
    got = await early.promise.catch(() => null);
  } else if (!early) {
    globalThis.__tapeteCatalog = { lang: l, used: true };   // boot.js came late: it need not fetch
  }
  if (!got) {
    const res = await fetch(new URL(`./i18n/${l}.json`, import.meta.url));
    if (!res.ok) throw new Error(`i18n/${l}.json: HTTP ${res.status}`);
    got = await res.json();
  }
  useCatalog(l, got);
  document.documentElement.lang = l;
  return l;
}

// Plural forms: a message that counts has an entry per plural category of CLDR in which its
// words differ: "<key>.one" beside "<key>" (or "<key>.other"), and "<key>.few", "<key>.many"
// where a language needs them. The count's category comes from Intl.PluralRules of the
// language: "1 punto", "2 puntos", "−1 punto", "1,5 puntos"; in French "1,5 point".
let rules = null;
function category(n) {
  try {
    if (!rules || rules.resolvedOptions().locale.split("-")[0] !== lang) rules = new Intl.PluralRules(lang, { maximumFractionDigits: 2 });
    return rules.select(n);
  } catch {
    return Math.abs(n) === 1 ? "one" : "other";
  }
}

/**
 * The string of `key` with {name} placeholders filled from `params`. With a count in
 * `params.n` (or `params.count`) the form of its plural category is taken when the catalog
 * has one ("<key>.one"), else "<key>" itself, else "<key>.other".
 */
export function t(key, params) {
  let s;
  const n = params ? params.n ?? params.count : undefined;
  if (n !== undefined && n !== null && n !== "" && Number.isFinite(Number(n))) s = catalog[`${key}.${category(Number(n))}`];
  if (s === undefined) s = catalog[key] ?? (n !== undefined ? catalog[`${key}.other`] : undefined);
  if (s === undefined) {
    console.warn("i18n: missing key", key);
    s = key;
  }
  if (params) s = s.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
  return s;
}

/** More strings for the current language: a feature's own catalog, loaded with the feature
 * (the lessons' words, web/lessons/i18n/). A change of language replaces them too. */
export function addStrings(strings) { catalog = { ...catalog, ...strings }; }

/** True when the catalog has `key` (used for optional texts such as option labels). */
export function has(key) { return Object.prototype.hasOwnProperty.call(catalog, key); }

/** A game's name ("Cuatrola"); a game not in the shell's list (web/games.js: a record of a
 * newer app, a damaged one) is "Unknown game (<its id>)", never the bare key. */
export function gameName(game) {
  return isGame(game) ? t(`game.${game}`) : t("game.unknown", { game: String(game) });
}

/** The message `key` in the plural form of the count `n` (see t), with {n} and `params` filled. */
export function plural(key, n, params = {}) {
  return t(key, { n, ...params });
}

/** A number in the UI language's way ("10 768,5" in French, "10.768,5" in Spanish): with
 * exactly `digits` decimals, or `{ upTo: n }` (at most n, none when not needed), or
 * `{ percent: true }` (a share, 0.25 -> "25 %" in French). */
export function fmtNumber(x, digits = 0) {
  const opts = typeof digits === "number" ? { minimumFractionDigits: digits, maximumFractionDigits: digits }
    : digits.percent ? { style: "percent" } : { maximumFractionDigits: digits.upTo };
  try {
    return new Intl.NumberFormat(lang, opts).format(x);
  } catch {
    if (typeof digits === "number") return x.toFixed(digits);
    return digits.percent ? `${Math.round(100 * x)}%` : String(x);
  }
}

export function fmtDate(ms) {
  try {
    return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" }).format(new Date(ms));
  } catch { return new Date(ms).toISOString(); }
}
