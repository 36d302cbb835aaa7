// The lessons' data, loaded when a lesson screen is first shown (never on first paint): the
// lesson file of a game (web/lessons/<game>.json, docs/lessons.md) and the lessons' words in
// the UI language (web/lessons/i18n/<lang>.json, `lesson.*` keys added to the catalog).
import { lang, has, t, addStrings } from "../i18n.js";

const FORMAT = "tapete-lessons";
const files = new Map();
let words = null;   // {lang, probe}: the words added to the catalog, and one of their keys

async function getJSON(name) {
  const res = await fetch(new URL(name, import.meta.url));
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
  return res.json();
}

/** The lesson file of `game`: {format, version, game, lessons: [...]}. A file that cannot be
 * read rejects with a sentence for the player. */
export function loadLessons(game) {
  if (!files.has(game)) {
    const p = getJSON(`./${game}.json`).then((doc) => {
      if (!doc || doc.format !== FORMAT || doc.game !== game || !Array.isArray(doc.lessons)) throw new Error("not a lesson file");
      return doc;
    }).catch((err) => {
      files.delete(game);
      throw new Error(t("lessons.unavailable", { error: err.message }));
    });
    files.set(game, p);
  }
  return files.get(game);
}

/** The lessons' words in the current language, added to the catalog (again after a change of
 * language, which replaces the catalog). */
export async function loadWords() {
  if (words && words.lang === lang && has(words.probe)) return;
  const at = lang;
  const strings = await getJSON(`./i18n/${at}.json`).catch((err) => {
    throw new Error(t("lessons.unavailable", { error: err.message }));
  });
  if (at !== lang) return;
  addStrings(strings);
  words = { lang: at, probe: Object.keys(strings)[0] };
}

/** The address of lesson `id` of `game` (its table), or of the list of `game`'s lessons. */
export function lessonHref(game, id = null) {
  return id ? `#/learn/${game}?lesson=${encodeURIComponent(id)}` : `#/learn/${game}`;
}
