// The host's door of a table online (docs/play-together.md, "One link"): the table's one
// link, and the relays' signals answered so that each friend who taps it sits down at a
// free seat with nothing more done by the host. A knock gets a fresh invitation for a free
// seat (HostSession.invite, the same as the two-message flow's); the friend's answer comes
// back sealed and is used exactly as a pasted one (HostSession.accept: its tag, the seat
// key over the channel, DTLS). No free seat: the knock is told so, and whether a watcher's
// slot is free (the friend may then knock to watch).
import { newTableSecret, tableLink } from "./online-link.js";
import { openRelay } from "./relay.js";
import { WATCH_BASE, MAX_WATCHERS } from "./invite.js";

/** A knocking phone keeps its seat reserved this long for its answer. */
export const PENDING_MS = 30_000;
/** Phones at the door at once (a seat or a watcher's slot reserved for each). */
const MAX_PENDING = 8;

export class OnlineDoor {
  /** `session`: the HostSession whose seats the door fills; `urls`: the relays (online-link.js
   * relaysOf the settings); `base`: the app's address (links.js appBase by default). */
  constructor(session, { urls, base } = {}) {
    this.session = session;
    this.urls = urls;
    this.secret = newTableSecret();
    this.link = base === undefined ? tableLink(this.secret) : tableLink(this.secret, base);
    this.pending = new Map();     // sender id → {slot, at}
    this.seated = new Set();      // sender ids seated through the door
    this.relay = null;
    this.onChange = () => {};
    this.onDrop = () => {};       // what the relay dropped (relay.js stats.dropped)
  }

  /** Opens the door on the relays; rejects RelayError("no_relay") when none answers. */
  async open(open = openRelay) {
    this.relay = await open(this.secret, { urls: this.urls, onSignal: (s) => this.signal(s) });
    this.relay.onDown = () => this.onChange();
    this.relay.onDrop = (dropped) => this.onDrop(dropped);
    return this;
  }

  get live() { return !!this.relay && this.relay.live > 0; }

  close() {
    if (this.relay) this.relay.close();
    this.relay = null;
  }

  /** The seats or slots reserved for phones at the door (expired ones let go). */
  reserved() {
    const now = performance.now();
    for (const [id, p] of this.pending) if (now - p.at > PENDING_MS) this.pending.delete(id);
    return new Set([...this.pending.values()].map((p) => p.slot));
  }

  /** A free slot for `want` ("seat" or "watch"), or null. */
  freeSlot(want) {
    const held = this.reserved();
    const s = this.session;
    if (want === "seat") return s.away().find((seat) => !held.has(seat) && !s.computer.has(seat)) ?? null;
    for (let slot = WATCH_BASE; slot < WATCH_BASE + MAX_WATCHERS; slot++) {
      if (!held.has(slot) && !s.watchers.has(slot)) return slot;
    }
    return null;
  }

  async signal({ from, body }) {
    try {
      if (body.t === "knock") await this.knock(from, body.want);
      else if (body.t === "answer" && body.to === this.relay.self) await this.answer(from, body.text);
      // (invite, full: a host's signals, from another host: ignored)
    } catch (err) {
      console.warn("together: at the door", err.code || err.message);
    }
  }

  async knock(from, want) {
    if (this.seated.has(from) || this.session.closed) return;
    if (this.pending.has(from)) return;              // (its invitation is on its way)
    if (this.reserved().size >= MAX_PENDING) return;
    const slot = this.freeSlot(want);
    if (slot === null) {
      await this.relay.send({ t: "full", to: from, watch: this.freeSlot("watch") !== null });
      return;
    }
    this.pending.set(from, { slot, at: performance.now() });
    const inv = await this.session.invite(slot, { fresh: true });
    await this.relay.send({ t: "invite", to: from, text: inv.text });
  }

  async answer(from, text) {
    const p = this.pending.get(from);
    if (!p) return;                                   // no knock of its own: changes nothing
    try {
      const slot = await this.session.accept(text);   // the tag, the table, the seat key: as pasted
      this.seated.add(from);
      this.onChange(slot);
    } finally {
      this.pending.delete(from);
    }
  }
}
