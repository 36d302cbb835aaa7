// Peer connections for a table with no server: RTCPeerConnection with no STUN or TURN (host
// candidates only: a LAN, or a phone's own hotspot), one negotiated, ordered, reliable data
// channel per guest, codes from code.js carried by QR or by copy and paste.
//
//   host = new Host()                          a table (random id: host.table)
//   code = await host.createOffer(seat)        the offer code to show for that seat
//   chan = await host.acceptAnswer(answer)     resolves once the channel is open
//   g = await answerOffer(offerCode)           g.code: the answer to show; g.channel opens
//                                              when the host has accepted it (g.channel.opened)
//   chan.send(obj); chan.onmessage = (obj) => …; chan.onbad = (reason) => …
//   chan.onopen = () => …; chan.onclose = (reason) => …; chan.close()
//
// Errors are PeerError (stable `code`), or CodeError from code.js for a code that does not
// read (bad_code, truncated, checksum, version, wrong_kind):
//   no_webrtc    this browser has no RTCPeerConnection
//   no_network   no UDP host candidate was gathered (Wi-Fi off, no network at all)
//   timeout      the channel did not open in time: most likely a network that keeps its
//                devices apart (Wi-Fi client isolation); a phone's own hotspot works
//   failed       ICE or DTLS failed before the channel opened
//   wrong_table  an answer for another table (host)
//   no_offer     an answer for a seat with no pending offer (host)
//   closed       the host or the connection was closed meanwhile
//   not_open     send() before the channel opened or after it closed
//   too_big      send(obj) longer than the limit (UTF-8 bytes of its JSON)
//   not_json     send(obj) of something JSON cannot carry
// onclose(reason): "closed" (the other side closed it or left), "failed" (ICE failed),
// "disconnected" (ICE lost for longer than the grace period), "local" (close() here).
// onbad(reason) for a message dropped on arrival: "too_big", "not_json", "binary".

import {decode, encodeSdp, newTableId, toSdp} from "./code.js";

export const MAX_MESSAGE_BYTES = 64 * 1024;
export const OPEN_TIMEOUT_MS = 8000;            // host: from acceptAnswer to the channel open
export const GUEST_TIMEOUT_MS = 180000;         // guest: the host has to scan the answer first
export const GATHER_TIMEOUT_MS = 5000;          // ICE gathering: use what was found by then
export const DISCONNECT_GRACE_MS = 5000;        // ICE "disconnected" this long: the peer left
// Host candidates put in a code, highest priority first (Chrome ranks Wi-Fi above cellular
// and IPv6 above IPv4). Two mDNS candidates give a version 7 QR code, four a version 9.
export const MAX_CODE_CANDIDATES = 4;
const CHANNEL_LABEL = "tapete";
const CHANNEL_ID = 0;

export class PeerError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "PeerError";
    this.code = code;
  }
}

const utf8 = new TextEncoder();

// Every channel not yet closed. Leaving the page closes them, so the other side hears
// "closed" at once instead of noticing a silence ("disconnected", seconds later).
const live = new Set();
if (typeof window !== "undefined") {
  window.addEventListener("pagehide", () => { for (const c of [...live]) c.close(); });
}

function newConnection() {
  if (typeof RTCPeerConnection !== "function") throw new PeerError("no_webrtc");
  const pc = new RTCPeerConnection({iceServers: []});
  const dc = pc.createDataChannel(CHANNEL_LABEL, {negotiated: true, id: CHANNEL_ID, ordered: true});
  return {pc, dc};
}

/** Resolves when ICE gathering is complete (or after `ms`, with what was gathered). */
function gathered(pc, ms) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(); return; }
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const timer = setTimeout(done, ms);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

async function localCode(pc, meta, gatherMs) {
  await gathered(pc, gatherMs);
  try {
    return encodeSdp(pc.localDescription.sdp, {...meta, maxCandidates: MAX_CODE_CANDIDATES});
  } catch (e) {
    if (e.code === "no_candidates") throw new PeerError("no_network", "no UDP host candidate");
    throw e;
  }
}

/**
 * One guest's data channel: JSON messages up to `maxBytes`, open/close callbacks. Created by
 * Host and answerOffer; `opened` resolves once open (or rejects with PeerError), `seat` and
 * `table` say which seat of which table it carries.
 */
