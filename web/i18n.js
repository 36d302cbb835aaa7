// UI strings: every one comes from a catalog in i18n/<lang>.json (flat keys).
// The language follows the browser unless the player picks one in Settings.

export const LANGS = ["es", "en", "de", "fr"];
let catalog = {};
export let lang = "en";

export function browserLang() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
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
  if (got) {
    catalog = got;
  } else {
    const res = await fetch(new URL(`./i18n/${l}.json`, import.meta.url));
    if (!res.ok) throw new Error(`i18n/${l}.json: HTTP ${res.status}`);
    catalog = await res.json();
  }
  lang = l;
  document.documentElement.lang = l;
  return l;
}

/** The string of `key` with {name} placeholders filled from `params`. */
export function t(key, params) {
  let s = catalog[key];
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

export function plural(key, n, params = {}) {
  return t(n === 1 ? `${key}.one` : `${key}.other`, { n, ...params });
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
