// The host of a table played together: its engine is the only authority. The match is an
// ordinary stored match (every action in IndexedDB) whose meta says which seats are people
// on other phones ("person"), computer players ("bot") and the host ("host", seat 0):
// meta.together = {seats: ["host", "person", "bot", "person"]}.
//
// HostSession is the local Session (one worker call per move, stored, shown) plus the
// guests: after every action each connected guest gets its own seat's view (never another
// seat's cards) and the action, each watcher the public view (no hand); a guest's action is
// checked by the engine for the guest's seat only, and a refusal goes to that guest alone. A
// guest who leaves is shown as away; the table waits for that seat unless the host lets a
// computer player take it, and the person takes it back by joining again.
//
// Every friend's seat and every watcher comes in by an invitation (invite.js): the offer code
// of a slot (a seat, or WATCH_BASE + n for a watcher) and a seat key. An answer is refused
// unless it was made with the key of the slot's latest invitation (altered, stale, reused);
// once the channel is open the phone must show the key (protocol "hello") or it is not
// seated. "Play again" starts the next match with the same friends seated: the connections
// go over to the new match's session. docs/play-together.md.
import { engine } from "../engine.js";
import { t } from "../i18n.js";
import { toast } from "../ui.js";
import { Session } from "../table/session.js";
import { isOver } from "../table/source.js";
import { seatName } from "../table/perspective.js";
import { Host, PeerError } from "./peer.js";
import { checkFromGuest, msg, RateLimit, MAX_FROM_GUEST } from "./messages.js";
import { InviteError, invitationLink, invitationText, isWatchSlot, MAX_WATCHERS, newSecret, readAnswer, verifyAnswer,
  WATCH_BASE } from "./invite.js";
import { register } from "./handoff.js";

export const KINDS = ["host", "person", "bot"];
/** How long an opened channel has to show its seat key. */
export const HELLO_TIMEOUT_MS = 5000;
/** Invitations remembered per slot (to tell a stale or reused answer from a foreign one). */
const KEPT_INVITATIONS = 8;

/** The seats of a stored match played together, or null for an ordinary match. */
export function togetherSeats(record) {
  const meta = record && record.match && record.match.meta;
  const seats = meta && meta.together && meta.together.seats;
  if (!Array.isArray(seats) || seats.length < 2 || seats.length > 4 || seats[0] !== "host" ||
      !seats.every((k) => KINDS.includes(k)) || seats.slice(1).includes("host")) return null;
  return seats;
}

// "Play again": the next match's session takes this table's connections ({id, ...}).
let carried = null;

export class HostSession extends Session {
  constructor(record, table) {
    super(record, table);
    this.kinds = togetherSeats(record) || ["host"];
    this.listeners = new Set();    // the seats panel
    this.closed = false;
    this.notes = new Map();        // slot -> {text, kind}: the latest word on its answer
    const c = carried && carried.id === record.id ? carried : null;
    carried = null;
    this.peer = c ? c.peer : new Host();
    this.guests = new Map();       // seat -> {channel, seat, limit, warned}
    this.watchers = new Map();     // slot -> {channel, seat: null, slot, limit, warned}
    this.computer = c ? c.computer : new Set();   // person seats a computer player plays for now
    this.invites = c ? c.invites : new Map();     // slot -> [{secret, code, state}], latest last
    this.adopt = c ? c : null;     // seated at the last match: welcomed to this one once open
    this.online = c ? c.online : null;   // the door on the relays (online-host.js), once opened
    if (this.online) this.online.session = this;
    this.unregister = register(this);
  }

  // ---------------------------------------------------------------- who plays
  /** The views an action's answer carries: this phone's, each guest's, the public view (null)
   * while a watcher is here. */
  viewers() {
    const seats = [this.seat, ...[...this.guests.keys()].sort()];
    return this.watchers.size ? [...seats, null] : seats;
  }

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

  /** The watchers' slots now at the table, and the first free one (null: no room). */
  watching() { return [...this.watchers.keys()].sort(); }

  freeWatchSlot() {
    for (let i = 0; i < MAX_WATCHERS; i++) {
      const slot = WATCH_BASE + i;
      if (!this.watchers.has(slot)) return slot;
    }
    return null;
  }

  /** A slot's name: the seat's (as the host sees it), or "Watcher n". */
  slotName(slot) {
    return isWatchSlot(slot) ? t("watch.watcher_n", { n: slot - WATCH_BASE + 1 }) : seatName(slot, this.kinds.length);
  }

