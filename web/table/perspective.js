// The person's perspective: the seat a table is drawn from, and what is relative to it —
// where each seat sits on screen, its name ("you", "partner", "left"), the sides ("us",
// "them") and the messages about a seat or a side. Locally the person is seat 0; a guest at
// a table played together may be any seat. A table makes one for each view it draws
// (TableBase.render: `table.persp`) and hands it to what draws; nothing here is module state.
import { t } from "../i18n.js";

export class Perspective {
  /** `seat`: the person's seat; `side`: the person's side (by default the seat's parity:
   * partners sit opposite each other). `watching`: a watcher at a table played together
   * (the public view, seat null): seat 0's place at the bottom, nobody's seat or side, the
   * seats named by number ("Seat 1") and the sides by their seats; `players` then. */
  constructor(seat = 0, side = seat % 2, { watching = false, players = 4 } = {}) {
    this.seat = seat;
    this.side = side;
    this.watching = watching;
    this.players = players;
    Object.freeze(this);
  }

  /** The perspective of a seat's view: its `seat` and, when the view says it, its `side`; a
   * watcher's for the public view (seat null). */
  static of(view) {
    if (view.seat === null) return new Perspective(0, 0, { watching: true, players: view.hand_sizes.length });
    return new Perspective(view.seat, view.side ?? view.seat % 2);
  }

  isMe(seat) { return !this.watching && seat === this.seat; }
  isUs(side) { return !this.watching && side === this.side; }

  /** A per-side pair ([side 0, side 1]) in the person's order: [us, them]. */
  ours(pair) { return [pair[this.side], pair[1 - this.side]]; }

  /** The other seats of a table of `seats`, in playing order after the person's. */
  others(seats) { return Array.from({ length: seats - 1 }, (_, i) => (this.seat + 1 + i) % seats); }

  /** Where `seat` sits on screen ("bottom", "right", "top", "left") at a table of `seats`
   * whose next seat in playing order sits at the person's `nextSits`. */
  position(seat, seats, nextSits = "right") {
    const rel = ((seat - this.seat) % seats + seats) % seats;
    if (seats === 2) return rel === 0 ? "bottom" : "top";
    const order = nextSits === "left" ? ["bottom", "left", "top", "right"] : ["bottom", "right", "top", "left"];
    return order[rel];
  }

  /** A seat's name for the person: "You", "Rival" (two players), else its place. */
  seatName(seat, seats, nextSits = "right") {
    if (this.watching) return t("watch.seat", { n: seat + 1 });
    if (this.isMe(seat)) return t("seat.you");
    if (seats === 2) return t("seat.rival");
    return t(`seat.${this.position(seat, seats, nextSits)}`);
  }

  sideName(side) {
    if (this.watching) {
      return this.players === 2 ? this.seatName(side, 2) : t("watch.side", { a: side + 1, b: side + 3 });
    }
    return t(this.isUs(side) ? "side.us" : "side.them");
  }

  /** A watcher's words for what a side did ("<key>" with the side's name), or null: the
   * person's own words ("we", "they") are the caller's. */
  watched(key, side) { return this.watching ? t(key, { side: this.sideName(side) }) : null; }

  /**
   * A message about a seat: the catalog has "<key>.you" (the person, second person: "You play
   * the ace") and "<key>.other" (anyone else, by name: "Left plays the ace").
   */
  personal(key, seat, params = {}) {
    return t(`${key}.${this.isMe(seat) ? "you" : "other"}`, params);
  }

  /**
   * A message about a side. With partners: "<key>.us" / "<key>.them" ("We reach 40"); two
   * players head to head: "<key>.you" / "<key>.other" with the rival's name ("You reach 40").
   */
  sided(key, side, players, params = {}) {
    if (this.watching) return t(`${key}.other`, { ...params, name: this.sideName(side) });
    if (players === 2) return t(`${key}.${this.isUs(side) ? "you" : "other"}`, { name: t("seat.rival"), ...params });
    return t(`${key}.${this.isUs(side) ? "us" : "them"}`, params);
  }
}

/** The person at seat 0: a local match's person, the host of a table played together. */
export const SEAT_ZERO = new Perspective(0);

/** A seat's name seen from seat 0, for what is drawn outside a table (the host's seats
 * panel, the empty table of a deal link). */
export function seatName(seat, seats, nextSits = "right") { return SEAT_ZERO.seatName(seat, seats, nextSits); }
