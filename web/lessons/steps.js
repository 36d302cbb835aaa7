// The steps of a lesson (docs/lessons.md): which step is on, what the person is asked, the
// scripted replies still due, the tries that were not the lesson's, and when a step's success
// test holds. Nothing here decides a rule: every view comes from the engine, and what is legal
// is the engine's (the source asks it before a move is judged). tests/engine/lesson_runner.py
// plays the same steps in CPython.

/** Whether the success test `until` holds in `view` (the person's), `start` being the person's
 * view just before their first move of the step. A match that is over ends any step (nothing
 * more can happen), but a claim. */
export function holds(until, start, view, seat) {
  if (view.winner !== null && view.winner !== undefined && until !== "claim") return true;
  switch (until) {
    case "move": return true;
    case "trick": return view.hands_played > start.hands_played || view.tricks.length > start.tricks.length;
    case "deal": return view.hands_played > start.hands_played || view.deal_no !== start.deal_no;
    case "hand": return view.hands_played > start.hands_played;
    case "match": return view.winner !== null && view.winner !== undefined;
    case "claim": return view.phase === "claim" && view.turn === seat;
    default: return true;   // (an unknown test: the step ends rather than hangs; test_lessons refuses it)
  }
}

/** Stars for a lesson played with `mistakes` tries that were not the lesson's: 3, 2 or 1. */
export function starsFor(mistakes) {
  return Math.max(1, 3 - Math.min(2, mistakes));
}

export class Steps {
  /** `lesson`: one lesson of a lesson file; `seat`: the person's. */
  constructor(lesson, seat) {
    this.lesson = lesson;
    this.seat = seat;
    this.index = 0;            // the step on
    this.moved = 0;            // the person's moves in this step
    this.start = null;         // the person's view before their first move of this step
    this.last = null;          // the person's latest view
    this.mistakes = 0;
    this.done = false;
    this.replies = [...(this.step().replies || [])];
  }

  step() { return this.lesson.steps[this.index]; }
  count() { return this.lesson.steps.length; }

  /** The view the lesson starts from (the match with its `before` actions). */
  begin(view) { this.last = view; }

  /** Is the person's next move the first of the step, with expected actions? */
  asks() {
    const s = this.step();
    return !this.done && this.moved === 0 && Array.isArray(s.expect);
  }

  /** May the person play `action` now? "play" (the lesson's, or a free move), "other" (not
   * what the step asks: a mistake, not played), "done" (the lesson is over). */
  judge(action) {
    if (this.done) return "done";
    return this.asks() && !this.step().expect.includes(action) ? "other" : "play";
  }

  /** The next scripted reply of the other seats, or null (then the computer player of the
   * lesson's level moves). */
  nextReply() { return this.done || !this.replies.length ? null : this.replies.shift(); }

  mistake() { this.mistakes += 1; }

  /** `seat` acted and the person's view is now `view`: the step ends when its test holds.
   * Returns true when this action ended the lesson. */
  after(seat, view) {
    if (this.done) return false;
    if (seat === this.seat) {
      if (this.moved === 0) this.start = this.last;
      this.moved += 1;
    }
    this.last = view;
    const over = view.winner !== null && view.winner !== undefined;
    if (this.moved === 0 && !over) return false;
    if (!holds(this.step().until || "move", this.start || view, view, this.seat)) return false;
    if (this.index + 1 >= this.count() || over) {
      this.done = true;
      return true;
    }
    this.index += 1;
    this.moved = 0;
    this.start = null;
    this.replies = [...(this.step().replies || [])];
    return false;
  }

  /** The cards and controls to mark now: the step's highlights until the person's first move. */
  marks() { return this.done || this.moved ? [] : this.step().highlight || []; }
}
