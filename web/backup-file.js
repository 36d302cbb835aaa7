// The backup file (docs/match-format.md, "Backup files"): its format and check, reading one,
// and merging what it holds with what the phone holds. Pure: no page, no storage, nothing
// runs at import (tests/js/backup.test.mjs runs it in Node); web/backup.js reads and writes
// the stores and draws Settings' part.
//
//   {"format": "tapete-backup", "version": 1, "app": <app version> | null, "made": <ms>,
//    "data": {"matches": [<stored record>...], "daily": {...}, "lessons": {...},
//             "settings": {...}},
//    "sha256": <hex SHA-256 of the canonical JSON of every other field>}
import { canonical, dealIdentity, matchIdentity } from "./canonical.js";

export const FORMAT = "tapete-backup";
export const VERSION = 1;
/** A file larger than this is not read (a backup of 1,000 matches is about 6 MB). */
export const MAX_BYTES = 64 * 1024 * 1024;
const MATCH_FORMAT = "tapete-match";

/** A file that cannot be restored: `code` "not_backup" (something else: not JSON, another
 * format), "match_file" (one match's file: History imports it), "newer" (a later version of
 * the format) or "damaged" (cut short or changed: the check does not match, or its contents
 * are not what a backup holds). */
export class BackupError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "BackupError";
    this.code = code;
  }
}

// ------------------------------------------------------------------ the check
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2]);

/** SHA-256 of `bytes` in plain JS (FIPS 180-4): where WebCrypto is missing (a page opened
 * from an address that is not a secure context, e.g. http://<LAN address>). */
