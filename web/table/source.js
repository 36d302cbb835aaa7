// A table's source: where the views a table draws come from and where the person's actions
// go. The table (TableBase, base.js) talks to every kind of table through this one interface
// and calls each method without asking whether it is there: every method has its default
// here, so a new kind of source is a small subclass that overrides what it does otherwise.
//
// The sources: a local match (Session, session.js: the engine in the worker, the stored
// record, the computer players); the host of a table played together (HostSession, a Session
// that also serves its guests: together/host.js); a guest at one (GuestSession: the host's
// views in, actions out: together/guest.js); a replay (screens/replay.js: views only).
//
// The source drives the table through `this.table` (given by attach()):
//   table.step({seat, action, prev, view})  one action to show (through queueStep(): in
//                                           order, one at a time)
//   table.render(view)     the view changed otherwise (a take-back, another tab, the seats)
//   table.thinking(seat)   a computer player is choosing (null: nobody)
//   table.hurry()          more actions wait to be shown: cut the current pause short
//   table.say(text, kind)  a line on the table's announcement line

/** The person's match could not be opened (its record is damaged): the table shows the
 * damaged-match screen instead (open() throws it). */
export class DamagedMatch extends Error {
  constructor(message) { super(message); this.name = "DamagedMatch"; }
}

/** Is the match of `view` over (a winner)? */
export const isOver = (view) => !!view && view.winner !== null && view.winner !== undefined;

export class TableSource {
  /** `game`: the game's id ("cuatrola", "cuarenta"): the table's help page, "play again". */
  constructor(game) {
    this.game = game;
    this.table = null;
    this.view = null;                 // the person's latest view
    this.destroyed = false;
    this.steps = Promise.resolve();   // the table's steps, in the order the actions happened
    this.queued = 0;                  // actions handed to the table, not yet shown (the one shown included)
  }

  // ---------------------------------------------------------------- life
  /** The table this source drives (TableBase's constructor calls it); returns the source. */
  attach(table) { this.table = table; return this; }

  /** The person's view to start from. Default: the view the source was given. A stored
   * match that cannot be opened rejects with DamagedMatch. */
  open() { return Promise.resolve(this.view); }

  /** Let the others play until it is the person's turn (the computer players of a local
   * match or of a host). Default: nobody else moves here. */
  run() {}

  /** The table is gone: stop (no more steps, close what is open). */
  destroy() { this.destroyed = true; }

  // ---------------------------------------------------------------- the person's actions
  /** The person plays `action`. Resolves {ok: true} once the table has shown it, or
   * {ok: false, refusal} (the engine's answer: code, params, error), or {ok: false, busy}
   * (not now). Default: nothing can be played here. */
  act(action) { void action; return Promise.resolve({ ok: false, busy: true }); }

  /** Why the person may not play `action` now (a refusal: code, params), or null when it is
   * legal or nobody can say. Nothing is played. Default: null. */
  why(action) { void action; return Promise.resolve(null); }

  // ---------------------------------------------------------------- showing actions
  /** Hand one action to the table to show, after the ones before it; `live()` says whether it
   * should still be shown when its turn comes. Resolves once the table has shown it. */
  queueStep(event, live = () => true) {
    this.queued += 1;
    if (this.queued > 1 && this.table) this.table.hurry();   // the table is still showing an earlier action
    const shown = this.steps.then(() => (this.table && !this.destroyed && live() ? this.table.step(event) : null))
      .finally(() => { this.queued -= 1; });
    this.steps = shown.catch(() => {});
    return shown;
  }

  /** Actions waiting to be shown after the one being shown (the table's pauses are cut short
   * while there are any). */
  behind() { return Math.max(0, this.queued - 1); }

  // ---------------------------------------------------------------- the match
  /** The actions of the match so far (the table's data-moves). Default: 0. */
  moves() { return 0; }

  /** The stored match's id (its result page, review, challenge), or null: this device
   * stores none. Default: null. */
  matchId() { return null; }

  /** This device's copy of the match for the menu's share and export: {match, record}, or
   * null (then the menu leaves them out). Default: null. */
  file() { return null; }

  /** What "Play again" starts (startMatch's {game, rules, level}). Default: a new match of
   * the same game with the engine's default rules and level. */
  nextMatch() { return { game: this.game }; }

  /** "Play again", when the source does it itself: resolves true once it has (the host of a
   * table played together starts the next match with the same friends seated; a guest waits
   * for it), false to let the table start nextMatch(). Default: false. */
  playAgain() { return Promise.resolve(false); }

  /** The person's score sheet: every finished hand (the engine's `summary`), or null.
   * Default: null (no hands to show). */
  summary() { return Promise.resolve(null); }

  /** One deal and then its result page (a daily deal, a challenge)? Default: false. */
  single() { return false; }

  /** Is that one deal over in `view` (the table goes to its result page)? Default: false. */
  singleOver(view) { void view; return false; }

  /** Does a finished hand offer its review and a challenge on it (a stored match of the
   * person against computer players)? Default: false. */
  offersReview() { return false; }

  /** Was the result of `view`'s last hand on screen, not yet closed, when the table was last
   * left (a reload shows it again)? Default: false. */
  resultDue(view) { void view; return false; }

  /** The person has closed the result of hand `hand`. Default: nothing to remember. */
  resultSeen(hand) { void hand; return Promise.resolve(); }

  // ---------------------------------------------------------------- learning aids
  /** Hint and take-back, when switched on for this match. Default: neither. */
  assists() { return { hint: false, takeback: false }; }

  /** The expert's choice for the person now (the engine's hint answer), or null: not now. */
  hint() { return Promise.resolve(null); }

  /** Back to the person's previous decision (the engine's answer), or null: not now. */
  takeBack() { return Promise.resolve(null); }

  // ---------------------------------------------------------------- the seats
  /** A note on a seat's player: "away" (a friend not connected), "computer" (a computer
   * player holds a friend's seat for now), or null. Default: null. */
  seatNote(seat) { void seat; return null; }

  /** May the person let a computer player take `seat` (a friend's seat whose friend is
   * away)? Default: false. */
  mayLetComputerPlay(seat) { void seat; return false; }

  /** A computer player takes `seat` until its friend joins again. Default: nothing. */
  letComputerPlay(seat) { void seat; }

  /** Entries of this source's own in the table's menu: [{label, value, run}]. Default: none. */
  menuEntries() { return []; }
}
