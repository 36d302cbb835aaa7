// The backup file's format, check and merge (web/backup-file.js), in Node: node --test tests/js/
// The browser tests (tests/browser/test_backup.py) make and restore real backups through
// Settings; here is every way a file can be refused and every case of the merge.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";

import {
  FORMAT, VERSION, BackupError, backupName, backupText, makeBackup, mergeDaily, mergeLessons,
  mergeMatches, mergeSettings, readBackup, sha256Hex, sha256Plain,
} from "../../web/backup-file.js";
import { canonical } from "../../web/canonical.js";

const match = (actions, seed = "s1", game = "cuatrola") => ({
  format: "tapete-match", version: 1, game, rules: { end: "hands", hands: 4 }, seed, meta: { app: "tapete-web" }, actions,
});
const record = (id, actions, extra = {}) => ({
  id, rev: actions.length + 1, game: "cuatrola", created: 1, updated: 2 + actions.length, status: "playing",
  origin: "new", result: null, match: match(actions, extra.seed), ...extra,
});
const DATA = {
  matches: [record("m1", ["pass", "solo:O"]), record("m2", [], { status: "finished", result: { score: [1, 0], winner: 0 } })],
  daily: { days: { "2026-12-01": { cuatrola: { id: "m2", mine: { margin: 3 }, machine: { margin: 1 } } } } },
  lessons: { "cuatrola/tricks": { stars: 2, at: 5 } },
  settings: { lang: "es", theme: "dark", speed: "normal", ice: null },
};
let n = 0;
const newId = () => `n${++n}`;

async function refusal(text) {
  try {
    await readBackup(text);
  } catch (err) {
    assert.ok(err instanceof BackupError, err);
    return err.code;
  }
  assert.fail("the file was accepted");
}