export function sha256Plain(bytes) {
  const n = bytes.length;
  const blocks = Math.ceil((n + 9) / 64);
  const m = new Uint8Array(blocks * 64);
  m.set(bytes);
  m[n] = 0x80;
  const bits = n * 8;
  const view = new DataView(m.buffer);
  view.setUint32(m.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(m.length - 4, bits >>> 0);
  const hh = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  const rot = (x, r) => (x >>> r) | (x << (32 - r));
  for (let b = 0; b < blocks; b++) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(b * 64 + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rot(w[i - 15], 7) ^ rot(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rot(w[i - 2], 17) ^ rot(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    let [a, bb, c, d, e, f, g, hv] = hh;
    for (let i = 0; i < 64; i++) {
      const t1 = (hv + (rot(e, 6) ^ rot(e, 11) ^ rot(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rot(a, 2) ^ rot(a, 13) ^ rot(a, 22)) + ((a & bb) ^ (a & c) ^ (bb & c))) >>> 0;
      hv = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = bb; bb = a; a = (t1 + t2) >>> 0;
    }
    [a, bb, c, d, e, f, g, hv].forEach((v, i) => { hh[i] = (hh[i] + v) >>> 0; });
  }
  return [...hh].map((v) => v.toString(16).padStart(8, "0")).join("");
}

/** The hex SHA-256 of `text` (UTF-8): WebCrypto where there is one, else sha256Plain. */
export async function sha256Hex(text) {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return sha256Plain(bytes);
  const digest = new Uint8Array(await subtle.digest("SHA-256", bytes));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** What the check covers: every field of the file but `sha256`, as canonical JSON. */
function checked(file) {
  const { sha256: _omit, ...rest } = file;
  return canonical(rest);
}

// ------------------------------------------------------------------ making one
/** A backup of `data` ({matches, daily, lessons, settings}) made by app version `app` at
 * `made` (ms): the file's object, its check filled in. */
export async function makeBackup(data, { app = null, made = Date.now() } = {}) {
  const file = { format: FORMAT, version: VERSION, app, made,
    data: { matches: data.matches || [], daily: data.daily || {}, lessons: data.lessons || {}, settings: data.settings || {} } };
  file.sha256 = await sha256Hex(checked(file));
  return file;
}

/** The file's text (compact JSON, one line). */
export function backupText(file) { return JSON.stringify(file) + "\n"; }

/** The name a backup made at `made` is saved under: tapete-backup-YYYY-MM-DD.json. */
export function backupName(made) {
  return `tapete-backup-${new Date(made).toISOString().slice(0, 10)}.json`;
}

// ------------------------------------------------------------------ reading one
const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);

/** Why a stored record is not one this app wrote (store.js recordProblem's checks), or null. */
export function recordProblem(rec) {
  if (!isObject(rec)) return "not an object";
  if (typeof rec.id !== "string" || !rec.id) return "no id";
  if (!isObject(rec.match)) return "no match file";
  if (!Array.isArray(rec.match.actions)) return "no action log";
  if (typeof rec.rev !== "number") return "no revision";
  return null;
}

/** Why `data` is not what a backup holds, or null. */
function dataProblem(data) {
  if (!isObject(data)) return "no data";
  if (!Array.isArray(data.matches)) return "no matches";
  for (const k of ["daily", "lessons", "settings"]) if (!isObject(data[k])) return `no ${k}`;
  const ids = new Set();
  for (const rec of data.matches) {
    const why = recordProblem(rec);
    if (why) return `a match: ${why}`;
    if (rec.match.format !== MATCH_FORMAT || typeof rec.match.game !== "string") return `match ${rec.id}: not a match file`;
    if (ids.has(rec.id)) return `match ${rec.id} twice`;
    ids.add(rec.id);
  }
  return null;
}

/**
 * The file of `text`, checked: resolves with it, or rejects with a BackupError saying why
 * it cannot be restored. Nothing else is looked at or changed.
 */
export async function readBackup(text) {
  if (typeof text !== "string" || text.length > MAX_BYTES) throw new BackupError("not_backup", "not text, or too large");
  let file;
  try {
    file = JSON.parse(text);
  } catch {
    // a backup cut short is still recognisable by its start
    throw new BackupError(text.includes(`"format":"${FORMAT}"`) ? "damaged" : "not_backup", "not JSON");
  }
  if (!isObject(file)) throw new BackupError("not_backup", "not an object");
  if (file.format === MATCH_FORMAT) throw new BackupError("match_file");
  if (file.format !== FORMAT) throw new BackupError("not_backup", `format ${String(file.format).slice(0, 40)}`);
  if (!Number.isInteger(file.version) || file.version < 1) throw new BackupError("damaged", "no version");
  if (file.version > VERSION) throw new BackupError("newer", `version ${file.version}`);
  if (typeof file.sha256 !== "string" || await sha256Hex(checked(file)) !== file.sha256) {
    throw new BackupError("damaged", "the check does not match");
  }
  const why = dataProblem(file.data);
  if (why) throw new BackupError("damaged", why);
  return file;
}

// ------------------------------------------------------------------ merging
const startsWith = (long, short) => short.length < long.length && short.every((a, i) => canonical(a) === canonical(long[i]));

/**
 * What restoring `incoming` records onto the `stored` ones writes: nothing stored is lost and
 * nothing is doubled.
 * - a match already stored at the same point (same deal and actions, under any id) is left
 *   as it is (`same`);
 * - a match stored under the same id at an earlier point (its actions a beginning of the
 *   backup's) is brought up to the backup's (`updated`: the backup's record with the stored
 *   revision + 1, so an open table sees it changed); one stored further on is kept (`same`);
 * - the same id with another deal, or actions that part ways (a take-back played
 *   differently), or a stored record that cannot be read: both are kept, the backup's under
 *   a new id from `newId()` (`added`);
 * - any other match is added as it is (`added`).
 * Returns {put: [records to write], added, updated, same} (counts).
 */
export function mergeMatches(stored, incoming, newId) {
  const byId = new Map(stored.filter((r) => r && typeof r.id === "string").map((r) => [r.id, r]));
  const have = new Set(stored.filter((r) => !recordProblem(r)).map((r) => matchIdentity(r.match)));
  const out = { put: [], added: 0, updated: 0, same: 0 };
  for (const rec of incoming) {
    const identity = matchIdentity(rec.match);
    if (have.has(identity)) { out.same += 1; continue; }
    have.add(identity);
    const mine = byId.get(rec.id);
    if (!mine) {
      out.put.push(rec);
      byId.set(rec.id, rec);
      out.added += 1;
    } else if (!recordProblem(mine) && dealIdentity(mine.match) === dealIdentity(rec.match)
               && startsWith(rec.match.actions, mine.match.actions)) {
      out.put.push({ ...rec, rev: Math.max(mine.rev, rec.rev) + 1 });
      out.updated += 1;
    } else if (!recordProblem(mine) && dealIdentity(mine.match) === dealIdentity(rec.match)
               && startsWith(mine.match.actions, rec.match.actions)) {
      out.same += 1;
    } else {
      let id = newId();
      while (byId.has(id)) id = newId();
      const copy = { ...rec, id };
      out.put.push(copy);
      byId.set(id, copy);
      out.added += 1;
    }
  }
  return out;
}

/** Settings after a restore: a setting the phone has changed from its default (`defaults`)
 * stays the phone's; the others take the backup's. `phone` is what the phone stores (null:
 * nothing yet). Only the keys of `defaults` and `objects` (settings kept as objects) count. */
export function mergeSettings(phone, backup, defaults, objects = []) {
  const mine = isObject(phone) ? phone : {};
  const out = {};
  for (const key of [...Object.keys(defaults), ...objects]) {
    const changed = key in mine && mine[key] !== null && canonical(mine[key]) !== canonical(defaults[key] ?? null);
    if (changed) out[key] = mine[key];
    else if (key in backup) out[key] = backup[key];
    else if (key in mine) out[key] = mine[key];
  }
  return out;
}

/** Lesson progress after a restore ({"<game>/<id>": {stars, at}}): each lesson's best stars. */
export function mergeLessons(phone, backup) {
  const out = { ...phone };
  for (const [key, entry] of Object.entries(backup)) {
    if (!out[key] || entry.stars > out[key].stars) out[key] = entry;
  }
  return out;
}

/** The daily deals' results after a restore ({days: {"<date>": {<game>: result}}}): the
 * phone's result of a day and game stays; the backup's fill in the others. */
export function mergeDaily(phone, backup) {
  const days = { ...(isObject(phone) && isObject(phone.days) ? phone.days : {}) };
  const theirs = isObject(backup) && isObject(backup.days) ? backup.days : {};
  for (const [date, games] of Object.entries(theirs)) {
    if (!isObject(games)) continue;
    days[date] = { ...games, ...(isObject(days[date]) ? days[date] : {}) };
  }
  return { ...(isObject(phone) ? phone : {}), days };
}
