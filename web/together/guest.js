// A guest at a table played together, a table source (web/table/source.js): the table is
// drawn from the views the host sends (this seat's only); a tap sends an action text, and
// the host's engine answers with the move (shown like any other) or a refusal for this guest
// alone. The guest decides nothing and stores nothing until the match is over: then the host
// sends the finished match file and it goes into this device's history. It has no match
// file while playing: the menu has no share or export, a hand no review (the defaults).
// "Play again" is the host's: its welcome to the next match comes on the same channel
// (onAgain). A watcher (WatcherSession) draws the public view the host sends: every seat's
// public part, no hand; it plays nothing and keeps nothing. docs/play-together.md.
import { t } from "../i18n.js";
import { toast } from "../ui.js";
import * as store from "../store.js";
import { TableSource, isOver } from "../table/source.js";
import { checkFromHost, msg, ProtocolError } from "./messages.js";

/** How long the guest waits for the host to answer an action before saying so. */
export const ANSWER_TIMEOUT_MS = 10_000;

export class GuestSession extends TableSource {
  /** `channel`: an open peer channel; `welcome`: the host's checked welcome message. */
  constructor(channel, welcome, { onLost = () => {}, onSeats = () => {}, onStored = () => {}, onFinished = () => {},
    onAgain = () => {} } = {}) {
    super(welcome.game);
    this.onRefused = (m) => { if (this.table) this.table.say(this.table.refusalText(m), "warn"); };
    this.channel = channel;
    this.tableId = welcome.table;
    this.seat = welcome.seat;
    this.players = welcome.players;
    this.seats = welcome.seats;
    this.n = welcome.n;               // the actions so far
    this.view = welcome.view;
    this.waiting = null;              // {resolve, action} of the person's action in flight
    this.summaries = [];
    this.finished = null;
    this.stored = null;
    this.onLost = onLost;
    this.onSeats = onSeats;
    this.onStored = onStored;
    this.onFinished = onFinished;   // the host sent the finished match
    this.onAgain = onAgain;         // the host's welcome to its next match (onAgain(welcome))
    this.handedOver = false;        // the channel went to the next match's session
    this.bad = 0;
    channel.onmessage = (m) => this.receive(m);
    channel.onbad = () => { this.bad += 1; };
    channel.onclose = (reason) => this.lost(reason);
  }

  /** What join.js gives the table as its record: this table's id and game, no match (the
   * host keeps the match file). */
  get record() { return { id: `together-${this.tableId}`, game: this.game }; }

  moves() { return this.n; }

  // (open: the welcome's view; run: the host's computer players move on the host)

  destroy() {
    super.destroy();
    if (this.handedOver) return;
    try { this.channel.close(); } catch { /* closed */ }
  }

  /** "Play again" is the host's to start: the next match comes here by itself. */
  playAgain() {
    if (this.table) this.table.say(t("together.again_by_host"));
    else toast(t("together.again_by_host"));
    return Promise.resolve(true);
  }

  seatNote(seat) {
    const s = this.seats[seat];
    if (!s || s.kind !== "person") return null;
    if (s.computer) return "computer";
    return s.live ? null : "away";
  }

  /** The person's action, sent to the host: resolves {ok: true} once the host's move comes
   * back, {ok: false, refusal} when the host refuses it. */
  act(action) {
    if (this.waiting || this.destroyed) return Promise.resolve({ ok: false, busy: true });
    try {
      this.channel.send(msg.act(this.n, action));
    } catch (err) {
      return Promise.resolve({ ok: false, refusal: { code: "not_connected", params: {}, error: String(err.code || err.message) } });
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.settle({ ok: false, refusal: { code: "no_answer", params: {}, error: "no answer from the host" } }),
        ANSWER_TIMEOUT_MS);
      this.waiting = { resolve, action, timer };
    });
  }

  settle(result) {
    const w = this.waiting;
    if (!w) return;
    this.waiting = null;
    clearTimeout(w.timer);
    w.resolve(result);
  }

  /** Why a dimmed card is not playable: the host's engine says it (the card is refused, so
   * nothing is played). */
  async why(action) {
    const res = await this.act(action);
    return res.ok ? null : res.refusal || null;
  }

  /** The finished hands, from the host. */
  summary() {
    return new Promise((resolve) => {
      try { this.channel.send(msg.askSummary()); } catch { resolve(null); return; }
      const timer = setTimeout(() => { this.summaries = this.summaries.filter((f) => f !== done); resolve(null); }, ANSWER_TIMEOUT_MS);
      const done = (s) => { clearTimeout(timer); resolve(s); };
      this.summaries.push(done);
    });
  }

  receive(raw) {
    let m;
    try {
      m = checkFromHost(raw, { seat: this.seat, players: this.players });
    } catch (err) {
      if (err instanceof ProtocolError) { this.bad += 1; return; }
      throw err;
    }
    switch (m.t) {
      case "welcome": if (m.seat === this.seat && m.players === this.players && m.game === this.game) this.again(m); else this.bad += 1; break;
      case "move": this.moved(m); break;
      case "refused": if (this.waiting) this.settle({ ok: false, refusal: m }); else this.onRefused(m); break;
      case "seats": this.seats = m.seats; this.onSeats(this.seats); if (this.table && this.view) this.table.render(this.view); break;
      case "summary": { const f = this.summaries.shift(); if (f) f(m.summary); break; }
      case "over": this.keep(m.match); break;
      case "bye": this.lost(m.reason); break;
      default: break;
    }
  }

  /** The host's next match at this table: the channel goes to a new session for it. */
  again(welcome) {
    if (this.destroyed) return;
    this.handedOver = true;
    this.settle({ ok: false, busy: true });
    this.onAgain(welcome);
  }

  moved(m) {
    const prev = this.view;
    this.view = m.view;
    this.n = m.n;
    const shown = this.queueStep({ seat: m.seat, action: m.action, prev, view: m.view });
    if (this.waiting && m.seat === this.seat) shown.then(() => this.settle({ ok: true }), () => this.settle({ ok: true }));
  }

  /** The finished match, kept in this device's history (once). */
  async keep(match) {
    if (this.stored || this.finished) return;
    this.finished = match;
    this.onFinished();
    const v = this.view;
    const over = isOver(v);
    try {
      this.stored = await store.addMatch({
        id: store.newId(), game: this.game, origin: "together", match, view: v, seat: this.seat,
        status: over ? "finished" : "playing",
        result: { score: v ? v.score : null, winner: over ? v.winner : null, side: v ? (v.side ?? this.seat % 2) : 0 },
      });
      this.onStored(this.stored);
    } catch (err) {
      console.warn("together: the finished match could not be stored", err);
    }
  }

  lost(reason) {
    if (this.destroyed) return;
    this.settle({ ok: false, refusal: { code: "not_connected", params: {}, error: String(reason) } });
    this.onLost(reason);
  }
}

/** A watcher: the host's public views (no hand), nothing to play, nothing kept. */
export class WatcherSession extends GuestSession {
  get record() { return { id: `watch-${this.tableId}`, game: this.game }; }

  act() { return Promise.resolve({ ok: false, busy: true }); }

  why() { return Promise.resolve(null); }

  keep() { /* a watcher keeps no match */ }
}
