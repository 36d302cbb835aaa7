// One open match, the local table source (source.js): the engine, the stored record and the
// computer players. Every action is one worker call (`act` for the person, `bot` for a
// computer player: the engine chooses, applies and answers the person's view), then
// store.saveMatch, then the table's step() (which draws and announces it). Nothing here
// knows a rule: legality, views and computer moves all come from the engine.
import { engine } from "../engine.js";
import * as store from "../store.js";
import { t } from "../i18n.js";
import { toast, sleep } from "../ui.js";
import { engineText } from "../engine-text.js";
import { TableSource, DamagedMatch, isOver } from "./source.js";

export const SPEEDS = {
  slow: { bot: 1200, trick: 1800 },
  normal: { bot: 650, trick: 1100 },
  fast: { bot: 250, trick: 550 },
  instant: { bot: 0, trick: 120 },
};

export function speed() { return SPEEDS[store.getSettings().speed] || SPEEDS.normal; }

export function outcome(view) {
  const over = isOver(view);
  const side = view.side ?? view.seat % 2;   // the person's side: the score is read from it
  return { status: over ? "finished" : "playing", result: { score: view.score, winner: over ? view.winner : null, side } };
}

export class Session extends TableSource {
  /** `record`: the stored match; `table`: the table it drives (or later, through attach()). */
  constructor(record, table = null) {
    super(record.match.game);
    this.record = record;
    this.match = record.match;
    this.table = table;
    this.gen = 0;
    this.busy = false;
    this.runGen = -1;
    this.unsaved = false;
    this.level = (record.match.meta && record.match.meta.level) || null;
    // the person's seat: 0, or the seat a guest's stored copy of a match played together had
    this.seat = Number.isInteger(record.seat) ? record.seat : 0;
    this.mutex = Promise.resolve();   // engine calls that change the match, one at a time
    this.off = store.onChange((msg) => this._external(msg));
  }

  /** The seats whose views an action's answer carries (the first: this device's person). */
  viewers() { return [this.seat]; }

  /** Who moves for `seat`: "person" (here), "bot" (a computer player, driven by run()) or
   * "remote" (someone else's device: the session waits for it). */
  mover(seat) { return seat === this.seat ? "person" : "bot"; }

  /**
   * Whether the computer players' search is paced to this phone (web/bot-pace.js): not at
   * the daily deal's or a challenge's table, where everyone meets the same opponents (the
   * full deterministic budget: the same moves on every phone, docs/bots.md).
   */
  paced() { return !this.single(); }

  /** The worker call that moves `seat`'s computer player: an expert's paced to this phone
   * (web/bot-pace.js, loaded with the first paced move: no bytes on a first visit). */
  async botCall(seat) {
    const req = this.botRequest(seat);
    if (req.level !== "expert" || !this.paced()) return engine.call(req);
    const { botCall } = await import("../bot-pace.js");
    return botCall(req, this.match.game);
  }

  /** The worker request that moves `seat`'s computer player: the `bot` op at the match's
   * level (a lesson's source answers with its scripted replies: web/lessons/source.js). */
  botRequest(seat) {
    return { op: "bot", match: this.match, seat, level: this.level || undefined, viewers: this.viewers() };
  }

  /** Called once an action is stored, before the table shows it (a host tells its guests). */
  committed(answer, seat) { void answer; void seat; }

  /** `fn` once every earlier match-changing call has finished (each sees the latest match). */
  exclusive(fn) {
    const run = this.mutex.then(fn);
    this.mutex = run.catch(() => {});
    return run;
  }

  async open() {
    await engine.ready;
    const ans = await engine.call({ op: "view", match: this.match, seat: this.seat });
    if (!ans.ok) throw new DamagedMatch(engineText(ans));
    this.view = ans.view;
    return this.view;
  }

  destroy() { super.destroy(); this.gen++; if (this.off) this.off(); }

  // ---------------------------------------------------------------- the match (source.js)
  moves() { return this.match.actions.length; }

  matchId() { return this.record.id || null; }

  file() { return { match: this.match, record: this.record }; }

  /** A new match with the same rules and computer players' level (a new seed). */
  nextMatch() { return { game: this.match.game, rules: this.match.rules, level: this.level || undefined }; }

  /** A match of the person against computer players, stored here (not with friends, not a
   * daily deal or a challenge): a finished hand offers its review and a challenge. */
  offersReview() {
    const m = (this.match && this.match.meta) || {};
    return !!this.matchId() && !m.together && !this.single();
  }

  /** Hint and take-back as switched on for this match (meta.assist): never at a table with
   * friends, in a daily deal or a challenge (docs/match-format.md). */
  assists() {
    const m = (this.match && this.match.meta) || {};
    if (m.together || m.daily || m.challenge) return { hint: false, takeback: false };
    const a = m.assist && typeof m.assist === "object" ? m.assist : {};
    return { hint: a.hint === true, takeback: a.takeback === true };
  }

  /** A daily deal or a challenge: one deal (the match's first hand, or a later hand's
   * challenge's hand after the hands before it), then its result. */
  single() {
    const m = (this.match && this.match.meta) || {};
    return !!(m.daily || m.challenge);
  }

