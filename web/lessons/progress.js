// Progress through the lessons: the best stars of each lesson played to its end, kept in
// localStorage "tapete.lessons" as {"v": 1, "done": {"<game>/<id>": {"stars": 1-3, "at": ms}}}.
// A record that cannot be read (not JSON, another shape, damaged entries) is ignored entry by
// entry: what is readable counts, the rest is as if never played, and every lesson stays
// playable. A write keeps only readable entries (and fails quietly without storage).

export const PROGRESS_KEY = "tapete.lessons";
const VERSION = 1;
const MAX_STARS = 3;

const validStars = (s) => Number.isInteger(s) && s >= 1 && s <= MAX_STARS;

/** The readable entries of the stored record: {"<game>/<id>": {stars, at}}. */
export function readProgress(storage = globalThis.localStorage) {
  let raw = null;
  try { raw = JSON.parse(storage.getItem(PROGRESS_KEY)); } catch { return {}; }
  if (!raw || typeof raw !== "object" || Array.isArray(raw) || raw.v !== VERSION) return {};
  const done = raw.done && typeof raw.done === "object" && !Array.isArray(raw.done) ? raw.done : {};
  const out = {};
  for (const [key, entry] of Object.entries(done)) {
    if (/^[a-z]+\/[a-z0-9_]+$/.test(key) && entry && typeof entry === "object" && validStars(entry.stars)) {
      out[key] = { stars: entry.stars, at: Number.isFinite(entry.at) ? entry.at : 0 };
    }
  }
  return out;
}

/** The stars of lesson `id` of `game` (0: not played to its end yet). */
export function starsOf(progress, game, id) {
  const e = progress[`${game}/${id}`];
  return e ? e.stars : 0;
}

/** Lesson `id` of `game` played to its end with `stars`: the best stars are kept. Returns the
 * progress as now stored (or as it would be, without storage). */
export function recordStars(game, id, stars, storage = globalThis.localStorage) {
  const progress = readProgress(storage);
  const key = `${game}/${id}`;
  const best = Math.max(stars, progress[key] ? progress[key].stars : 0);
  progress[key] = { stars: best, at: Date.now() };
  writeProgress(progress, storage);
  return progress;
}

/** Stores `progress` ({"<game>/<id>": {stars, at}}) as the record (quietly nothing without storage). */
export function writeProgress(progress, storage = globalThis.localStorage) {
  try { storage.setItem(PROGRESS_KEY, JSON.stringify({ v: VERSION, done: progress })); } catch { /* private mode, full */ }
}

/** The readable entries of `done` (a record's entries from elsewhere: a backup), as readProgress. */
export function readableProgress(done) {
  return readProgress({ getItem: () => JSON.stringify({ v: VERSION, done }) });
}
