// A lesson's table source (table/source.js): the local match (Session: the engine in the
// worker decides every legal move, view and computer move) on the lesson's explicit deal,
// rules and `before` actions, with the lesson's steps on top (steps.js): the other seats
// answer with the step's scripted replies (the engine's `act`), else with the computer player
// of the lesson's level (`bot`); a move that is not the one the step asks is not played, and
// the person hears why (the engine's refusal when it is illegal, the lesson's hint when it is
// legal) and tries again. A lesson is not a stored match: nothing goes to IndexedDB.
import { engine } from "../engine.js";
import { t } from "../i18n.js";
import { engineText } from "../engine-text.js";
import { Session } from "../table/session.js";
import { Steps } from "./steps.js";

/** A lesson that the engine does not accept (a damaged file): the screen says so. */
export class LessonError extends Error {
  constructor(message) { super(message); this.name = "LessonError"; }
}

/** The match file of `lesson` of `game` (docs/lessons.md): its rules, seed and explicit deals,
 * the first dealer, and the actions played before the lesson starts. */
export function lessonMatch(game, lesson) {
  const m = { format: "tapete-match", version: 1, game, rules: lesson.rules || {}, seed: lesson.seed,
    deals: lesson.deals, meta: { lesson: lesson.id }, actions: [...(lesson.before || [])] };
  if (Number.isInteger(lesson.first_dealer)) m.first_dealer = lesson.first_dealer;
  return m;
}

export class LessonSource extends Session {
  /** `hooks`: {step(index), done(result)} (the lesson screen's coach), both optional. */
  constructor(game, lesson, hooks = {}) {
    const seat = Number.isInteger(lesson.seat) ? lesson.seat : 0;
    super({ id: null, game, match: lessonMatch(game, lesson), seat });
    this.lesson = lesson;
    this.level = lesson.level || "novice";
    this.plan = new Steps(lesson, seat);
    this.hooks = hooks;
    this.started = false;
    this.celebrated = false;
  }

  async open() {
    await engine.ready;
    const ans = await engine.call({ op: "view", match: this.match, seat: this.seat });
    if (!ans.ok) throw new LessonError(engineText(ans));
    this.view = ans.view;
    this.plan.begin(ans.view);
    return this.view;
  }

  /** The other seats move once the person has read the lesson's introduction. */
  start() {
    this.started = true;
    this.run();
  }

  run() { return this.started ? super.run() : undefined; }

  // ------------------------------------------------------------ the lesson's own rules of play
  mover(seat) {
    if (seat === this.seat) return "person";
    return this.plan.done ? "remote" : "bot";    // the lesson is over: nobody moves on
  }

  botRequest(seat) {
    const reply = this.plan.nextReply();
    if (reply === null) return super.botRequest(seat);
    return { op: "act", match: this.match, seat, action: reply, viewers: this.viewers() };
  }

  /** The person's move: the lesson's (or a free move) is played; another is not, and is
   * answered with why: the engine's refusal if it is illegal, else the step's hint. */
  async act(action) {
    const verdict = this.plan.judge(action);
    if (verdict === "done") return { ok: false, busy: true };
    if (verdict === "other") {
      if (this.busy) return { ok: false, busy: true };
      const why = await super.why(action);
      this.plan.mistake();
      const hint = this.plan.step().hint;
      return { ok: false, refusal: why || { code: null, error: hint ? t(hint) : t("lessons.not_this") } };
    }
    return super.act(action);
  }

  /** A card the table shows as not playable was tapped: the engine's reason, a mistake. */
  async why(action) {
    const refusal = await super.why(action);
    if (refusal && !this.plan.done) this.plan.mistake();
    return refusal;
  }

  /** Every action, the person's and the others': the steps move on (steps.js). */
  committed(answer, seat) {
    const before = this.plan.index;
    const ended = this.plan.after(seat, answer.views[0]);
    if (ended) this.ending = true;
    else if (this.plan.index !== before && this.hooks.step) this.hooks.step(this.plan.index);
  }

  queueStep(event, live) {
    const shown = super.queueStep(event, live);
    if (this.ending && !this.celebrated) {
      this.celebrated = true;
      // the lesson's end once the table has shown its last action (a trick, a hand's result)
      shown.then(() => {
        if (!this.destroyed && this.hooks.done) this.hooks.done({ mistakes: this.plan.mistakes, view: this.view });
      });
    }
    return shown;
  }

  // ------------------------------------------------------------ not a stored match
  _save() { return Promise.resolve(); }
  matchId() { return null; }
  file() { return null; }
  offersReview() { return false; }
  nextMatch() { return { game: this.game }; }

  menuEntries() {
    return this.hooks.menu ? this.hooks.menu() : [];
  }
}
