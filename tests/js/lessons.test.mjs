// A lesson's steps (web/lessons/steps.js: which step is on, what is asked, the scripted
// replies, the tries that were not the lesson's, the stars) and the lessons' progress record
// (web/lessons/progress.js). The views are made up here; the lessons' own scripts are played
// against the engine in CPython (tests/engine/test_lessons.py) and one per game at the table
// (tests/browser/test_lessons.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import fc from "fast-check";

import { Steps, holds, starsFor } from "../../web/lessons/steps.js";
import { PROGRESS_KEY, readProgress, recordStars, starsOf } from "../../web/lessons/progress.js";
import { WEB, fcRuns } from "./helpers.mjs";

/** A view of the person's (seat 0) with `extra`. */
const view = (extra = {}) => ({ winner: null, hands_played: 0, tricks: [], deal_no: 1, phase: "play", turn: 0, ...extra });

const LESSON = {
  id: "made-up",
  steps: [
    { goal: "g1", expect: ["10E"], replies: ["1E"], highlight: ["10E"] },
    { goal: "g2", expect: ["1O"], replies: ["3E", "12E"], until: "trick", highlight: ["1O"] },
    { goal: "g3", until: "hand" },
  ],
};

test("the success tests of a step", () => {
  const start = view({ tricks: [[1]], hands_played: 1 });
  assert.equal(holds("move", start, view()), true);
  assert.equal(holds("trick", start, view({ tricks: [[1]], hands_played: 1 })), false);
  assert.equal(holds("trick", start, view({ tricks: [[1], [2]], hands_played: 1 })), true);
  assert.equal(holds("trick", start, view({ tricks: [], hands_played: 2 })), true, "a new hand after the trick");
  assert.equal(holds("deal", start, view({ hands_played: 1, deal_no: 2, tricks: [[1]] })), true);
  assert.equal(holds("deal", view({ deal_no: 1 }), view({ deal_no: 1 })), false);
  assert.equal(holds("hand", start, view({ hands_played: 1 })), false);
  assert.equal(holds("hand", start, view({ hands_played: 2 })), true);
  assert.equal(holds("match", start, view()), false);
  assert.equal(holds("match", start, view({ winner: 0 })), true);
  assert.equal(holds("claim", start, view({ phase: "claim", turn: 0 }), 0), true);
  assert.equal(holds("claim", start, view({ phase: "claim", turn: 1 }), 0), false);
  assert.equal(holds("claim", start, view({ winner: 1 }), 0), false, "a match over ends any step but a claim");
  assert.equal(holds("hand", start, view({ winner: 1, hands_played: 1 })), true);
  assert.equal(holds("no such test", start, view()), true, "an unknown test ends the step rather than hangs");
});

test("stars: 3 with no mistake, 2 with one, 1 with two or more", () => {
  assert.deepEqual([0, 1, 2, 3, 10].map(starsFor), [3, 2, 1, 1, 1]);
});

test("a lesson's steps, in order: what is asked, the replies due, a mistake, the step's end, the lesson's", () => {
  const s = new Steps(LESSON, 0);
  s.begin(view());
  assert.equal(s.step().goal, "g1");
  assert.equal(s.count(), 3);
  assert.equal(s.asks(), true);
  assert.deepEqual(s.marks(), ["10E"]);
  assert.equal(s.judge("1E"), "other", "not what the step asks");
  s.mistake();
  assert.equal(s.judge("10E"), "play");
  assert.equal(s.after(0, view({ tricks: [] })), false);   // the person played: step 1 ends (until: move)
  assert.equal(s.step().goal, "g2", "the second step is on");
  assert.deepEqual(s.marks(), ["1O"]);
  assert.equal(s.nextReply(), "3E");
  assert.equal(s.after(1, view()), false, "another seat's move does not end a step the person has not moved in");
  assert.equal(s.step().goal, "g2");
  assert.equal(s.judge("7O"), "other");
  assert.equal(s.judge("1O"), "play");
  assert.equal(s.after(0, view()), false, "the trick is not over yet");
  assert.equal(s.asks(), false, "after the person's first move of the step, any legal move is free");
  assert.equal(s.judge("7O"), "play");
  assert.deepEqual(s.marks(), [], "no marks once the person has moved");
  assert.equal(s.nextReply(), "12E");
  assert.equal(s.nextReply(), null, "then the computer players of the lesson's level");
  assert.equal(s.after(2, view({ tricks: [[1]] })), false, "the trick is won: step 2 ends");
  assert.equal(s.step().goal, "g3");
  assert.equal(s.asks(), false, "a step with nothing expected asks nothing");
  assert.equal(s.after(0, view({ tricks: [[1], [2]] })), false);
  assert.equal(s.after(0, view({ hands_played: 1 })), true, "the hand is over: the lesson is done");
  assert.equal(s.done, true);
  assert.equal(s.judge("x"), "done");
  assert.equal(s.after(0, view({ hands_played: 2 })), false);
  assert.equal(s.mistakes, 1);
  assert.equal(starsFor(s.mistakes), 2);
});

