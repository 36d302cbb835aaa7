// Statistics of the stored matches (the screen is screens/stats.js): the figures of each
// match, worked out by figures.js, collected and cached here.
//
// Each match's figures come from the engine's `summary` op, which replays the whole match, so
// they are worked out once per match revision and kept in a small cache database of their
// own, IndexedDB "tapete-stats" / "perMatch":
//
//   {id, rev, engine: <engine.zip SHA-256>, format: FORMAT, figures | null, problem | null}
//
// An entry is used only while the match record has the same `rev`, the engine is the same
// build and FORMAT is unchanged; anything else is worked out again. Deleting the database
// costs one recount. The matches' own records are only read, never written.
import { engine } from "./engine.js";
import * as store from "./store.js";
import { matchFigures, totals } from "./figures.js";

/** Bump when the figures kept per match change shape or meaning (3: the final score and
 * when the match was last played, for the chart of results match by match). */
export const FORMAT = 3;
const DB_NAME = "tapete-stats";
const DB_VERSION = 1;
const STORE = "perMatch";

// ------------------------------------------------------------------ the cache database
let dbPromise = null;
function openCache() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, DB_VERSION);
      req.onupgradeneeded = () => {
        if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE, { keyPath: "id" });
      };
      req.onsuccess = () => {
        const db = req.result;
        db.onversionchange = () => { db.close(); dbPromise = null; };
        resolve(db);
      };
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error("the statistics cache is blocked by another tab"));
    });
    dbPromise.catch(() => { dbPromise = null; });
  }
  return dbPromise;
}

async function readCache() {
  const db = await openCache();
  return new Promise((resolve, reject) => {
    const req = db.transaction(STORE, "readonly").objectStore(STORE).getAll();
    req.onsuccess = () => resolve(req.result);
    req.onerror = (e) => { e.preventDefault(); reject(req.error); };
  });
}

/** Store new entries and drop those of matches that are gone (one transaction). */
async function writeCache(entries, gone) {
  if (!entries.length && !gone.length) return;
  const db = await openCache();
  await new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, "readwrite");
    const st = tx.objectStore(STORE);
    for (const e of entries) st.put(e);
    for (const id of gone) st.delete(id);
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error);
    tx.onerror = (e) => { e.preventDefault(); };
  });
}

// ------------------------------------------------------------------ collecting
/**
 * Figures of every stored match, per game and level.
 * Resolves with {groups, damaged, matches, computed, cached}: `damaged` counts records that
 * could not be read or whose match file the engine refused (skipped); `computed` the
 * summaries asked of the engine this time, `cached` the matches taken from the cache.
 * `onProgress(done, total)` is called while summaries are being worked out.
 */
export async function collectStats({ onProgress = () => {}, alive = () => true } = {}) {
  const records = await store.listMatches();
  const info = await engine.ready;
  const build = String((info && (info.engine || info.version)) || "");
  let cache = new Map();
  try {
    cache = new Map((await readCache()).filter((e) => e && typeof e.id === "string").map((e) => [e.id, e]));
  } catch (err) {
    console.warn("statistics cache:", err);   // counted afresh, nothing is lost
  }
  const figures = [];
  const fresh = [];
  let damaged = 0;
  let computed = 0;
  let cached = 0;
  const todo = [];
  const ids = new Set();
  for (const rec of records) {
    if (store.recordProblem(rec)) { damaged += 1; continue; }
    ids.add(rec.id);
    const hit = cache.get(rec.id);
    if (hit && hit.rev === rec.rev && hit.engine === build && hit.format === FORMAT) {
      cached += 1;
      if (hit.figures) figures.push(hit.figures); else damaged += 1;
    } else {
      todo.push(rec);
    }
  }
  for (const rec of todo) {
    if (!alive()) return null;
    onProgress(computed, todo.length);
    let entry = null;
    try {
      const ans = await engine.call({ op: "summary", match: rec.match });
      entry = ans.ok
        ? { figures: matchFigures(rec, ans.summary), problem: null }
        : { figures: null, problem: String(ans.error || "refused") };
    } catch (err) {
      if (err && err.kind === "WorkerError") throw err;   // the engine itself is gone: not this match's fault
      entry = { figures: null, problem: String(err && err.message || err) };
    }
    computed += 1;
    if (entry.figures) figures.push(entry.figures); else damaged += 1;
    fresh.push({ id: rec.id, rev: rec.rev, engine: build, format: FORMAT, ...entry });
  }
  onProgress(computed, todo.length);
  const gone = [...cache.keys()].filter((id) => !ids.has(id));
  try { await writeCache(fresh, gone); } catch (err) { console.warn("statistics cache:", err); }
  return { groups: totals(figures), damaged, matches: records.length, computed, cached };
}
