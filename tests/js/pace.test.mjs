// The expert's budget at the table from the phone's measured speed (web/pace.js), in Node:
// node --test tests/js/   (docs/bots.md, "In time on a slow phone"). The engine's side of
// the cap (the same decision under a cap at least as large as its work) is
// tests/bots/test_paced.py; the bench (tools/bench/web.py --phone cpu:4) times it.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  CALIBRATION_WORK, DRIFT, MAX_BUDGET, MIN_BUDGET, OVERRUN_MS, PACE_FORMAT, Pace, TARGET_MS, TELLING_SHARE,
} from "../../web/pace.js";

test("a game with no stored rate calibrates first, and has no budget until then", () => {
  const p = new Pace(null);
  assert.equal(p.needsCalibration("cuatrola"), true);
  assert.equal(p.budget("cuatrola"), null);
  p.calibrated("cuatrola", CALIBRATION_WORK, 100);   // 200 units per ms
  assert.equal(p.needsCalibration("cuatrola"), false);
  assert.equal(p.needsCalibration("cuarenta"), true, "each game has its own rate");
  assert.equal(p.budget("cuatrola"), 200 * TARGET_MS);
});

test("a budget is what the phone does in TARGET_MS, between MIN_BUDGET and MAX_BUDGET", () => {
  const p = new Pace({ v: PACE_FORMAT, rates: { cuatrola: 1000, cuarenta: 0.5, mus: 1e300 } });
  assert.equal(p.budget("cuatrola"), 1000 * TARGET_MS);
  assert.equal(p.budget("cuarenta"), MIN_BUDGET);
  assert.equal(p.budget("mus"), MAX_BUDGET, "a stored rate out of all reason still gives a budget the engine takes");
  assert.ok(Number.isInteger(new Pace({ v: PACE_FORMAT, rates: { g: 33.3333 } }).budget("g")));
});

test("stored rates of another format, or damaged ones, are calibrated again", () => {
  for (const saved of [undefined, null, 7, "x", [], {}, { v: PACE_FORMAT + 1, rates: { cuatrola: 5 } },
    { v: PACE_FORMAT, rates: null }, { v: PACE_FORMAT, rates: { cuatrola: -1, cuarenta: "9" } },
    { v: PACE_FORMAT, rates: { cuatrola: NaN, cuarenta: Infinity } }, { v: PACE_FORMAT, rates: { cuatrola: 0 } }]) {
    const p = new Pace(saved);
    assert.equal(p.needsCalibration("cuatrola"), true, JSON.stringify(saved));
    assert.equal(p.needsCalibration("cuarenta"), true, JSON.stringify(saved));
  }
});

test("a calibration that measured nothing is not taken", () => {
  const p = new Pace(null);
  for (const [w, ms] of [[0, 10], [100, 0], [100, -1], [NaN, 5], [100, Infinity]]) p.calibrated("cuatrola", w, ms);
  assert.equal(p.needsCalibration("cuatrola"), true);
});

test("an overrun lowers the rate at once to what the move showed: the next move is in time", () => {
  const p = new Pace({ v: PACE_FORMAT, rates: { cuatrola: 400 } });
  const budget = p.budget("cuatrola");                 // 100,000 units, meant for 250 ms
  assert.equal(p.observed("cuatrola", budget, 1000, budget), true);   // the phone got 4x slower
  assert.equal(p.rates.cuatrola, 100);
  assert.equal(p.budget("cuatrola") * (1000 / budget), TARGET_MS, "the same work now takes TARGET_MS");
  assert.equal(p.observed("cuatrola", budget, OVERRUN_MS + 1, budget), false, "never raised by an overrun");
});

test("a move in time moves the rate by DRIFT towards what it showed, up or down", () => {
  const p = new Pace({ v: PACE_FORMAT, rates: { cuarenta: 100 } });
  const b = p.budget("cuarenta");
  assert.equal(p.observed("cuarenta", b, b / 200, b), true);          // 200 units per ms seen
  assert.equal(p.rates.cuarenta, 100 + DRIFT * (200 - 100));
  const r = p.rates.cuarenta;
  assert.equal(p.observed("cuarenta", b, b / 50, b), true);
  assert.ok(p.rates.cuarenta < r);
});

test("a move that did little of its budget says nothing of the rate (its time is fixed costs)", () => {
  const p = new Pace({ v: PACE_FORMAT, rates: { cuatrola: 100 } });
  const b = p.budget("cuatrola");
  assert.equal(p.observed("cuatrola", Math.floor(b * TELLING_SHARE) - 1, 900, b), false);
  assert.equal(p.observed("cuatrola", 0, 900, b), false);
  assert.equal(p.rates.cuatrola, 100);
});

test("nonsense figures change nothing, and a game never calibrated is left to calibrate", () => {
  const p = new Pace({ v: PACE_FORMAT, rates: { cuatrola: 100 } });
  for (const args of [[NaN, 10, 100], [10, NaN, 100], [10, 0, 100], [-5, 10, 100], [10, 10, 0], [10, 10, undefined]]) {
    assert.equal(p.observed("cuatrola", ...args), false, String(args));
  }
  assert.equal(p.observed("cuarenta", 5000, 10, 5000), false);
  assert.equal(p.needsCalibration("cuarenta"), true);
  assert.equal(p.rates.cuatrola, 100);
});

test("the rates round-trip through their stored form", () => {
  const p = new Pace(null);
  p.calibrated("cuatrola", 20000, 80);
  p.calibrated("cuarenta", 10000, 90);
  const q = new Pace(JSON.parse(JSON.stringify(p)));
  assert.deepEqual(q.rates, p.rates);
  assert.equal(q.budget("cuarenta"), p.budget("cuarenta"));
  assert.deepEqual(p.toJSON(), { v: PACE_FORMAT, rates: p.rates });
});