  get over() { return isOver(this.view); }

  onChange(fn) { this.listeners.add(fn); return () => this.listeners.delete(fn); }

  changed() {
    for (const fn of this.listeners) { try { fn(); } catch (err) { console.error(err); } }
    const seats = msg.seats(this.seatList());
    for (const [, g] of this.guests) this.sendTo(g, seats);
    for (const [, w] of this.watchers) this.sendTo(w, seats);
    if (this.table && this.view) this.table.render(this.view);
  }

  /** The latest word on a slot's answer (the panel shows it), and tell the panel. */
  note(slot, text, kind = "info") {
    if (text) this.notes.set(slot, { text, kind }); else this.notes.delete(slot);
    for (const fn of this.listeners) { try { fn(); } catch (err) { console.error(err); } }
  }

  // ---------------------------------------------------------------- invitations
  /** The invitation for `slot` (a friend's seat, or a watcher's): {slot, code, secret, text,
   * link}, the same while it waits for its answer; `fresh` makes a new one. */
  async invite(slot, { fresh = false } = {}) {
    if (isWatchSlot(slot) ? this.watchers.has(slot) : this.kinds[slot] !== "person") {
      throw new Error(`slot ${slot} takes no invitation`);
    }
    const code = await this.peer.createOffer(slot, { fresh });
    const list = this.invites.get(slot) || [];
    let inv = list[list.length - 1];
    if (!inv || inv.code !== code || inv.state !== "waiting") {
      for (const old of list) if (old.state === "waiting") old.state = "replaced";
      inv = { slot, code, secret: newSecret(), state: "waiting" };
      list.push(inv);
      this.invites.set(slot, list.slice(-KEPT_INVITATIONS));
    }
    return { ...inv, text: invitationText(code, inv.secret), link: invitationLink(code, inv.secret) };
  }

  /** Back-compatible name: the offer code shown for `seat`. */
  async offer(seat, options) { return (await this.invite(seat, options)).text; }

  /** Which of the slot's invitations made `answer` (readAnswer's), or an InviteError. */
  async invitationOf(answer) {
    const list = this.invites.get(answer.info.seat) || [];
    for (const inv of [...list].reverse()) {
      if (await verifyAnswer(answer, inv.secret)) return inv;
    }
    throw new InviteError("answer_altered", "made with no invitation of this slot");
  }

  /**
   * Uses a guest's answer (its text or link): resolves with the slot once its phone is at the
   * table (a seat's person, or a watcher). Rejects with CodeError / InviteError (the text, or
   * an answer to no invitation of this table: answer_altered, stale, used, not_invited) or
   * PeerError (wrong_table, seat_taken, and what the connection says: timeout, failed…).
   */
  async accept(text) {
    const answer = readAnswer(text);                      // CodeError, InviteError: the text
    const slot = answer.info.seat;
    if (answer.info.table !== this.peer.table) throw new PeerError("wrong_table", `answer for table ${answer.info.table}`);
    if (!isWatchSlot(slot) && this.kinds[slot] !== "person") throw new PeerError("no_offer", `seat ${slot} is not a friend's seat`);
    const inv = await this.invitationOf(answer);
    if (inv.state === "used") throw new InviteError("used", `slot ${slot}`);
    if (inv.state !== "waiting") throw new InviteError("stale", `slot ${slot}: ${inv.state}`);
    if (!isWatchSlot(slot) && this.guests.has(slot)) throw new PeerError("seat_taken", `seat ${slot} is taken`);
    let channel;
    try {
      channel = await this.peer.acceptAnswer(answer.code);  // PeerError: no_offer, timeout, unreachable…
    } catch (err) {
      if (inv.state === "waiting" && err.code !== "no_offer") inv.state = "failed";   // its offer is spent
      throw err;
    }
    const first = await firstMessage(channel, HELLO_TIMEOUT_MS);
    let hello = null;
    try { hello = first && checkFromGuest(first); } catch { hello = null; }
    if (!hello || hello.t !== "hello" || hello.key !== inv.secret) {
      try { channel.send(msg.bye("not_invited")); } catch { /* gone */ }
      setTimeout(() => channel.close(), 200);   // (the goodbye first)
      inv.state = "failed";
      throw new InviteError("not_invited", `slot ${slot}: no seat key`);
    }
    inv.state = "used";
    if (isWatchSlot(slot)) await this.watch(slot, channel);
    else await this.join(slot, channel);
    return slot;
  }

