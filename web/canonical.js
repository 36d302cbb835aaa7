// Canonical JSON and what makes two match files the same match. Imports nothing, touches no
// page: the history's import (screens/history.js, which loads it when a file is imported) and
// the backup (backup-file.js) share it. A later file (build.py LATER).

/** JSON with sorted keys and no spaces: the same value gives the same text (keys in the
 * order of their UTF-16 code units, as Array.prototype.sort; `undefined` is written null). */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value === undefined ? null : value);
}

// a match file's deal: the game, its rules, seed and deals
const dealOf = (m) => ({ game: m.game, rules: m.rules, seed: m.seed ?? null, deals: m.deals ?? null,
  first_dealer: m.first_dealer ?? null });

/** The deal of a match file as canonical text: two files with the same deal are the same
 * match, maybe at different points. */
export function dealIdentity(m) {
  return m && typeof m === "object" ? canonical(dealOf(m)) : null;
}

/** What makes two match files the same match at the same point: the deal and every action
 * so far (not the meta, which names the app or the level). */
export function matchIdentity(m) {
  return m && typeof m === "object" ? canonical({ ...dealOf(m), actions: m.actions }) : null;
}