  /** Is the one deal of a daily deal or a challenge over in `view` (its result is next)? */
  singleOver(view) {
    if (!this.single() || !view) return false;
    const c = (this.match.meta || {}).challenge;
    const hand = c && Number.isInteger(c.hand) && c.hand >= 1 ? c.hand : 1;
    return view.hands_played >= hand;
  }

  /** The expert's choice for the person now (the `hint` op), written in meta.hints:
   * [{action: index of the decision, choice, gap}]. Null when not offered or not now. */
  async hint() {
    if (!this.assists().hint || this.busy || !this.myTurn) return null;
    return this.exclusive(async () => {
      if (!this.myTurn) return null;
      const ans = await engine.call({ op: "hint", match: this.match, seat: this.seat });
      if (!ans.ok) return ans;
      const meta = { ...(this.match.meta || {}) };
      meta.hints = [...(Array.isArray(meta.hints) ? meta.hints : []),
        { action: this.match.actions.length, choice: ans.choice, gap: ans.gap }];
      this.match = { ...this.match, meta };
      await this._save(this.view);
      return ans;
    });
  }

  /** Back to the person's previous decision (the `takeback` op: the computer players' moves
   * after it go too), written in meta.takebacks: [{from: actions before, to: actions after}].
   * Only on the person's turn (the computer players are idle). */
  async takeBack() {
    if (!this.assists().takeback || this.busy || !this.myTurn) return null;
    this.busy = true;
    try {
      return await this.exclusive(async () => {
        const ans = await engine.call({ op: "takeback", match: this.match, seat: this.seat });
        if (!ans.ok) return ans;
        const meta = { ...(ans.match.meta || {}) };
        meta.takebacks = [...(Array.isArray(meta.takebacks) ? meta.takebacks : []),
          { from: this.match.actions.length, to: ans.index }];
        this.gen++;                    // what was shown of the undone moves is over
        this.steps = Promise.resolve();
        this.match = { ...ans.match, meta };
        this.view = ans.view;
        await this._save(ans.view);
        this.table.render(ans.view);
        this.run();
        return ans;
      });
    } finally {
      this.busy = false;
    }
  }

  get myTurn() { return this.view && this.view.turn === this.seat; }

  /** The person tries `action`: one `act` call. Resolves {ok} or {ok: false, refusal} (the
   * engine's answer: code, params, English error) once the table has shown it. */
  async act(action) {
    if (this.busy || !this.view) return { ok: false, busy: true };
    this.busy = true;
    try {
      const res = await this.actFor(this.seat, action);
      if (res.ok) await res.shown;
      return res;
    } finally {
      this.busy = false;
    }
  }

  /** `seat` plays `action` (the person here, or a guest at a host): one `act` call, stored.
   * Resolves {ok, shown} (shown: the table has shown it) or {ok: false, refusal}; with `n`
   * (the actions the player had seen), {ok: false, stale: true} if the match has moved on. */
  actFor(seat, action, { n = null } = {}) {
    const gen = this.gen;
    return this.exclusive(async () => {
      if (gen !== this.gen || !this.view) return { ok: false, busy: true };
      if (n !== null && n !== this.match.actions.length) return { ok: false, stale: true };
      const ans = await engine.call({ op: "act", match: this.match, seat, action, viewers: this.viewers() });
      if (gen !== this.gen) return { ok: false, busy: true };
      if (!ans.ok) return { ok: false, refusal: ans };
      try {
        return { ok: true, shown: await this._commit(ans, seat, gen) };
      } catch (err) {
        if (err instanceof store.ConflictError) return { ok: false, busy: true };
        throw err;
      }
    });
  }

  /** Every hand of the match so far (the engine's `summary` op), or null. */
  async summary() {
    await engine.ready;
    const ans = await engine.call({ op: "summary", match: this.match });
    return ans.ok ? ans.summary : null;
  }

  /** Why the person may not play `action` now (the engine's explain answer: code, params,
   * reason), or null when it is legal. The match is unchanged. */
  async why(action) {
    const ex = await engine.call({ op: "explain", match: this.match, seat: this.seat, action });
    if (!ex.ok) return ex;
    return ex.legal ? null : ex;
  }

  /** `view` is the person's view after `action` of `seat` (the engine answered it with the
   * action: one call per move). Stores it, tells `committed`, and queues the table's step;
   * resolves with a promise of that step. */
  async _commit(answer, seat, gen) {
    const prev = this.view;
    const view = answer.views[0];
    if (gen !== this.gen) return null;
    this.match = answer.match;
    this.view = view;
    // a hand has ended: its result is due until the person has closed it (a reload while it
    // is on screen shows it again: resultDue, docs/app.md)
    await this._save(view, this.resultComes(prev, view) ? { resultDue: view.hands_played } : {});
    if (gen !== this.gen) return null;
    this.committed(answer, seat);
    return this.queueStep({ seat, action: answer.action, prev, view }, () => gen === this.gen);
  }