  /** An answer that came by a link (another tab, or this one): used as if pasted, the
   * outcome written under its slot in the panel. Resolves with accept's slot, or rejects. */
  async acceptFromLink(text) {
    let slot = null;
    try { slot = readAnswer(text).info.seat; } catch { /* said below */ }
    const name = slot === null ? "" : this.slotName(slot);
    if (slot !== null) this.note(slot, t("together.connecting"));
    toast(t("together.answer_came", { name }));
    try {
      const seated = await this.accept(text);
      this.note(seated, null);
      return seated;
    } catch (err) {
      const { errorText } = await import("./widgets.js");
      if (slot !== null) this.note(slot, errorText(err), "error");
      else toast(errorText(err), { kind: "error", ms: 6000 });
      throw err;
    }
  }

  /** Seats `channel`'s person at `seat`: the welcome (its view, the seats), then every move. */
  join(seat, channel) {
    return this.exclusive(async () => {
      const ans = await engine.call({ op: "view", match: this.match, seat });
      if (!ans.ok || channel.state !== "open") { channel.close(); return; }   // (gone meanwhile: stays away)
      const guest = this.listen(channel, { seat });
      this.guests.set(seat, guest);
      this.computer.delete(seat);                         // the person takes the seat back
      this.sendTo(guest, msg.welcome({ table: this.peer.table, seat, game: this.match.game, players: this.kinds.length,
        seats: this.seatList(), n: this.match.actions.length, view: ans.view }));
      if (this.over) this.sendTo(guest, msg.over(this.match));
    }).then(() => { this.changed(); this.run(); });
  }

  /** A watcher at `slot`: the public view (what every seat sees, no hand), then every move. */
  watch(slot, channel) {
    return this.exclusive(async () => {
      const ans = await engine.call({ op: "view", match: this.match, seat: null });
      if (!ans.ok || channel.state !== "open") { channel.close(); return; }
      const watcher = this.listen(channel, { seat: null, slot });
      this.watchers.set(slot, watcher);
      this.sendTo(watcher, msg.welcome({ table: this.peer.table, seat: null, game: this.match.game, players: this.kinds.length,
        seats: this.seatList(), n: this.match.actions.length, view: ans.view }));
    }).then(() => this.changed());
  }

  /** A guest's or watcher's record, its channel's messages handled by this session. */
  listen(channel, { seat, slot = seat }) {
    const peer = { channel, seat, slot, limit: new RateLimit(), warned: 0 };
    channel.onmessage = (m) => this.receive(peer, m);
    channel.onbad = (reason) => this.refuse(peer, "", "bad_message", { reason }, `dropped: ${reason}`);
    channel.onclose = () => this.leave(slot, channel);
    return peer;
  }

