// The message protocol of a table played together (docs/play-together.md, "Messages").
//
// The host's engine is the only authority. Every message is one JSON object with the
// protocol version `v` and a type `t`; each side checks every message it receives against
// the schema below (size, types, ranges) and drops anything else. Nothing here decides a
// rule: the host asks its engine, the guest draws what the host sent.
//
// guest -> host   {v, t: "hello", key}         first, once the channel is open: the seat key
//                                               of the invitation (web/together/invite.js);
//                                               a phone that cannot show it is not seated
//                 {v, t: "act", n, action}     an action text for the guest's own seat;
//                                               n = the actions the guest has seen
//                 {v, t: "summary"}            the finished hands (for the score sheet)
// host -> guest   {v, t: "welcome", table, seat, game, players, seats, n, view}
//                                               seat null (and view the public view, no
//                                               hand) for a watcher; again at every new
//                                               match of the same table ("Play again")
//                 {v, t: "move", n, seat, action, view}   after every action: the guest's view
//                 {v, t: "refused", n, action, code, params, error}   to the sender only
//                 {v, t: "seats", seats}       who is connected, away, or played by a computer
//                 {v, t: "summary", summary}   the answer to "summary"
//                 {v, t: "over", match}        the finished match file (for the guest's history;
//                                               never to a watcher)
//                 {v, t: "bye", reason}        the host closes the table ("left", "over") or
//                                               the channel ("not_invited": no seat key)
// `seats` lists every seat: {seat, kind: "host" | "person" | "bot", live: bool, computer: bool}.
// Version 2 (issue 30): the hello and its key, watchers, a welcome per match.

import { isGame } from "../games.js";

export const PROTOCOL = 2;
/** Largest message a guest may send (an action text is a few characters). */
export const MAX_FROM_GUEST = 2048;
export const MAX_ACTION = 60;
export const MAX_ACTIONS = 100_000;
const KINDS = ["host", "person", "bot"];
/** A seat key's text (invite.js: 10 bytes in base32). */
const KEY = /^[A-Z2-7]{16}$/;

/** A message that breaks the protocol; `code` names what (docs/play-together.md). */
export class ProtocolError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "ProtocolError";
    this.code = code;
  }
}

const isObj = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const isInt = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;
const isText = (x, max) => typeof x === "string" && x.length > 0 && x.length <= max;

function envelope(m, types) {
  if (!isObj(m)) throw new ProtocolError("not_object");
  if (m.v !== PROTOCOL) throw new ProtocolError("version", String(m.v).slice(0, 20));
  if (!types.includes(m.t)) throw new ProtocolError("unknown_type", String(m.t).slice(0, 20));
  return m.t;
}

/** A guest's message, checked (the host calls this); throws ProtocolError. */
export function checkFromGuest(m) {
  const t = envelope(m, ["hello", "act", "summary"]);
  if (t === "summary") return { t };
  if (t === "hello") {
    if (typeof m.key !== "string" || !KEY.test(m.key)) throw new ProtocolError("bad_field", "hello");
    return { t, key: m.key };
  }
  if (!isInt(m.n, 0, MAX_ACTIONS) || !isText(m.action, MAX_ACTION)) throw new ProtocolError("bad_field", "act");
  return { t, n: m.n, action: m.action };
}

function seatsOk(seats, players) {
  if (!Array.isArray(seats) || seats.length !== players) return false;
  return seats.every((s, i) => isObj(s) && s.seat === i && KINDS.includes(s.kind) && typeof s.live === "boolean" &&
    typeof s.computer === "boolean");
}

// a seat's view, or (seat null: a watcher) the public view, which holds no card of a hand
const view = (v, seat) => isObj(v) && v.seat === seat && Array.isArray(v.hand) && Array.isArray(v.legal) &&
  (seat !== null || (v.hand.length === 0 && v.legal.length === 0));

/** A host's message, checked (the guest calls this with what it knows: its seat (null for a
 * watcher), the number of players; `players` is null before the welcome); throws
 * ProtocolError. */
export function checkFromHost(m, { seat = null, players = null } = {}) {
  const t = envelope(m, ["welcome", "move", "refused", "seats", "summary", "over", "bye"]);
  const bad = () => { throw new ProtocolError("bad_field", t); };
  if (t !== "welcome" && t !== "bye" && players === null) throw new ProtocolError("not_welcomed", t);
  switch (t) {
    case "welcome":
      if (!isText(m.table, 32) || !isInt(m.players, 2, 4) || !(m.seat === null || isInt(m.seat, 0, m.players - 1)) ||
          !isGame(m.game) || !isInt(m.n, 0, MAX_ACTIONS) || !view(m.view, m.seat) ||
          !seatsOk(m.seats, m.players)) bad();
      break;
    case "move":
      if (!isInt(m.n, 1, MAX_ACTIONS) || !isInt(m.seat, 0, players - 1) || !isText(m.action, MAX_ACTION) ||
          !view(m.view, seat)) bad();
      break;
    case "refused":
      if (!isInt(m.n, 0, MAX_ACTIONS) || typeof m.code !== "string" || !isObj(m.params) || typeof m.error !== "string") bad();
      break;
    case "seats":
      if (!seatsOk(m.seats, players)) bad();
      break;
    case "summary":
      if (!isObj(m.summary) || !Array.isArray(m.summary.hands)) bad();
      break;
    case "over":
      if (!isObj(m.match) || !Array.isArray(m.match.actions) || !isGame(m.match.game)) bad();
      break;
    case "bye":
      if (!isText(m.reason, 40)) bad();
      break;
    default: bad();
  }
  return m;
}

/** Message builders (the only way messages are made, so every one carries `v`). */
export const msg = {
  hello: (key) => ({ v: PROTOCOL, t: "hello", key }),
  act: (n, action) => ({ v: PROTOCOL, t: "act", n, action }),
  askSummary: () => ({ v: PROTOCOL, t: "summary" }),
  welcome: (o) => ({ v: PROTOCOL, t: "welcome", ...o }),
  move: (n, seat, action, view) => ({ v: PROTOCOL, t: "move", n, seat, action, view }),
  refused: (n, action, code, params, error) => ({ v: PROTOCOL, t: "refused", n, action, code, params, error }),
  seats: (seats) => ({ v: PROTOCOL, t: "seats", seats }),
  summary: (summary) => ({ v: PROTOCOL, t: "summary", summary }),
  over: (match) => ({ v: PROTOCOL, t: "over", match }),
  bye: (reason) => ({ v: PROTOCOL, t: "bye", reason }),
};

/**
 * A token bucket per guest: `rate` messages a second, bursts of `burst`. A flood is
 * dropped, never queued.
 */
export class RateLimit {
  constructor(rate = 10, burst = 20, now = () => performance.now()) {
    this.rate = rate; this.burst = burst; this.now = now;
    this.tokens = burst; this.at = now();
  }
  take() {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + (t - this.at) * this.rate / 1000);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
