// Settings' "Backup" (docs/match-format.md, "Backup files"): "Save a backup" gathers every
// piece of the player's data (the stored matches, the daily deals' results, the lessons'
// progress, the settings) into one file, shared through the share sheet or downloaded where
// there is none; "Restore a backup" checks a file and merges it into what is stored
// (backup-file.js: nothing stored is lost, nothing doubled; a file refused changes nothing).
// Not in the backup: what this phone keeps for itself (the engine's memory snapshot, the
// statistics' cache, whether storage was made persistent, the install offer put away).
// Loaded when Settings is shown.
import { t, fmtDate, setLang } from "./i18n.js";
import { h, toast } from "./ui.js";
import * as store from "./store.js";
import { applyLook } from "./look.js";
import { download } from "./services/export.js";
import { BACKUP_KEY } from "./install.js";
import { useKeeping } from "./keeping/words.js";
import {
  BackupError, backupName, backupText, makeBackup, mergeDaily, mergeLessons, mergeMatches, mergeSettings, readBackup,
} from "./backup-file.js";

const DAILY_KEY = "tapete.daily";   // the daily deals' results and streak (screens/daily.js)

const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);
function readJSON(key) {
  try { return JSON.parse(localStorage.getItem(key)); } catch { return null; }
}
function writeJSON(key, value) { localStorage.setItem(key, JSON.stringify(value)); }

async function appVersion() {
  try {
    const res = await fetch(new URL("./build.json", import.meta.url));
    return res.ok ? (await res.json()).version || null : null;
  } catch { return null; }
}

/** The lessons' progress record (web/lessons/ is loaded only when a feature opens it). */
const lessonProgress = () => import("./lessons/progress.js");

/** Everything a backup holds, as stored now: {data, leftOut} (records that cannot be read are
 * left out and counted). */
export async function collect() {
  const { readProgress } = await lessonProgress();
  const all = await store.listMatches();
  const matches = all.filter((r) => !store.recordProblem(r));
  const daily = readJSON(DAILY_KEY);
  return { leftOut: all.length - matches.length,
    data: { matches, daily: isObject(daily) ? daily : {}, lessons: readProgress(), settings: store.getSettings() } };
}

/** A backup of what is stored now: {file, text, name, leftOut}. */
export async function backupNow() {
  const { data, leftOut } = await collect();
  const file = await makeBackup(data, { app: await appVersion() });
  return { file, text: backupText(file), name: backupName(file.made), leftOut };
}

/** Hands the file on: the share sheet where it takes files, else a download. False when the
 * player closed the share sheet (nothing saved). */
async function handOn(text, name) {
  const file = new File([text], name, { type: "application/json" });
  if (navigator.share && navigator.canShare) {
    let can = false;
    try { can = navigator.canShare({ files: [file] }); } catch { /* no files here */ }
    if (can) {
      try {
        await navigator.share({ files: [file], title: t("backup.share_title") });
        return true;
      } catch (err) {
        if (err && err.name === "AbortError") return false;   // closed: not saved
        // (any other failure: downloaded instead)
      }
    }
  }
  download(file, name);
  return true;
}

/**
 * Restores the backup in `text` into what is stored: resolves {added, updated, same} or
 * rejects (a BackupError: the file is refused; any other: storage failed), having changed
 * nothing in either case. The matches are written in one transaction, then the rest.
 */
export async function restoreText(text) {
  const file = await readBackup(text);
  const { data } = file;
  const { readProgress, readableProgress, writeProgress } = await lessonProgress();   // (before any write)
  const out = await store.putMerged((stored) => mergeMatches(stored, data.matches, store.newId));
  const settings = mergeSettings(readJSON(store.SETTINGS_KEY), data.settings, store.SETTING_DEFAULTS, store.OBJECT_SETTINGS);
  store.setSettings(settings);
  writeProgress(mergeLessons(readProgress(), readableProgress(data.lessons)));
  try { writeJSON(DAILY_KEY, mergeDaily(readJSON(DAILY_KEY), data.daily)); } catch { /* full: the matches are in */ }
  return { added: out.added, updated: out.updated, same: out.same };
}

let carried = null;   // a restore's message, shown in Settings drawn anew after it

function lastLine() {
  const v = readJSON(BACKUP_KEY);
  return isObject(v) && Number.isFinite(v.saved) ? t("backup.last", { date: fmtDate(v.saved) }) : t("backup.never");
}

/** Settings' block: what a backup holds, when the last was saved, save, restore, once its
 * words and styles are loaded (web/keeping/). `rerender` draws Settings anew (a restore may
 * bring another language or look). */
export async function backupSettings(rerender) {
  await useKeeping();
  const status = h("p", { id: "backup-status", class: "backup-status", role: "status" });
  const last = h("p", { class: "muted", id: "backup-last", text: lastLine() });
  const say = (text, error = false) => {
    status.textContent = text;
    status.classList.toggle("error-text", error);
  };
  if (carried) { say(carried); carried = null; }
  const busy = (on) => { for (const b of [saveBtn, restoreBtn]) b.disabled = on; };
  const saveBtn = h("button", { type: "button", class: "btn primary", id: "backup-save", onclick: async () => {
    busy(true);
    try {
      const { text, name, file, leftOut } = await backupNow();
      if (await handOn(text, name)) {
        try { writeJSON(BACKUP_KEY, { saved: file.made, matches: file.data.matches.length }); } catch { /* no storage */ }
        last.textContent = lastLine();
        say([t("backup.saved", { n: file.data.matches.length }), leftOut ? t("backup.left_out", { n: leftOut }) : ""].join(" ").trim());
      }
    } catch (err) {
      say(t("backup.save_failed", { error: err.message }), true);
    } finally { busy(false); }
  } }, t("backup.save"));
  const input = h("input", { type: "file", accept: ".json,application/json", id: "backup-file", class: "sr-only", tabindex: "-1",
    "aria-label": t("backup.restore") });
  input.addEventListener("change", async () => {
    const f = input.files && input.files[0];
    input.value = "";
    if (!f) return;
    busy(true);
    say(t("backup.restoring"));
    const before = JSON.stringify(store.getSettings());
    try {
      const counts = await restoreText(await f.text());
      say(t("backup.restored", counts));
      toast(t("backup.restored", counts));
      if (JSON.stringify(store.getSettings()) !== before) {
        const s = store.getSettings();
        applyLook(s);
        await setLang(s.lang === "auto" ? null : s.lang);
        await useKeeping().catch(() => {});   // (the words of the language restored)
        carried = t("backup.restored", counts);
        rerender();
        return;
      }
    } catch (err) {
      say(err instanceof BackupError ? t(`backup.refused.${err.code}`)
        : t("backup.failed", { error: err.quota ? t("store.quota") : err.message }), true);
    } finally { busy(false); }
  });
  const restoreBtn = h("button", { type: "button", class: "btn", id: "backup-restore", onclick: () => input.click() }, t("backup.restore"));
  const box = h("fieldset", { class: "field backup", id: "backup" }, h("legend", { text: t("backup.title") }),
    h("p", { class: "opt-help", text: t("backup.help") }), last,
    h("div", { class: "row" }, saveBtn, restoreBtn, input), status);
  // home's note on keeping the data leads here (#/settings?backup)
  if (/[?&]backup\b/.test(location.hash)) requestAnimationFrame(() => box.scrollIntoView({ block: "start" }));
  return box;
}