  leave(slot, channel) {
    const map = isWatchSlot(slot) ? this.watchers : this.guests;
    const g = map.get(slot);
    if (!g || g.channel !== channel) return;
    map.delete(slot);
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
  sendTo(peer, message) {
    try {
      peer.channel.send(message);
    } catch (err) {
      console.warn("together: send to", peer.slot, err.code || err.message);
    }
  }

  refuse(peer, action, code, params, error) {
    this.sendTo(peer, msg.refused(this.match.actions.length, String(action || "").slice(0, 60), code, params, error));
  }

  async receive(peer, m) {
    const map = peer.seat === null ? this.watchers : this.guests;
    if (map.get(peer.slot) !== peer) return;
    if (!peer.limit.take()) {
      const now = performance.now();
      if (now - peer.warned > 1000) {        // a flood: dropped, said once a second
        peer.warned = now;
        this.refuse(peer, "", "flood", {}, "too many messages: slow down");
      }
      return;
    }
    let text = "";
    try { text = JSON.stringify(m); } catch { /* not JSON: checked below */ }
    if (text.length > MAX_FROM_GUEST) { this.refuse(peer, "", "bad_message", { reason: "too_big" }, "message too long"); return; }
    let q;
    try {
      q = checkFromGuest(m);
    } catch (err) {
      this.refuse(peer, "", "bad_message", { reason: err.code }, `not a message of this table: ${err.code}`);
      return;
    }
    if (q.t === "hello") return;          // (shown once, at the door: a later one changes nothing)
    if (q.t === "summary") {
      const ans = await this.summary().catch(() => null);
      if (ans) this.sendTo(peer, msg.summary(ans));
      return;
    }
    if (peer.seat === null) {             // a watcher plays for no seat
      this.refuse(peer, q.action, "watcher", {}, "a watcher cannot play");
      return;
    }
    // an action for the guest's own seat (never another's: the seat is the channel's)
    const res = await this.actFor(peer.seat, q.action, { n: q.n });
    if (res.ok) { this.run(); return; }
    if (res.stale) { this.refuse(peer, q.action, "stale", {}, "the table moved on"); return; }
    if (res.refusal) {
      const r = res.refusal;
      this.refuse(peer, q.action, r.code || "bad_action", r.params || {}, r.error || "");
    }
  }

  /** After every action: each guest its own view and the action, each watcher the public
   * view; at the end, the match to the guests. */
  committed(answer, seat) {
    const n = answer.match.actions.length;
    const views = new Map(answer.views.map((v) => [v.seat, v]));
    for (const [s, guest] of this.guests) {
      const view = views.get(s);
      if (view) this.sendTo(guest, msg.move(n, seat, answer.action, view));
    }
    const open = views.get(null);
    if (open) for (const [, w] of this.watchers) this.sendTo(w, msg.move(n, seat, answer.action, open));
    if (answer.turn === -1) for (const [, guest] of this.guests) this.sendTo(guest, msg.over(answer.match));
  }

  // ---------------------------------------------------------------- a new match, the same friends
  async open() {
    const view = await super.open();
    const c = this.adopt;
    this.adopt = null;
    if (c) {   // the friends of the last match: welcomed to this one (before the panel looks for who is away)
      await Promise.all([...c.guests.map((g) => this.join(g.seat, g.channel)), ...c.watchers.map((w) => this.watch(w.slot, w.channel))]);
    }
    return view;
  }

  /** The next match: the same game, rules, computer players and seats. */
  nextMatch() { return { ...super.nextMatch(), origin: "together", together: { seats: this.kinds } }; }

  /** "Play again": the next match is stored and opened, and this table's connections go over
   * to it (destroy() leaves them open): every friend and watcher is welcomed to it. */
  async playAgain() {
    const { startMatch } = await import("../services/start.js");
    const rec = await startMatch(this.nextMatch());
    const hold = (p) => { p.channel.onmessage = () => {}; return { seat: p.seat, slot: p.slot, channel: p.channel }; };
    carried = { id: rec.id, peer: this.peer, computer: this.computer, invites: this.invites, online: this.online,
      guests: [...this.guests.values()].map(hold), watchers: [...this.watchers.values()].map(hold) };
    this.handedOver = true;
    this.guests.clear();
    this.watchers.clear();
    location.replace(`#/play/${rec.id}`);
    return true;
  }

  // ---------------------------------------------------------------- online, one link
  /** Opens the table online (the door on the relays: online-host.js): resolves with the door,
   * whose `link` every friend taps; rejects with RelayError("no_relay") when no relay answers
   * (the two-message invitations stay). */
  async goOnline() {
    if (this.online && this.online.live) return this.online;
    const [{ OnlineDoor }, { relaysOf }, { getSettings }] = await Promise.all([import("./online-host.js"),
      import("./online-link.js"), import("../store.js")]);
    const door = this.online || new OnlineDoor(this, { urls: relaysOf(getSettings()) });     // (again after its relays were lost: the same link)
    door.close();
    door.failed = null;
    door.onChange = () => this.changed();
    this.online = door;
    try {
      await door.open();
    } catch (err) {
      door.failed = err;
      this.changed();
      throw err;
    }
    this.changed();
    return door;
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
    this.unregister();
    if (this.handedOver) return;             // the next match holds the connections
    for (const [, g] of this.guests) this.sendTo(g, msg.bye("left"));
    for (const [, w] of this.watchers) this.sendTo(w, msg.bye("left"));
    this.peer.close();
    if (this.online) this.online.close();
    this.guests.clear();
    this.watchers.clear();
  }
}

/** The first message on a channel just opened, or null (none in `ms`, or not JSON). */
function firstMessage(channel, ms) {
  return new Promise((resolve) => {
    const done = (m) => { clearTimeout(timer); channel.onmessage = channel.onbad = null; resolve(m); };
    const timer = setTimeout(() => done(null), ms);
    channel.onmessage = (m) => done(m);
    channel.onbad = () => done(null);
    channel.onclose = () => done(null);
  });
}