  /** Does `view` end a hand whose result dialog the table shows at the table (not the last
   * hand, which ends on the final screen; not a daily deal or a challenge, whose result is a
   * page of its own; not a table with friends, whose host waits for nobody on a reload)? */
  resultComes(prev, view) {
    const m = (this.match && this.match.meta) || {};
    return !!(prev && view && view.last_hand && view.hands_played > prev.hands_played &&
      !isOver(view) && !this.single() && !m.together);
  }

  /** The result of hand `hand` is due (stored when the hand ended, not yet closed). */
  resultDue(view) {
    return !!(view && view.last_hand && this.record.resultDue === view.hands_played &&
      view.last_hand.hand === view.hands_played && !isOver(view));
  }

  /** The person has closed hand `hand`'s result: no longer due. Not through exclusive():
   * the result is shown inside the step of the action that ended the hand, whose call holds
   * the mutex until the table has shown it; nothing else writes meanwhile. */
  async resultSeen(hand) {
    if (this.record.resultDue !== hand) return;
    try {
      this.record = await store.saveMatch(this.record, this.match, { resultDue: null });
    } catch (err) {
      // another tab moved on (this one follows its record); a failed write only means the
      // result is shown once more on the next visit
      if (!(err instanceof store.ConflictError)) console.warn("resultDue:", err);
    }
  }

  async _save(view, more = {}) {
    try {
      this.record = await store.saveMatch(this.record, this.match, { ...outcome(view), view, ...more });
      if (this.unsaved) toast(t("store.saved_again"));
      this.unsaved = false;
    } catch (err) {
      if (err instanceof store.ConflictError) {
        await this.reloadFrom(err.stored);
        toast(t("store.conflict"), { kind: "warn" });
        throw err;
      }
      this.unsaved = true;
      toast(err.quota ? t("store.quota") : t("store.write_failed", { error: err.message }), { kind: "error", ms: 6000 });
    }
  }

  async _external(msg) {
    if (msg.id !== this.record.id) return;
    if (msg.type === "deleted") {
      this.gen++;
      toast(t("store.deleted_elsewhere"), { kind: "warn" });
      location.hash = "#/";
      return;
    }
    if (msg.type === "saved" && msg.rev > this.record.rev) {
      const rec = await store.getMatch(this.record.id);
      if (rec && rec.rev > this.record.rev) {
        await this.reloadFrom(rec);
        toast(t("store.updated_elsewhere"));
      }
    }
  }

  async reloadFrom(rec) {
    this.gen++;
    this.record = rec;
    this.match = rec.match;
    await this.open();
    this.table.render(this.view);
    this.run();
  }

  /**
   * Let the computer players move until it is the person's turn or the match ends.
   * With the match open in several tabs, one tab at a time drives the computer players
   * (a Web Lock per match); the others follow its writes.
   */
  async run() {
    if (this.runGen === this.gen) { this.again = true; return; }   // (the running loop looks again)
    const gen = this.gen;
    this.runGen = gen;
    this.again = false;
    const body = async () => {
      if (gen !== this.gen) return;
      await this._catchUp(gen);
      await this._loop(gen);
    };
    try {
      if (navigator.locks && navigator.locks.request) {
        await navigator.locks.request(`tapete-bots-${this.record.id}`, body);
      } else {
        await body();
      }
    } catch (err) {
      if (!(err instanceof store.ConflictError)) throw err;
    } finally {
      if (this.runGen === gen) this.runGen = -1;
      if (gen === this.gen) this.table.thinking(null);
      if (gen === this.gen && this.again) this.run();
    }
  }

  async _catchUp(gen) {
    // another tab may have moved on while this one waited for the lock
    let rec = null;
    try { rec = await store.getMatch(this.record.id); } catch { return; }
    if (gen !== this.gen || !rec || store.recordProblem(rec) || rec.rev <= this.record.rev) return;
    this.record = rec;
    this.match = rec.match;
    await this.open();
    if (gen === this.gen) this.table.render(this.view);
  }

  async _loop(gen) {
    for (;;) {
      await this.steps;            // the table has shown every action so far
      const view = this.view;
      if (gen !== this.gen || !view || view.turn < 0 || isOver(view) ||
          this.mover(view.turn) !== "bot") return;
      if (this.singleOver(view)) return;   // one deal: its result is next
      const seat = view.turn;
      this.table.thinking(seat);
      const started = performance.now();
      const shown = await this.exclusive(async () => {
        if (gen !== this.gen || this.view.turn !== seat) return null;
        // one call: the computer player chooses, the engine applies it and answers the views
        const b = await this.botCall(seat);
        if (gen !== this.gen) return null;
        if (!b.ok) { toast(engineText(b), { kind: "error" }); return false; }
        const wait = speed().bot - (performance.now() - started);
        if (wait > 0) await sleep(wait);
        if (gen !== this.gen) return null;
        this.table.thinking(null);   // it has chosen: what follows (a trick, a dialog) is not thinking
        return this._commit(b, seat, gen);
      });
      if (shown === false || shown === null) return;
      await shown;
    }
  }
}
