// Stored matches: IndexedDB "tapete", object store "matches" (docs/app.md, "Storage").
//
// A record: {id, rev, game, created, updated, status: "playing"|"finished", origin,
//            match: <the engine's match file, as is>, result: {score, winner}|null}
// It is written after every action. A write names the revision it was based on; if the
// stored record has moved on (the same match played in another tab) the write is refused
// (ConflictError) and nothing is overwritten. Every write is announced to other tabs on
// the BroadcastChannel "tapete". A failed write (quota) touches no other record.
// Settings are small preferences kept in localStorage.

const DB_NAME = "tapete";
const DB_VERSION = 1;
const STORE = "matches";

export class ConflictError extends Error {
  constructor(stored) { super("the match was changed in another tab"); this.name = "ConflictError"; this.stored = stored; }
}
export class StorageError extends Error {
  constructor(cause) {
    super(cause && cause.message ? cause.message : String(cause));
    this.name = "StorageError";
    this.quota = !!cause && (cause.name === "QuotaExceededError" ||
      (cause.inner && cause.inner.name === "QuotaExceededError"));
    this.cause = cause;
  }
}

let dbPromise = null;
export function openDB() {
  if (dbPromise) return dbPromise;
  dbPromise = new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      if (!db.objectStoreNames.contains(STORE)) {
        const st = db.createObjectStore(STORE, { keyPath: "id" });
        st.createIndex("updated", "updated");
      }
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => { db.close(); dbPromise = null; };
      resolve(db);
    };
    req.onerror = () => reject(new StorageError(req.error));
    req.onblocked = () => reject(new StorageError(new Error("the database is blocked by another tab")));
  });
  dbPromise.catch(() => { dbPromise = null; });
  return dbPromise;
}

/** Resolves when `tx` has committed; rejects when it aborts, and a request that fails
 * (an add whose id is taken, say) aborts it: nothing of it is written, and the caller hears
 * why (its error kept from the browser's default report, which would only log it). */
function txDone(tx) {
  return new Promise((resolve, reject) => {
    let failed = null;
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(new StorageError(tx.error || failed || new Error("transaction aborted")));
    tx.onerror = (e) => {
      e.preventDefault();
      failed = failed || e.target.error;
      try { tx.abort(); } catch { /* already finished */ }
    };
  });
}

function reqValue(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = (e) => { e.preventDefault(); reject(new StorageError(req.error)); };
  });
}

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("tapete") : null;
const listeners = new Set();
if (channel) channel.onmessage = (e) => { for (const fn of listeners) fn(e.data || {}); };
/** Hear about writes made in other tabs: {type: "saved"|"deleted", id, rev}. */
export function onChange(fn) { listeners.add(fn); return () => listeners.delete(fn); }
function tell(msg) { if (channel) channel.postMessage(msg); }

export function newId() {
  const r = new Uint8Array(6);
  crypto.getRandomValues(r);
  return "m" + Date.now().toString(36) + Array.from(r, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 8);
}

/** A record is usable when it has the shape written by this module. */
export function recordProblem(rec) {
  if (!rec || typeof rec !== "object") return "not an object";
  if (typeof rec.id !== "string") return "no id";
  if (!rec.match || typeof rec.match !== "object" || Array.isArray(rec.match)) return "no match file";
  if (!Array.isArray(rec.match.actions)) return "no action log";
  if (typeof rec.rev !== "number") return "no revision";
  return null;
}

export async function listMatches() {
  const db = await openDB();
  const tx = db.transaction(STORE, "readonly");
  const all = await reqValue(tx.objectStore(STORE).getAll());
  return all.sort((a, b) => ((b && b.updated) || 0) - ((a && a.updated) || 0));
}

export async function getMatch(id) {
  const db = await openDB();
  const tx = db.transaction(STORE, "readonly");
  return reqValue(tx.objectStore(STORE).get(id));
}

/** Store a new record (rev 1). */
export async function addMatch(rec) {
  const db = await openDB();
  const now = Date.now();
  const full = { rev: 1, created: now, updated: now, status: "playing", result: null, ...rec };
  try {
    const tx = db.transaction(STORE, "readwrite");
    tx.objectStore(STORE).add(full);
    await txDone(tx);
  } catch (err) {
    throw err instanceof StorageError ? err : new StorageError(err);
  }
  tell({ type: "saved", id: full.id, rev: full.rev });
  return full;
}

/**
 * Write a new match file for record `rec` (which holds the revision it was read at).
 * Resolves with the updated record; rejects with ConflictError or StorageError.
 */
