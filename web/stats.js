// Statistics of the stored matches (the screen is screens/stats.js).
//
// Each match's figures are read from the engine's `summary` op (who won each hand and each
// contract, every caída, limpia and ronda): the shell counts, it decides no rule. A summary
// replays the whole match, so the figures are worked out once per match revision and kept
// in a small cache database of their own, IndexedDB "tapete-stats" / "perMatch":
//
//   {id, rev, engine: <engine.zip SHA-256>, format: FORMAT, figures | null, problem | null}
//
// An entry is used only while the match record has the same `rev`, the engine is the same
// build and FORMAT is unchanged; anything else is worked out again. Deleting the database
// costs one recount. The matches' own records are only read, never written.
import { engine } from "./engine.js";
import * as store from "./store.js";
import { playerCounts } from "./games.js";

/** Bump when the figures kept per match change shape or meaning (3: the final score and
 * when the match was last played, for the chart of results match by match). */
export const FORMAT = 3;
const DB_NAME = "tapete-stats";
const DB_VERSION = 1;
const STORE = "perMatch";
const SIDES = 2;

/** The person's side in a stored match: 0 (the person plays seat 0), or the side a guest's
 * copy of a match played together records (sides are seat % 2: docs/api.md). */
export function personSide(rec) { return rec && rec.result && rec.result.side === 1 ? 1 : 0; }
export const CONTRACTS = ["solo", "cuatrola", "quintola"];

// ------------------------------------------------------------------ per match
const pair = () => [0, 0];

function countBySide(events, into) {
  for (const e of events || []) if (e && (e.side === 0 || e.side === 1)) into[e.side] += 1;
}

/**
 * The figures of one match from its record and the engine's summary of it. Throws a
 * TypeError on a summary of an unexpected shape (the caller counts the match as damaged).
 */
export function matchFigures(rec, summary) {
  if (!summary || !Array.isArray(summary.hands)) throw new TypeError("summary without hands");
  const meta = (rec.match && rec.match.meta) || {};
  const US = personSide(rec);
  const fig = {
    game: summary.game,
    level: typeof meta.level === "string" && meta.level ? meta.level : null,
    players: playerCounts(summary.game).length > 1 ? summary.players : null,   // counted apart
    finished: summary.finished === true,
    won: summary.finished === true && summary.winner === US,
    hands: summary.hands.length,
    // [ours, theirs] and when it was last played: the chart's results match by match
    score: Array.isArray(summary.score) && summary.score.length === SIDES ? [summary.score[US], summary.score[1 - US]] : null,
    when: typeof rec.updated === "number" ? rec.updated : 0,
  };
  if (summary.game === "cuatrola") {
    fig.handsWon = summary.hands.filter((x) => x.winner === US).length;
    fig.contracts = {};
    for (const c of CONTRACTS) fig.contracts[c] = { ours: 0, oursMade: 0, theirs: 0, theirsFailed: 0 };
    for (const x of summary.hands) {
      const c = fig.contracts[x.contract];
      if (!c || typeof x.declarer !== "number") continue;   // a normal hand
      const side = x.declarer % SIDES;
      const made = x.winner === side;   // the engine's hand winner decides the contract
      if (side === US) { c.ours += 1; if (made) c.oursMade += 1; } else { c.theirs += 1; if (!made) c.theirsFailed += 1; }
    }
  } else if (summary.game === "cuarenta") {
    fig.caidas = pair(); fig.limpias = pair(); fig.rondas = pair();
    for (const x of summary.hands) {
      countBySide(x.caidas, fig.caidas);
      countBySide(x.limpias, fig.limpias);
      countBySide(x.rondas, fig.rondas);
    }
    if (US === 1) for (const p of [fig.caidas, fig.limpias, fig.rondas]) p.reverse();   // [ours, theirs]
  }
  return fig;
}

// ------------------------------------------------------------------ totals per game and level
export function groupKey(fig) { return `${fig.game}|${fig.players ?? ""}|${fig.level ?? ""}`; }

function emptyGroup(fig) {
  const g = { game: fig.game, players: fig.players, level: fig.level, matches: 0, won: 0, playing: 0, hands: 0, results: [] };
  if (fig.game === "cuatrola") {
    g.handsWon = 0;
    g.contracts = {};
    for (const c of CONTRACTS) g.contracts[c] = { ours: 0, oursMade: 0, theirs: 0, theirsFailed: 0 };
  } else if (fig.game === "cuarenta") {
    g.caidas = pair(); g.limpias = pair(); g.rondas = pair();
  }
  return g;
}

/** Sum the figures of many matches per game, number of players and level. */
export function totals(figures) {
  const groups = new Map();
  for (const fig of figures) {
    const key = groupKey(fig);
    if (!groups.has(key)) groups.set(key, emptyGroup(fig));
    const g = groups.get(key);
    if (fig.finished) { g.matches += 1; if (fig.won) g.won += 1; } else g.playing += 1;
    if (fig.finished && fig.score) {
      g.results.push({ when: fig.when || 0, won: fig.won, score: fig.score, margin: fig.score[0] - fig.score[1] });
    }
    g.hands += fig.hands;
    if (g.contracts) {
      g.handsWon += fig.handsWon;
      for (const c of CONTRACTS) for (const k of Object.keys(g.contracts[c])) g.contracts[c][k] += fig.contracts[c][k];
    }
    if (g.caidas) {
      for (const k of ["caidas", "limpias", "rondas"]) for (let s = 0; s < SIDES; s++) g[k][s] += fig[k][s];
    }
  }
  for (const g of groups.values()) g.results.sort((a, b) => a.when - b.when);   // oldest first
  return [...groups.values()];
}

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