export class Channel {
  constructor(pc, dc, {seat, table, maxBytes = MAX_MESSAGE_BYTES, graceMs = DISCONNECT_GRACE_MS}) {
    this.pc = pc;
    this.dc = dc;
    this.seat = seat;
    this.table = table;
    this.maxBytes = maxBytes;
    this.graceMs = graceMs;
    this.state = "connecting";            // → "open" → "closed"
    this.closeReason = null;
    this.onopen = null;
    this.onclose = null;
    this.onmessage = null;
    this.onbad = null;
    this.openTimer = null;
    this.graceTimer = null;
    this.opened = new Promise((resolve, reject) => { this.settle = {resolve, reject}; });
    this.opened.catch(() => {});          // a caller may never wait for it
    live.add(this);
    dc.onopen = () => this.markOpen();
    dc.onclose = () => this.finish("closed");
    dc.onmessage = (e) => this.receive(e.data);
    pc.addEventListener("iceconnectionstatechange", () => this.iceChanged());
    pc.addEventListener("connectionstatechange", () => this.iceChanged());
  }

  /** Rejects `opened` with PeerError("timeout") unless the channel opens within `ms`. */
  armTimeout(ms) {
    clearTimeout(this.openTimer);
    if (this.state !== "connecting") return;
    this.openTimer = setTimeout(() => this.fail(new PeerError("timeout", `no connection in ${ms} ms`)), ms);
  }

  markOpen() {
    if (this.state !== "connecting") return;
    clearTimeout(this.openTimer);
    this.state = "open";
    this.settle.resolve(this);
    this.fire(this.onopen);
  }

  iceChanged() {
    const ice = this.pc.iceConnectionState;
    const conn = this.pc.connectionState;
    if (ice === "failed" || conn === "failed") {
      if (this.state === "connecting") this.fail(new PeerError("failed", "ICE or DTLS failed"));
      else this.finish("failed");
    } else if (ice === "disconnected" && this.state === "open") {
      clearTimeout(this.graceTimer);
      this.graceTimer = setTimeout(() => {
        if (this.pc.iceConnectionState === "disconnected") this.finish("disconnected");
      }, this.graceMs);
    } else if (ice === "connected" || ice === "completed") {
      clearTimeout(this.graceTimer);
    }
  }

  fail(error) {
    if (this.state !== "connecting") return;
    this.state = "closed";
    this.closeReason = error.code;
    this.teardown();
    this.settle.reject(error);
  }

  finish(reason) {
    if (this.state === "closed") return;
    if (this.state === "connecting") { this.fail(new PeerError(reason === "local" ? "closed" : "failed", reason)); return; }
    this.state = "closed";
    this.closeReason = reason;
    this.teardown();
    this.fire(this.onclose, reason);
  }

  teardown() {
    live.delete(this);
    clearTimeout(this.openTimer);
    clearTimeout(this.graceTimer);
    this.dc.onopen = this.dc.onclose = this.dc.onmessage = null;
    try { this.dc.close(); } catch { /* already closed */ }
    try { this.pc.close(); } catch { /* already closed */ }
  }

  fire(callback, ...args) {
    if (typeof callback !== "function") return;
    try {
      callback(...args);
    } catch (e) {
      setTimeout(() => { throw e; });   // a callback's bug surfaces, the channel goes on
    }
  }

  receive(data) {
    if (typeof data !== "string") { this.fire(this.onbad, "binary"); return; }
    // a string of n UTF-16 units has at most 3n UTF-8 bytes and at least n
    if (data.length > this.maxBytes || (data.length * 3 > this.maxBytes && utf8.encode(data).length > this.maxBytes)) {
      this.fire(this.onbad, "too_big");
      return;
    }
    let obj;
    try {
      obj = JSON.parse(data);
    } catch {
      this.fire(this.onbad, "not_json");
      return;
    }
    this.fire(this.onmessage, obj);
  }

  /** Sends obj as JSON text. Throws PeerError not_open, not_json or too_big. */
  send(obj) {
    if (this.state !== "open" || this.dc.readyState !== "open") throw new PeerError("not_open");
    let text;
    try {
      text = JSON.stringify(obj);
    } catch (e) {
      throw new PeerError("not_json", String(e && e.message));
    }
    if (typeof text !== "string") throw new PeerError("not_json", typeof obj);
    const bytes = utf8.encode(text).length;
    if (bytes > this.maxBytes) throw new PeerError("too_big", `${bytes} > ${this.maxBytes} bytes`);
    this.dc.send(text);
  }

  close() {
    this.finish("local");
  }
}

/**
 * The host of a table. One RTCPeerConnection per guest seat (a star: guests never talk to
 * each other). Options: table (hex id; random by default), timeoutMs, gatherMs, maxBytes,
 * graceMs.
 */