export async function saveMatch(rec, match, extra = {}) {
  const db = await openDB();
  let out;
  try {
    const tx = db.transaction(STORE, "readwrite");
    const st = tx.objectStore(STORE);
    const cur = await reqValue(st.get(rec.id));
    if (cur && cur.rev !== rec.rev) {
      tx.abort();
      throw new ConflictError(cur);
    }
    out = { ...(cur || rec), ...extra, match, rev: rec.rev + 1, updated: Date.now() };
    st.put(out);
    await txDone(tx);
  } catch (err) {
    if (err instanceof ConflictError) throw err;
    throw err instanceof StorageError ? err : new StorageError(err);
  }
  tell({ type: "saved", id: out.id, rev: out.rev });
  return out;
}

export async function deleteMatch(id) {
  const db = await openDB();
  const tx = db.transaction(STORE, "readwrite");
  tx.objectStore(STORE).delete(id);
  await txDone(tx);
  tell({ type: "deleted", id });
}

/**
 * Several records written in one transaction, from what is stored then: `merge(records)`
 * (every stored record) returns the records to put (a backup restored: web/backup.js). All or
 * nothing: a failed write (quota) leaves every record as it was. Resolves with what `merge`
 * returned (`{put, ...}`).
 */
export async function putMerged(merge) {
  const db = await openDB();
  let out = null;
  try {
    const tx = db.transaction(STORE, "readwrite");
    const st = tx.objectStore(STORE);
    const all = st.getAll();
    all.onsuccess = () => {
      try {
        out = merge(all.result);
        for (const rec of out.put) st.put(rec);
      } catch (err) {
        out = err;
        tx.abort();
      }
    };
    await txDone(tx);
  } catch (err) {
    if (out instanceof Error) throw out;
    throw err instanceof StorageError ? err : new StorageError(err);
  }
  for (const rec of out.put) tell({ type: "saved", id: rec.id, rev: rec.rev });
  return out;
}

/** Raw put, for repairs and tests of damaged records. */
export async function putRaw(value) {
  const db = await openDB();
  const tx = db.transaction(STORE, "readwrite");
  tx.objectStore(STORE).put(value);
  await txDone(tx);
}

// ---- settings (localStorage) ----
// One JSON object in localStorage "tapete.settings". Each field is checked when read: a
// value of the wrong kind (a damaged record, an older or newer app) counts as its default,
// the others are kept; a record that is not an object is read as all defaults. Nothing is
// written back until the player changes a setting.
export const SETTINGS_KEY = "tapete.settings";
/** The choices of each setting that has a fixed list (the first is the default). */
export const CHOICES = {
  theme: ["auto", "light", "dark"],        // auto: the system's prefers-color-scheme
  suits: ["classic", "four"],              // four colours (both decks, colour-blind safe)
  indices: ["normal", "large"],            // the cards' rank and suit in the corner
  hand: ["right", "left"],                 // left: the controls on the left
  cardSize: ["normal", "large", "small"],
};
const DEFAULTS = { lang: "auto", speed: "normal", level: "", haptics: true, motion: true, sound: true,
  ...Object.fromEntries(Object.entries(CHOICES).map(([k, v]) => [k, v[0]])) };
const KIND = { lang: "string", speed: "string", level: "string", haptics: "boolean", motion: "boolean",
  sound: "boolean" };
// Settings kept as an object (or null) whose contents their module checks when it reads them:
// `ice`, play together's STUN / TURN servers (web/together/ice.js readIce); `relays`, a table
// online's relays ({urls}: web/together/online-link.js relaysOf). No default: absent.
const OBJECTS = ["ice", "relays"];
/** Every setting's default, and the settings kept as objects (a backup's merge: web/backup.js). */
export const SETTING_DEFAULTS = DEFAULTS;
export const OBJECT_SETTINGS = OBJECTS;

function valid(key, value) {
  if (OBJECTS.includes(key)) return value === null || (typeof value === "object" && !Array.isArray(value));
  if (CHOICES[key]) return CHOICES[key].includes(value);
  if (KIND[key]) return typeof value === KIND[key] && (KIND[key] !== "string" || value.length <= 40);
  return false;
}

export function getSettings() {
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(SETTINGS_KEY)); } catch { /* damaged: defaults */ }
  const out = { ...DEFAULTS };
  if (stored && typeof stored === "object" && !Array.isArray(stored)) {
    for (const key of [...Object.keys(DEFAULTS), ...OBJECTS]) if (valid(key, stored[key])) out[key] = stored[key];
  }
  return out;
}
export function setSettings(patch) {
  const s = { ...getSettings() };
  for (const [key, value] of Object.entries(patch)) if (valid(key, value)) s[key] = value;
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(s)); } catch { /* private mode */ }
  return s;
}