test("SHA-256: the plain JS one is WebCrypto's and Node's, on the standard vectors and on UTF-8", async () => {
  const enc = new TextEncoder();
  for (const text of ["", "abc", "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "a".repeat(1000),
    "x".repeat(55), "x".repeat(56), "x".repeat(64), "ñandú, oros, Übung, carte à jouer: ♠"]) {
    const node = createHash("sha256").update(text, "utf8").digest("hex");
    assert.equal(sha256Plain(enc.encode(text)), node, text);
    assert.equal(await sha256Hex(text), node, text);
  }
  assert.equal(sha256Plain(enc.encode("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
});

test("a backup made is read back as it was; its check is the SHA-256 of the canonical JSON of the rest", async () => {
  const file = await makeBackup(DATA, { app: "v1", made: Date.UTC(2026, 11, 7) });
  assert.equal(file.format, FORMAT);
  assert.equal(file.version, VERSION);
  const { sha256, ...rest } = file;
  assert.equal(sha256, createHash("sha256").update(canonical(rest), "utf8").digest("hex"));
  const back = await readBackup(backupText(file));
  assert.deepEqual(back, file);
  assert.deepEqual(back.data, DATA);
  assert.equal(backupName(file.made), "tapete-backup-2026-12-07.json");
  // the check does not depend on the order of the keys in the file
  const reordered = JSON.stringify({ sha256, data: rest.data, made: rest.made, app: rest.app, version: 1, format: FORMAT });
  assert.deepEqual((await readBackup(reordered)).data, DATA);
});

test("refused: something else, one match's file, a newer version, a file cut short or changed", async () => {
  const good = backupText(await makeBackup(DATA, { made: 1 }));
  const file = JSON.parse(good);
  const again = (patch) => JSON.stringify({ ...file, ...patch });
  assert.equal(await refusal("hello"), "not_backup");
  assert.equal(await refusal(""), "not_backup");
  assert.equal(await refusal("[1, 2]"), "not_backup");
  assert.equal(await refusal("null"), "not_backup");
  assert.equal(await refusal(JSON.stringify({ format: "other", version: 1 })), "not_backup");
  assert.equal(await refusal(JSON.stringify(match(["pass"]))), "match_file");
  assert.equal(await refusal(again({ version: VERSION + 1 })), "newer");
  assert.equal(await refusal(again({ version: "1" })), "damaged");
  assert.equal(await refusal(again({ version: 0 })), "damaged");
  for (const cut of [good.length - 2, Math.floor(good.length / 2), 40]) {
    assert.equal(await refusal(good.slice(0, cut)), "damaged", `cut at ${cut}`);
  }
  // any change to what the check covers: a match's action, a setting, the date, the check itself
  const changed = structuredClone(file);
  changed.data.matches[0].match.actions[1] = "solo:C";
  assert.equal(await refusal(JSON.stringify(changed)), "damaged");
  assert.equal(await refusal(good.replace('"theme":"dark"', '"theme":"light"')), "damaged");
  assert.equal(await refusal(again({ made: 2 })), "damaged");
  assert.equal(await refusal(again({ sha256: file.sha256.replace(/^./, (c) => (c === "0" ? "1" : "0")) })), "damaged");
  assert.equal(await refusal(again({ sha256: undefined })), "damaged");
});

test("refused: a file whose check matches but whose contents are not a backup's", async () => {
  const bad = [
    { ...DATA, matches: {} },
    { ...DATA, settings: [] },
    { ...DATA, daily: null },
    { ...DATA, matches: [{ id: "m1", rev: 1 }] },
    { ...DATA, matches: [record("m1", []), record("m1", ["pass"])] },
    { ...DATA, matches: [{ ...record("m1", []), match: { format: "other", game: "x", actions: [] } }] },
    { ...DATA, matches: [{ ...record("m1", []), rev: "1" }] },
  ];
  for (const data of bad) {
    // signed as the app signs (makeBackup itself would fill in a missing part)
    const file = { format: FORMAT, version: VERSION, app: null, made: 1, data };
    file.sha256 = createHash("sha256").update(canonical(file), "utf8").digest("hex");
    assert.equal(await refusal(backupText(file)), "damaged", JSON.stringify(data).slice(0, 80));
  }
  assert.equal(await refusal("x".repeat(64 * 1024 * 1024 + 1)), "not_backup");
});

test("merge: a new match is added, one already here (any id) is not doubled, restored twice adds nothing", () => {
  const stored = [record("m1", ["pass", "solo:O"]), record("local", [])];
  const incoming = [record("m1", ["pass", "solo:O"]), record("other-id", [], { status: "playing" }), record("m3", ["pass"], { seed: "s3" })];
  const out = mergeMatches(stored, incoming, newId);
  assert.deepEqual([out.added, out.updated, out.same], [1, 0, 2]);
  assert.deepEqual(out.put.map((r) => r.id), ["m3"]);
  const after = [...stored, ...out.put];
  const twice = mergeMatches(after, incoming, newId);
  assert.deepEqual([twice.put.length, twice.added, twice.updated, twice.same], [0, 0, 0, 3]);
});

test("merge: the same match further on in the backup brings the phone's up to it; further on here, it stays", () => {
  const stored = [record("m1", ["pass"]), record("m2", ["pass", "pass", "solo:O"], { seed: "s2" })];
  const incoming = [record("m1", ["pass", "solo:O", "12O"]), record("m2", ["pass"], { seed: "s2" })];
  stored[0].rev = 9;
  const out = mergeMatches(stored, incoming, newId);
  assert.deepEqual([out.added, out.updated, out.same], [0, 1, 1]);
  assert.equal(out.put.length, 1);
  assert.deepEqual(out.put[0].match.actions, ["pass", "solo:O", "12O"]);
  assert.equal(out.put[0].id, "m1");
  assert.equal(out.put[0].rev, 10, "a revision above the stored one: an open table sees the change");
});

test("merge: the same id with another deal, actions that part ways, or a damaged record here: both kept", () => {
  const stored = [record("m1", ["pass", "solo:O"]), record("m2", ["pass"]), { id: "m3", broken: true }];
  const incoming = [record("m1", ["pass", "solo:C"]), record("m2", ["pass"], { seed: "another" }), record("m3", [])];
  const ids = ["m2", "fresh1", "fresh2", "fresh3"];   // the first new id is taken: another is drawn
  const out = mergeMatches(stored, incoming, () => ids.shift());
  assert.deepEqual([out.added, out.updated, out.same], [3, 0, 0]);
  assert.deepEqual(out.put.map((r) => r.id), ["fresh1", "fresh2", "fresh3"]);
  assert.deepEqual(out.put[0].match.actions, ["pass", "solo:C"]);
  // nothing stored is written over
  assert.ok(out.put.every((r) => !stored.some((s) => s.id === r.id)));
});

test("merge of settings: what the phone changed stays, the rest comes from the backup", () => {
  const defaults = { lang: "auto", speed: "normal", theme: "auto", suits: "classic" };
  const backup = { lang: "es", speed: "fast", theme: "dark", suits: "four", ice: { stun: ["x"] } };
  assert.deepEqual(mergeSettings(null, backup, defaults, ["ice"]), backup);
  const phone = { lang: "de", speed: "normal", theme: "auto", suits: "classic", ice: null };
  assert.deepEqual(mergeSettings(phone, backup, defaults, ["ice"]),
    { lang: "de", speed: "fast", theme: "dark", suits: "four", ice: { stun: ["x"] } });
  assert.deepEqual(mergeSettings({ ice: { stun: ["mine"] } }, backup, defaults, ["ice"]).ice, { stun: ["mine"] });
  assert.deepEqual(mergeSettings(phone, {}, defaults, ["ice"]), phone);
});

test("merge of lessons and daily results: the best stars, the phone's result of a day kept", () => {
  const lessons = mergeLessons({ "cuatrola/a": { stars: 3, at: 1 }, "cuatrola/b": { stars: 1, at: 1 } },
    { "cuatrola/a": { stars: 2, at: 9 }, "cuatrola/b": { stars: 2, at: 9 }, "cuarenta/c": { stars: 1, at: 9 } });
  assert.deepEqual(lessons, { "cuatrola/a": { stars: 3, at: 1 }, "cuatrola/b": { stars: 2, at: 9 }, "cuarenta/c": { stars: 1, at: 9 } });
  const phone = { days: { d1: { cuatrola: { id: "a" } } } };
  const backup = { days: { d1: { cuatrola: { id: "b" }, cuarenta: { id: "c" } }, d2: { cuatrola: { id: "d" } } } };
  assert.deepEqual(mergeDaily(phone, backup),
    { days: { d1: { cuatrola: { id: "a" }, cuarenta: { id: "c" } }, d2: { cuatrola: { id: "d" } } } });
  assert.deepEqual(mergeDaily(null, backup), backup);
  assert.deepEqual(mergeDaily(phone, { days: "x" }), phone);
});