export class Host {
  constructor({table = newTableId(), timeoutMs = OPEN_TIMEOUT_MS, gatherMs = GATHER_TIMEOUT_MS,
               maxBytes = MAX_MESSAGE_BYTES, graceMs = DISCONNECT_GRACE_MS} = {}) {
    this.table = table;
    this.timeoutMs = timeoutMs;
    this.gatherMs = gatherMs;
    this.channelOptions = {maxBytes, graceMs, table};
    this.offers = new Map();     // seat → {channel, code: Promise<string>, accepted}
    this.closed = false;
  }

  /**
   * The offer code for `seat`. The same code while that seat's offer waits for its answer
   * (showing the QR again does not invalidate a code a guest has already scanned); a new
   * one once the seat's connection is gone or `fresh` is true.
   */
  async createOffer(seat, {fresh = false} = {}) {
    if (this.closed) throw new PeerError("closed");
    const pending = this.offers.get(seat);
    if (pending && !fresh && !pending.accepted && pending.channel.state === "connecting") return pending.code;
    if (pending) this.cancel(seat);
    const {pc, dc} = newConnection();
    const channel = new Channel(pc, dc, {...this.channelOptions, seat});
    const entry = {channel, accepted: false, code: null};
    entry.code = (async () => {
      await pc.setLocalDescription(await pc.createOffer());
      return localCode(pc, {kind: "offer", table: this.table, seat}, this.gatherMs);
    })();
    this.offers.set(seat, entry);
    try {
      return await entry.code;
    } catch (e) {
      if (this.offers.get(seat) === entry) this.cancel(seat);
      throw e;
    }
  }

  /** What an answer code says (CodeError when it does not read), without using it. */
  static peek(text) {
    return decode(text, "answer");
  }

  /**
   * Uses a guest's answer code: resolves with the seat's Channel once open, or rejects with
   * CodeError (the text), PeerError wrong_table / no_offer, timeout (after timeoutMs) or
   * failed. After a timeout or failure the seat needs a fresh offer.
   */
  async acceptAnswer(text) {
    if (this.closed) throw new PeerError("closed");
    const info = decode(text, "answer");
    if (info.table !== this.table) throw new PeerError("wrong_table", `answer for table ${info.table}`);
    const entry = this.offers.get(info.seat);
    if (!entry || entry.accepted || entry.channel.state !== "connecting") {
      throw new PeerError("no_offer", `no offer waits for seat ${info.seat}`);
    }
    entry.accepted = true;              // before any await: a second call for the seat is refused
    await entry.code;
    const {channel} = entry;
    channel.armTimeout(this.timeoutMs);
    try {
      await channel.pc.setRemoteDescription({type: "answer", sdp: toSdp(info)});
    } catch (e) {
      channel.fail(new PeerError("failed", String(e && e.message)));
    }
    try {
      return await channel.opened;
    } finally {
      if (channel.state === "closed" && this.offers.get(info.seat) === entry) this.offers.delete(info.seat);
    }
  }

  /** The seat's channel (open or still connecting), or null. */
  channel(seat) {
    const entry = this.offers.get(seat);
    return entry ? entry.channel : null;
  }

  /** Drops a seat's connection (pending offer or open channel). */
  cancel(seat) {
    const entry = this.offers.get(seat);
    if (!entry) return;
    this.offers.delete(seat);
    entry.channel.close();
  }

  close() {
    this.closed = true;
    for (const seat of [...this.offers.keys()]) this.cancel(seat);
  }
}

/**
 * The guest's side: reads the host's offer code and resolves with {code (the answer code to
 * show), table, seat, channel}. channel.opened resolves when the host has used the answer
 * and the channel is open; it rejects with PeerError timeout after timeoutMs (the guest
 * cannot tell when the host scans the answer, hence the long default) or failed.
 * Throws CodeError for an offer code that does not read.
 */
export async function answerOffer(text, {timeoutMs = GUEST_TIMEOUT_MS, gatherMs = GATHER_TIMEOUT_MS,
                                         maxBytes = MAX_MESSAGE_BYTES, graceMs = DISCONNECT_GRACE_MS} = {}) {
  const info = decode(text, "offer");
  const {pc, dc} = newConnection();
  const channel = new Channel(pc, dc, {seat: info.seat, table: info.table, maxBytes, graceMs});
  try {
    await pc.setRemoteDescription({type: "offer", sdp: toSdp(info)});
    await pc.setLocalDescription(await pc.createAnswer());
    const code = await localCode(pc, {kind: "answer", table: info.table, seat: info.seat}, gatherMs);
    channel.armTimeout(timeoutMs);
    return {code, table: info.table, seat: info.seat, channel};
  } catch (e) {
    channel.close();
    if (e instanceof PeerError || e.name === "CodeError") throw e;
    throw new PeerError("failed", String(e && e.message));
  }
}
