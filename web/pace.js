// How much the expert may search at the table on this phone (docs/bots.md, "In time on a
// slow phone"). The engine has no clock: its search is capped by a number of work units
// (positions searched, deals drawn: the `bot` op's `budget`), the same decision for the
// same cap on every device. This is where the shell turns the phone's speed into that
// number: a calibration (the `calibrate` op, timed) gives each game's work units per
// millisecond, and a budget is what the phone does in TARGET_MS. Every paced move is
// timed again: a move that overran lowers the rate at once, the others move it slowly.
// Pure: no page, no storage, no engine here (web/bot-pace.js does those).

/** The format of the stored rates (a different one is calibrated again). */
export const PACE_FORMAT = 1;
/** What a capped decision aims at, in ms: the p95 bound is 400 ms and the slowest 1,000. */
export const TARGET_MS = 250;
/** A paced move slower than this is an overrun: the rate drops to what that move showed. */
export const OVERRUN_MS = 400;
/** The work of the timed calibration run (the warm-up before it is CALIBRATION_WARMUP). */
export const CALIBRATION_WORK = 20000;
export const CALIBRATION_WARMUP = 1;
/** A budget never goes below this (a few deals of the last tricks; the heuristic below it),
 * nor above MAX_BUDGET (the most the `bot` op takes: engine/api.py MAX_BUDGET). */
export const MIN_BUDGET = 2000;
export const MAX_BUDGET = 1e9;
/** How far one move that did not overrun moves the rate (an average that forgets slowly). */
export const DRIFT = 0.2;
/** A move tells the rate when it did at least this share of its budget (below, its time is
 * mostly the fixed costs of a move, which a smaller budget would not shorten). */
export const TELLING_SHARE = 0.5;

const positive = (x) => typeof x === "number" && Number.isFinite(x) && x > 0;

export class Pace {
  /** `saved`: what toJSON() gave (anything else, or nothing: every game calibrates). */
  constructor(saved) {
    this.rates = {};
    if (saved && typeof saved === "object" && saved.v === PACE_FORMAT && saved.rates &&
        typeof saved.rates === "object") {
      for (const [game, rate] of Object.entries(saved.rates)) if (positive(rate)) this.rates[game] = rate;
    }
  }

  /** Whether `game` needs its calibration run before its next paced move. */
  needsCalibration(game) { return !positive(this.rates[game]); }

  /** The calibration run: `work` units took `ms`. */
  calibrated(game, work, ms) {
    if (positive(work) && positive(ms)) this.rates[game] = work / ms;
  }

  /** The `budget` of the next paced move of `game` (null: calibrate first). */
  budget(game) {
    const rate = this.rates[game];
    if (!positive(rate)) return null;
    return Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, Math.floor(rate * TARGET_MS)));
  }

  /**
   * A paced move of `game` did `work` units in `ms` under `budget`. A move that used a
   * telling share of its budget (TELLING_SHARE) says what the phone does now: an overrun
   * (OVERRUN_MS) lowers the rate to what it showed, at once (the next move must be in
   * time); any other moves the rate by DRIFT. Returns whether the rate changed.
   */
  observed(game, work, ms, budget) {
    const rate = this.rates[game];
    if (!positive(rate) || !positive(ms) || !positive(work) || !positive(budget)) return false;
    if (work < TELLING_SHARE * budget) return false;
    const seen = work / ms;
    const next = ms > OVERRUN_MS ? Math.min(rate, seen) : rate + DRIFT * (seen - rate);
    if (!positive(next) || next === rate) return false;
    this.rates[game] = next;
    return true;
  }

  toJSON() { return { v: PACE_FORMAT, rates: { ...this.rates } }; }
}
