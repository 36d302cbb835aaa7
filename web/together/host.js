// The host of a table played together: its engine is the only authority. The match is an
// ordinary stored match (every action in IndexedDB) whose meta says which seats are people
// on other phones ("person"), computer players ("bot") and the host ("host", seat 0):
// meta.together = {seats: ["host", "person", "bot", "person"]}.
//
// HostSession is the local Session (one worker call per move, stored, shown) plus the
// guests: after every action each connected guest gets its own seat's view (never another
// seat's cards) and the action; a guest's action is checked by the engine for the guest's
// seat only, and a refusal goes to that guest alone. A guest who leaves is shown as away;
// the table waits for that seat unless the host lets a computer player take it, and the
// person takes it back by joining again. docs/play-together.md.
import { engine } from "../engine.js";
import { t } from "../i18n.js";
import { Session } from "../table/session.js";
import { isOver } from "../table/source.js";
import { Host, PeerError } from "./peer.js";
import { checkFromGuest, msg, RateLimit, MAX_FROM_GUEST } from "./protocol.js";

export const KINDS = ["host", "person", "bot"];

/** The seats of a stored match played together, or null for an ordinary match. */
export function togetherSeats(record) {
  const meta = record && record.match && record.match.meta;
  const seats = meta && meta.together && meta.together.seats;
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > 4 || seats[0] !== "host" ||
      !seats.every((k) => KINDS.includes(k)) || seats.slice(1).includes("host")) return null;
  return seats;
}

export class HostSession extends Session {
  constructor(record, table) {
    super(record, table);
    this.kinds = togetherSeats(record) || ["host"];
    this.peer = new Host();
    this.guests = new Map();       // seat -> {channel, limit, warned}
    this.computer = new Set();     // person seats a computer player plays for now
    this.listeners = new Set();    // the seats panel
    this.closed = false;
  }

  // ---------------------------------------------------------------- who plays
  viewers() { return [this.seat, ...[...this.guests.keys()].sort()]; }

  mover(seat) {
    if (seat === this.seat) return "person";
    if (this.kinds[seat] === "person" && !this.computer.has(seat)) return "remote";
    return "bot";
  }

  /** Every seat: {seat, kind, live, computer} (sent to the guests, drawn by the panel). */
  seatList() {
    return this.kinds.map((kind, seat) => ({
      seat, kind, live: kind === "host" || this.guests.has(seat), computer: this.computer.has(seat) }));
  }

  /** A seat's note for the table: "away" (a friend not connected), "computer" (a computer
   * plays a friend's seat for now), or null. */
  seatNote(seat) {
    if (this.kinds[seat] !== "person") return null;
    if (this.computer.has(seat)) return "computer";
    return this.guests.has(seat) ? null : "away";
  }

  /** A friend's seat whose friend is not connected: a computer player may take it. */
  mayLetComputerPlay(seat) { return this.seatNote(seat) === "away"; }

  /** Friend seats waiting for their person. */
  away() { return this.seatList().filter((s) => s.kind === "person" && !s.live).map((s) => s.seat); }

  get over() { return isOver(this.view); }