test("a match over ends the lesson at any step", () => {
  const s = new Steps(LESSON, 0);
  s.begin(view());
  assert.equal(s.after(1, view({ winner: 1 })), true, "even from another seat's move");
  assert.equal(s.done, true);
});

test("every step of the shipped lessons is reached in order, once each, by the person's moves (property of the files)", () => {
  for (const game of ["cuatrola", "cuarenta"]) {
    const doc = JSON.parse(readFileSync(new URL(`lessons/${game}.json`, WEB), "utf8"));
    assert.equal(doc.format, "tapete-lessons");
    for (const lesson of doc.lessons) {
      const s = new Steps(lesson, 0);
      s.begin(view());
      const seen = [];
      let hands = 0, deal = 1, tricks = [], phase = "play";
      for (let i = 0; i < 200 && !s.done; i++) {
        seen.push(s.index);
        const step = s.step();
        if (s.asks()) assert.equal(s.judge(step.expect[0]), "play", `${game}/${lesson.id} step ${s.index}`);
        // the person's move, then what makes the step's test hold
        const until = step.until || "move";
        if (until === "trick") tricks = [...tricks, [i]];
        if (until === "hand" || until === "deal") { hands += 1; deal += 1; }
        if (until === "claim") phase = "claim";
        const ended = s.after(0, view({ hands_played: hands, deal_no: deal, tricks, phase, winner: until === "match" ? 0 : null }));
        phase = "play";
        assert.ok(ended === s.done);
      }
      assert.equal(s.done, true, `${game}/${lesson.id} ends`);
      const firsts = [...new Set(seen)];
      assert.deepEqual(firsts, [...Array(lesson.steps.length).keys()], `${game}/${lesson.id}: every step, in order`);
    }
  }
});

function memoryStorage(raw = null) {
  const data = new Map(raw === null ? [] : [[PROGRESS_KEY, raw]]);
  return { getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)), data };
}

test("progress: the best stars kept, 'at' when played; a write keeps only readable entries", () => {
  const store = memoryStorage();
  assert.deepEqual(readProgress(store), {});
  const p = recordStars("cuatrola", "follow", 2, store);
  assert.equal(p["cuatrola/follow"].stars, 2);
  assert.ok(Math.abs(p["cuatrola/follow"].at - Date.now()) < 5000);
  recordStars("cuatrola", "follow", 1, store);
  assert.equal(starsOf(readProgress(store), "cuatrola", "follow"), 2, "the best is kept");
  recordStars("cuatrola", "follow", 3, store);
  assert.equal(starsOf(readProgress(store), "cuatrola", "follow"), 3);
  assert.equal(starsOf(readProgress(store), "cuarenta", "pair"), 0);
  assert.deepEqual(JSON.parse(store.data.get(PROGRESS_KEY)).v, 1);
  // no storage (private mode, full): the progress as it would be, nothing thrown
  const full = { getItem: () => null, setItem: () => { throw new Error("QuotaExceededError"); } };
  assert.equal(recordStars("cuarenta", "pair", 3, full)["cuarenta/pair"].stars, 3);
  assert.deepEqual(readProgress({ getItem: () => { throw new Error("no storage"); } }), {});
});

test("a damaged progress record is ignored entry by entry (the codec half of test_lessons.py's)", () => {
  for (const damaged of ["{not json", "[1, 2]", '"text"', '{"v": 1, "done": []}', '{"v": 7, "done": {}}', "null", "7", '{"done": {}}']) {
    assert.deepEqual(readProgress(memoryStorage(damaged)), {}, damaged);
  }
  const mixed = JSON.stringify({ v: 1, done: { "cuatrola/follow": { stars: 3, at: 1 }, "cuatrola/trump": { stars: 9 },
    "cuarenta/pair": "x", constructor: { stars: 2 }, "cuarenta/forty": { stars: 2, at: "yesterday" }, "Cuarenta/Pair": { stars: 1 },
    "cuarenta/x y": { stars: 1 }, "cuarenta/zero": { stars: 0 }, "cuarenta/half": { stars: 1.5 } } });
  const store = memoryStorage(mixed);
  assert.deepEqual(readProgress(store), { "cuatrola/follow": { stars: 3, at: 1 }, "cuarenta/forty": { stars: 2, at: 0 } });
  recordStars("cuatrola", "trump", 3, store);
  assert.deepEqual(Object.keys(JSON.parse(store.data.get(PROGRESS_KEY)).done).sort(), ["cuarenta/forty", "cuatrola/follow", "cuatrola/trump"]);
  fc.assert(fc.property(fc.oneof(fc.string(), fc.json(), fc.jsonValue().map((v) => JSON.stringify({ v: 1, done: v }))), (raw) => {
    const got = readProgress(memoryStorage(raw));
    for (const [k, e] of Object.entries(got)) {
      assert.match(k, /^[a-z]+\/[a-z0-9_]+$/);
      assert.ok([1, 2, 3].includes(e.stars) && Number.isFinite(e.at));
    }
  }), fcRuns(500));
});
