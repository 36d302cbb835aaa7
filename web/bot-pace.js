// The computer players' moves at the table, the expert's search capped to what this phone
// does in time (docs/bots.md, "In time on a slow phone"). The rates are web/pace.js's,
// kept in localStorage ("tapete.pace": they belong to this phone, not to a backup); a
// game's first paced move calibrates it once (the `calibrate` op, timed here).
import { engine } from "./engine.js";
import { CALIBRATION_WARMUP, CALIBRATION_WORK, Pace } from "./pace.js";

const KEY = "tapete.pace";
let pace = null;
const calibrating = new Map();

function rates() {
  if (!pace) {
    let saved = null;
    try { saved = JSON.parse(localStorage.getItem(KEY)); } catch { /* none, or damaged: calibrate */ }
    pace = new Pace(saved);
  }
  return pace;
}

function keep() {
  try { localStorage.setItem(KEY, JSON.stringify(pace)); } catch { /* no storage: calibrate next time */ }
}

/** Time the engine's calibration run of `game` (after an untimed warm-up: its modules load). */
function calibrate(game) {
  if (!calibrating.has(game)) {
    calibrating.set(game, (async () => {
      await engine.call({ op: "calibrate", game, budget: CALIBRATION_WARMUP });
      const started = performance.now();
      const a = await engine.call({ op: "calibrate", game, budget: CALIBRATION_WORK });
      if (a.ok) { rates().calibrated(game, a.work, performance.now() - started); keep(); }
    })().finally(() => calibrating.delete(game)));
  }
  return calibrating.get(game);
}

/**
 * The worker call of a computer player's move (`request`: a `bot` op) in a match of `game`:
 * an expert's gets the phone's budget, and its time corrects the rate; the other levels
 * do not search and go as asked. If the calibration failed, the full budget.
 */
export async function botCall(request, game) {
  if (request.level !== "expert") return engine.call(request);
  const p = rates();
  if (p.needsCalibration(game)) await calibrate(game);
  const budget = p.budget(game);
  if (budget === null) return engine.call(request);
  const started = performance.now();
  const answer = await engine.call({ ...request, budget });
  if (answer.ok && p.observed(game, answer.work, performance.now() - started, budget)) keep();
  return answer;
}

/** Calibrate `game` now if it needs it (the bench times this apart from the moves). */
export async function paceReady(game) {
  if (rates().needsCalibration(game)) await calibrate(game);
}