  onChange(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  changed() {
    for (const fn of this.listeners) { try { fn(); } catch (err) { console.error(err); } }
    const seats = msg.seats(this.seatList());
    for (const [, g] of this.guests) this.sendTo(g, seats);
    if (this.table && this.view) this.table.render(this.view);
  }

  // ---------------------------------------------------------------- joining
  /** The offer code to show for `seat` (the same while it waits for its answer). */
  offer(seat, options) {
    if (this.kinds[seat] !== "person") throw new Error(`seat ${seat} is not a friend's seat`);
    return this.peer.createOffer(seat, options);
  }

  /** Uses a guest's answer code: resolves with the seat once its person is at the table. */
  async accept(answer) {
    const info = Host.peek(answer);                       // CodeError: the text
    if (this.kinds[info.seat] !== "person") throw new PeerError("no_offer", `seat ${info.seat} is not a friend's seat`);
    if (this.guests.has(info.seat)) throw new PeerError("seat_taken", `seat ${info.seat} is taken`);
    const channel = await this.peer.acceptAnswer(answer);  // PeerError: wrong_table, no_offer, timeout…
    await this.join(info.seat, channel);
    return info.seat;
  }

  /** Seats `channel`'s person at `seat`: the welcome (its view, the seats), then every move. */
  join(seat, channel) {
    return this.exclusive(async () => {
      const ans = await engine.call({ op: "view", match: this.match, seat });
      if (!ans.ok) { channel.close(); return; }
      const guest = { channel, seat, limit: new RateLimit(), warned: 0 };
      channel.onmessage = (m) => this.receive(guest, m);
      channel.onbad = (reason) => this.refuse(guest, "", "bad_message", { reason }, `dropped: ${reason}`);
      channel.onclose = () => this.leave(seat, channel);
      this.guests.set(seat, guest);
      this.computer.delete(seat);                         // the person takes the seat back
      this.sendTo(guest, msg.welcome({ table: this.peer.table, seat, game: this.match.game, players: this.kinds.length,
        seats: this.seatList(), n: this.match.actions.length, view: ans.view }));
      if (this.over) this.sendTo(guest, msg.over(this.match));
    }).then(() => { this.changed(); this.run(); });
  }

  leave(seat, channel) {
    const g = this.guests.get(seat);
    if (!g || g.channel !== channel) return;
    this.guests.delete(seat);
    this.changed();
  }

  /** Lets a computer player take a friend's seat until the friend joins again. */
  letComputerPlay(seat) {
    if (this.kinds[seat] !== "person" || this.guests.has(seat)) return;
    this.computer.add(seat);
    this.changed();
    this.run();
  }

  // ---------------------------------------------------------------- messages
  sendTo(guest, message) {
    try {
      guest.channel.send(message);
    } catch (err) {
      console.warn("together: send to seat", guest.seat, err.code || err.message);
    }
  }

  refuse(guest, action, code, params, error) {
    this.sendTo(guest, msg.refused(this.match.actions.length, String(action || "").slice(0, 60), code, params, error));
  }

  async receive(guest, m) {
    if (this.guests.get(guest.seat) !== guest) return;
    if (!guest.limit.take()) {
      const now = performance.now();
      if (now - guest.warned > 1000) {        // a flood: dropped, said once a second
        guest.warned = now;
        this.refuse(guest, "", "flood", {}, "too many messages: slow down");
      }
      return;
    }
    let text = "";
    try { text = JSON.stringify(m); } catch { /* not JSON: checked below */ }
    if (text.length > MAX_FROM_GUEST) { this.refuse(guest, "", "bad_message", { reason: "too_big" }, "message too long"); return; }
    let q;
    try {
      q = checkFromGuest(m);
    } catch (err) {
      this.refuse(guest, "", "bad_message", { reason: err.code }, `not a message of this table: ${err.code}`);
      return;
    }
    if (q.t === "summary") {
      const ans = await this.summary().catch(() => null);
      if (ans) this.sendTo(guest, msg.summary(ans));
      return;
    }
    // an action for the guest's own seat (never another's: the seat is the channel's)
    const res = await this.actFor(guest.seat, q.action, { n: q.n });
    if (res.ok) { this.run(); return; }
    if (res.stale) { this.refuse(guest, q.action, "stale", {}, "the table moved on"); return; }
    if (res.refusal) {
      const r = res.refusal;
      this.refuse(guest, q.action, r.code || "bad_action", r.params || {}, r.error || "");
    }
  }

  /** After every action: each guest its own view and the action; at the end, the match. */
  committed(answer, seat) {
    const n = answer.match.actions.length;
    const views = new Map(answer.views.map((v) => [v.seat, v]));
    for (const [s, guest] of this.guests) {
      const view = views.get(s);
      if (view) this.sendTo(guest, msg.move(n, seat, answer.action, view));
    }
    if (answer.turn === -1) for (const [, guest] of this.guests) this.sendTo(guest, msg.over(answer.match));
  }

  // ---------------------------------------------------------------- the table's menu
  menuEntries() {
    return [{ label: t("together.seats"), value: "seats", run: () => this.openPanel() }];
  }

  async openPanel() {
    const { openSeatsPanel } = await import("./panel.js");
    return openSeatsPanel(this);
  }

  destroy() {
    super.destroy();
    this.closed = true;
    for (const [, g] of this.guests) this.sendTo(g, msg.bye("left"));
    this.peer.close();
    this.guests.clear();
  }
}
