// The table's sound cues (web/sound/cues.js): one scripted hand of each game through the
// engine (fixtures/hands.json, written by fixtures/hands.py: seat 0's views before and after
// every action) maps to the expected cues in order; the person's turn only when it comes back
// after others; each cue short and no louder than the card snap; mute, a hidden page and a
// lesson's explanation silence them. What only a browser shows (no AudioContext before the
// first tap, the cues heard at a real table, mute kept over a reload, a hidden tab) is
// tests/browser/test_sound.py's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";

import { CUES, CUE_MAX_MS, CUE_GAP_MS, SNAP_GAIN, audible, cueMs, cuesOf, peakGain, schedule } from "../../web/sound/cues.js";
import { fcRuns } from "./helpers.mjs";

const HANDS = JSON.parse(readFileSync(new URL("fixtures/hands.json", import.meta.url), "utf8"));

/** The cues of every action of `game`'s scripted hand: [[seat, cues], ...]. */
function cuesOfHand(game) {
  const { steps, views } = HANDS[game];
  return steps.map((s, i) => [s.seat, cuesOf(game, { seat: s.seat, action: s.action, prev: views[i], view: views[i + 1] })]);
}
const flat = (rows) => rows.map(([seat, cues]) => `${seat}:${cues.join(",")}`);

test("Cuarenta's scripted hand: plays, captures of each side, caídas, limpias, the deals, your turn, the hand won, a ronda", () => {
  assert.deepEqual(flat(cuesOfHand("cuarenta")), [
    "1:play", "2:play", "3:play,turn", "0:play", "1:play", "2:play,take_us", "3:play,take_them,turn", "0:play",
    "1:play", "2:play,take_us", "3:play,take_them,turn", "0:play", "1:play", "2:play,take_us,limpia", "3:play,turn",
    "0:play", "1:play,take_them,caida", "2:play", "3:play,turn", "0:play,deal", "1:play,take_them", "2:play,take_us",
    "3:play,take_them,limpia,turn", "0:play", "1:play", "2:play", "3:play,turn", "0:play,take_us", "1:play", "2:play",
    "3:play,take_them,caida,turn", "0:play,take_us", "1:play", "2:play,take_us,caida", "3:play,turn", "0:play", "1:play",
    "2:play,take_us,caida", "3:play,turn",
    // the hand's last card: its result (won: 16 points to 6), then the next hand's deal and a ronda in it
    "0:play,hand_won,deal,ronda",
  ]);
});

test("Cuatrola's scripted hand: the bids, plays, tricks of each side, a cante, your turn, the hand lost", () => {
  assert.deepEqual(flat(cuesOfHand("cuatrola")), [
    "0:bid", "1:bid", "2:bid", "3:bid,turn",
    "0:play", "2:play", "3:play,take_them,cante", "3:play,turn", "0:play", "2:play,take_them", "3:play,turn",
    "0:play", "2:play,take_us,turn", "0:play", "2:play", "3:play,take_them", "3:play,turn", "0:play",
    // the hand's last trick (the solo lost, 1 trick to 4), then the next hand's deal
    "2:play,take_them,hand_lost,deal",
  ]);
});

test("your turn sounds only when the turn comes back to you after others played, never after your own move", () => {
  for (const game of ["cuarenta", "cuatrola"]) {
    const { steps, views } = HANDS[game];
    let turns = 0;
    steps.forEach((s, i) => {
      const cues = cuesOf(game, { ...s, prev: views[i], view: views[i + 1] });
      const back = views[i + 1].turn === 0 && views[i].turn !== 0;
      assert.equal(cues.includes("turn"), back, `${game} action ${i} (seat ${s.seat})`);
      if (s.seat === 0) assert.ok(!cues.includes("turn"), `${game} action ${i}: after the person's own move`);
      assert.ok(cues.indexOf("turn") < 0 || cues.indexOf("turn") === cues.length - 1, "the turn comes last");
      turns += back ? 1 : 0;
    });
    assert.ok(turns >= 3, `${game}: the hand gives the turn back several times`);
  }
});

test("a hand's result is the person's side's: the same hand seen by the other side is lost, not won", () => {
  const { steps, views } = HANDS.cuarenta;
  const i = steps.length - 1;
  const flip = (v) => ({ ...v, side: 1 - v.side, seat: 1 });
  const cues = cuesOf("cuarenta", { ...steps[i], prev: flip(views[i]), view: flip(views[i + 1]) });
  assert.ok(cues.includes("hand_lost") && !cues.includes("hand_won"), cues.join(","));
  // and a capture of side 0 is theirs then
  const j = steps.findIndex((s, k) => cuesOf("cuarenta", { ...s, prev: views[k], view: views[k + 1] }).includes("take_us"));
  assert.ok(cuesOf("cuarenta", { ...steps[j], prev: flip(views[j]), view: flip(views[j + 1]) }).includes("take_them"));
  // the match's end: the match's winner decides (won, even on a hand with fewer points)
  const end = { ...views[i + 1], winner: 0, last_hand: { ...views[i + 1].last_hand, points: [0, 9] } };
  assert.deepEqual(cuesOf("cuarenta", { ...steps[i], prev: views[i], view: end }).filter((c) => c.startsWith("hand_")), ["hand_won"]);
});

test("no view before or after: no cue (a table drawn anew, not an action)", () => {
  assert.deepEqual(cuesOf("cuatrola", { seat: 0, action: "pass", prev: null, view: HANDS.cuatrola.views[0] }), []);
});

test("quiet by design: each cue at most 250 ms, none louder than the card snap, every cue has notes", () => {
  assert.equal(CUE_MAX_MS, 250);
  assert.equal(peakGain("play"), SNAP_GAIN);
  for (const name of Object.keys(CUES)) {
    assert.ok(CUES[name].length > 0, name);
    assert.ok(cueMs(name) <= CUE_MAX_MS, `${name}: ${cueMs(name)} ms`);
    assert.ok(peakGain(name) <= SNAP_GAIN + 1e-9, `${name}: peak ${peakGain(name)}`);
    for (const n of CUES[name]) {
      assert.ok(n.gain > 0 && n.ms > 0 && n.at >= 0 && n.hz > 0 && n.to > 0, name);
      assert.ok(["sine", "triangle", "square", "noise"].includes(n.wave), name);
    }
  }
  // the refused tap is a soft thud: low, no square wave (no harsh buzz)
  assert.ok(CUES.refused.every((n) => n.wave !== "square" && n.hz <= 200), "refused: low and soft");
  // every cue the two hands make is one of CUES
  for (const game of ["cuarenta", "cuatrola"]) for (const [, cues] of cuesOfHand(game)) for (const c of cues) assert.ok(CUES[c], c);
});

test("peakGain adds the notes that sound together", () => {
  assert.ok(Math.abs(peakGain("take_us") - 2 * CUES.take_us[0].gain) < 1e-9, "its two notes overlap");
  assert.equal(peakGain("turn"), CUES.turn[0].gain);
});

test("the cues of one action follow one another, none over the one before (property)", () => {
  const names = Object.keys(CUES);
  fc.assert(fc.property(fc.array(fc.constantFrom(...names), { maxLength: 8 }), (list) => {
    const plan = schedule(list);
    assert.deepEqual(plan.map((p) => p.name), list);
    plan.forEach((p, i) => {
      if (i) assert.equal(p.at, plan[i - 1].at + cueMs(plan[i - 1].name) + CUE_GAP_MS);
      else assert.equal(p.at, 0);
    });
  }), fcRuns(100));
});

test("mute stops every cue; so do a hidden page and a lesson's explanation, but for the lesson's own cue", () => {
  const names = Object.keys(CUES);
  fc.assert(fc.property(fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 6 }), fc.boolean(), (list, own) => {
    assert.deepEqual(audible(list, { sound: false, own }), []);
    assert.deepEqual(audible(list, { hidden: true, own }), []);
    assert.deepEqual(audible(list, { hushed: true }), []);
    assert.deepEqual(audible(list, { hushed: true, own: true }), list);
    assert.deepEqual(audible(list, { sound: true }), list);
    assert.deepEqual(audible(list), list, "sound is on by default");
  }), fcRuns(100));
  assert.deepEqual(audible(["play", "nonsense", "turn"]), ["play", "turn"], "a name that is no cue is dropped");
});

test("views without the parts a cue reads make fewer cues, never an error", () => {
  const prev = { seat: 0, side: 0, turn: 1, hands_played: 0, tricks: [], cantes: [] };
  assert.deepEqual(cuesOf("cuatrola", { seat: 1, action: "1O", prev, view: { ...prev, turn: 0, hands_played: 1, last_hand: {} } }),
    ["play", "hand_lost", "deal", "turn"]);
  assert.deepEqual(cuesOf("cuarenta", { seat: 1, action: "1H", prev, view: { ...prev, turn: 2, hands_played: 1, last_hand: {} } }), []);
  assert.deepEqual(cuesOf("cuarenta", { seat: 1, action: "1H", prev, view: { ...prev, turn: 0 } }), ["turn"]);
});
