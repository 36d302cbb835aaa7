// Peer connections for a table with no server of ours: RTCPeerConnection with the ICE
// servers of the settings (ice.js: public STUN servers by default, a TURN server if the
// player set one), so a code carries host candidates (a LAN, a phone's own hotspot) and,
// where a server answered, server-reflexive and relay ones (two networks across the
// internet); one negotiated, ordered, reliable data channel per guest; codes from code.js
// carried by QR, link or copy and paste.
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
//   ice_settings the browser refused the STUN / TURN settings (RTCPeerConnection threw)
//   no_network   no UDP candidate was gathered (Wi-Fi off, no network at all)
//   unreachable  no path between the phones: ICE found no working candidate pair within
//                OPEN_TIMEOUT_MS of acceptAnswer (host) or UNREACHABLE_MS of the answer
//                (guest), or gave up sooner. Both networks block direct connections (or
//                one network keeps its devices apart): another network, or a TURN server
//   timeout      the phones reached each other but the channel did not open in time (host:
//                OPEN_TIMEOUT_MS; guest: the host did not use its answer in GUEST_TIMEOUT_MS)
//   failed       DTLS failed, or ICE failed after it had connected, before the channel opened
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
import {iceConfig} from "./ice.js";

export const MAX_MESSAGE_BYTES = 64 * 1024;
// Host: from acceptAnswer to the channel open; past it, `unreachable` (ICE never connected)
// or `timeout`. Both phones must say "cannot connect" within 20 s.
export const OPEN_TIMEOUT_MS = 15000;
// Guest: from its answer, how long ICE may go without connecting. In one room the guest's
// checks reach the host before the host has the answer (ICE connects in ~30 ms); across
// the internet nothing gets through a NAT before the host uses the answer, so the guest
// cannot tell "not yet used" from "blocked" (docs/play-together.md).
export const UNREACHABLE_MS = 15000;
export const GUEST_TIMEOUT_MS = 180000;         // guest: the host has to scan the answer first
export const GATHER_TIMEOUT_MS = 5000;          // ICE gathering: use what was found by then
// ICE gathering with STUN / TURN servers ends once their candidates have come (and
// SETTLE_MS more for the rest), or this long after it began: an unreachable STUN server
// (no internet in one room) is tried for ~40 s, and host candidates suffice there.
export const STUN_WAIT_MS = 1000;
export const TURN_WAIT_MS = 2500;
const SETTLE_MS = 100;
export const DISCONNECT_GRACE_MS = 5000;        // ICE "disconnected" this long: the peer left
// Host candidates put in a code, highest priority first (Chrome ranks Wi-Fi above cellular
// and IPv6 above IPv4). Two mDNS candidates give a version 7 QR code, four a version 9.
export const MAX_CODE_CANDIDATES = 4;
// Server-reflexive and relay candidates put in a code, each (IPv4 and IPv6; two TURN URLs).
export const MAX_SERVER_CANDIDATES = 2;
const PER_TYPE = Object.freeze({host: MAX_CODE_CANDIDATES, srflx: MAX_SERVER_CANDIDATES, relay: MAX_SERVER_CANDIDATES});
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

/** A connection with the ICE servers of `config` (an RTCConfiguration; default: iceConfig(),
 * the settings) and its data channel. */
function newConnection(config) {
  if (typeof RTCPeerConnection !== "function") throw new PeerError("no_webrtc");
  let pc;
  try {
    pc = new RTCPeerConnection(config);
  } catch (e) {
    throw new PeerError("ice_settings", String(e && e.message));
  }
  const dc = pc.createDataChannel(CHANNEL_LABEL, {negotiated: true, id: CHANNEL_ID, ordered: true});
  return {pc, dc};
}

/** What the servers of `config` can add to host candidates: {srflx, relay} (booleans). */
function serverCandidates(config) {
  const urls = (config.iceServers || []).flatMap((s) => [].concat(s.urls || []).map(String));
  const relay = urls.some((u) => /^turns?:/i.test(u));
  return {srflx: config.iceTransportPolicy !== "relay" && urls.length > 0, relay};
}

/**
 * Resolves when ICE gathering is complete; or, with STUN / TURN servers, SETTLE_MS after
 * their candidates have come (a server-reflexive one, a relay one if a TURN server is set),
 * or `waitMs` after the start when they have not; at the latest after `gatherMs`. The
 * candidates gathered by then go in the code.
 */
function gathered(pc, {gatherMs, want, stunWaitMs, turnWaitMs}) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(); return; }
    const servers = want.srflx || want.relay;
    const seen = new Set();
    let settle = null;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(settle);
      pc.removeEventListener("icegatheringstatechange", check);
      pc.removeEventListener("icecandidate", candidate);
      resolve();
    };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const candidate = (e) => {
      if (e && e.candidate && e.candidate.type) seen.add(e.candidate.type);
      const enough = (!want.relay || seen.has("relay")) && (!want.srflx || seen.has("srflx") || seen.has("relay"));
      if (servers && enough && !settle) settle = setTimeout(done, SETTLE_MS);
      check();
    };
    // the candidates that came before this was called are in the description already
    const sdp = (pc.localDescription && pc.localDescription.sdp) || "";
    for (const m of sdp.matchAll(/^a=candidate:.* typ (host|srflx|relay)\b/gm)) seen.add(m[1]);
    const waitMs = !servers ? gatherMs : Math.min(gatherMs, want.relay ? turnWaitMs : stunWaitMs);
    const timer = setTimeout(done, waitMs);
    pc.addEventListener("icegatheringstatechange", check);
    pc.addEventListener("icecandidate", candidate);
    candidate(null);
  });
}

async function localCode(pc, meta, options) {
  await gathered(pc, options);
  try {
    return encodeSdp(pc.localDescription.sdp, {...meta, perType: PER_TYPE});
  } catch (e) {
    if (e.code === "no_candidates") throw new PeerError("no_network", "no UDP candidate");
    throw e;
  }
}

/** How long gathering may take for a connection with `config` (see gathered()). */
function gathering(config, {gatherMs = GATHER_TIMEOUT_MS, stunWaitMs = STUN_WAIT_MS, turnWaitMs = TURN_WAIT_MS} = {}) {
  return {gatherMs, stunWaitMs, turnWaitMs, want: serverCandidates(config)};
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
    this.reachTimer = null;
    this.graceTimer = null;
    this.reached = false;                 // ICE has connected once: the phones reach each other
    this.patient = false;                 // a guest that outlives ICE giving up (answerOffer's `patient`)
    this.opened = new Promise((resolve, reject) => { this.settle = {resolve, reject}; });
    this.opened.catch(() => {});          // a caller may never wait for it
    live.add(this);
    dc.onopen = () => this.markOpen();
    dc.onclose = () => this.finish("closed");
    dc.onmessage = (e) => this.receive(e.data);
    pc.addEventListener("iceconnectionstatechange", () => this.iceChanged());
    pc.addEventListener("connectionstatechange", () => this.iceChanged());
  }

  /** Rejects `opened` unless the channel opens within `ms`: PeerError "unreachable" if ICE
   * never connected by then, else "timeout". */
  armTimeout(ms) {
    clearTimeout(this.openTimer);
    if (this.state !== "connecting") return;
    this.openTimer = setTimeout(() => this.fail(this.reached
      ? new PeerError("timeout", `no channel in ${ms} ms`)
      : new PeerError("unreachable", `no ICE connection in ${ms} ms`)), ms);
  }

  /** Rejects `opened` with PeerError "unreachable" unless ICE connects within `ms` from now
   * (a guest calls it again when it knows its answer has just been sent). */
  armUnreachable(ms = UNREACHABLE_MS) {
    clearTimeout(this.reachTimer);
    if (this.state !== "connecting" || this.reached) return;
    this.reachTimer = setTimeout(() => {
      if (!this.reached) this.fail(new PeerError("unreachable", `no ICE connection in ${ms} ms`));
    }, ms);
  }

  markOpen() {
    if (this.state !== "connecting") return;
    clearTimeout(this.openTimer);
    clearTimeout(this.reachTimer);
    this.state = "open";
    this.settle.resolve(this);
    this.fire(this.onopen);
  }

  iceChanged() {
    const ice = this.pc.iceConnectionState;
    const conn = this.pc.connectionState;
    if (ice === "connected" || ice === "completed") {
      this.reached = true;
      clearTimeout(this.reachTimer);
    }
    if (ice === "failed" || conn === "failed") {
      if (this.state === "connecting" && this.patient && !this.reached) {
        // a patient guest's ICE gave up before the host used its answer: it comes back to
        // life when the host's checks arrive (measured, test_together_nat.py); its clocks stay
      } else if (this.state === "connecting") {
        // DTLS can only fail once ICE has connected: before that, no candidate pair worked
        this.fail(this.reached ? new PeerError("failed", "DTLS failed, or ICE after it had connected")
          : new PeerError("unreachable", "ICE failed: no candidate pair worked"));
      } else {
        this.finish("failed");
      }
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
    clearTimeout(this.reachTimer);
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
 * each other). Options: table (hex id; random by default), timeoutMs, gatherMs, stunWaitMs,
 * turnWaitMs, maxBytes, graceMs, ice (an RTCConfiguration; default: the settings'
 * iceConfig(), read for each new offer).
 */
export class Host {
  constructor({table = newTableId(), timeoutMs = OPEN_TIMEOUT_MS, gatherMs = GATHER_TIMEOUT_MS,
               stunWaitMs = STUN_WAIT_MS, turnWaitMs = TURN_WAIT_MS, maxBytes = MAX_MESSAGE_BYTES,
               graceMs = DISCONNECT_GRACE_MS, ice = null} = {}) {
    this.table = table;
    this.timeoutMs = timeoutMs;
    this.gatherOptions = {gatherMs, stunWaitMs, turnWaitMs};
    this.ice = ice;
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
    const config = this.ice || iceConfig();
    const {pc, dc} = newConnection(config);
    const channel = new Channel(pc, dc, {...this.channelOptions, seat});
    const entry = {channel, accepted: false, code: null};
    entry.code = (async () => {
      await pc.setLocalDescription(await pc.createOffer());
      return localCode(pc, {kind: "offer", table: this.table, seat}, gathering(config, this.gatherOptions));
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
   * CodeError (the text), PeerError wrong_table / no_offer, unreachable (no path between the
   * phones, after timeoutMs at the latest), timeout or failed. After any of the last three
   * the seat needs a fresh offer.
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
 * and the channel is open; it rejects with PeerError unreachable when ICE has not connected
 * within unreachableMs of the answer (channel.armUnreachable() starts that clock again),
 * timeout after timeoutMs (the guest cannot tell when the host scans the answer, hence the
 * long default) or failed. Throws CodeError for an offer code that does not read.
 * `patient`: ICE failing before it ever connected does not reject `opened` (only the two
 * clocks do): across NATs nothing reaches the guest until the host uses its answer, and
 * Chromium's ICE gives up ~15 s after the answer with no reply, then connects when the
 * host's checks come (the join screen, whose answer may go through a chat, is patient).
 */
export async function answerOffer(text, {timeoutMs = GUEST_TIMEOUT_MS, unreachableMs = UNREACHABLE_MS,
                                         gatherMs = GATHER_TIMEOUT_MS, stunWaitMs = STUN_WAIT_MS,
                                         turnWaitMs = TURN_WAIT_MS, maxBytes = MAX_MESSAGE_BYTES,
                                         graceMs = DISCONNECT_GRACE_MS, ice = null, patient = false} = {}) {
  const info = decode(text, "offer");
  const config = ice || iceConfig();
  const {pc, dc} = newConnection(config);
  const channel = new Channel(pc, dc, {seat: info.seat, table: info.table, maxBytes, graceMs});
  channel.patient = patient;             // (ICE may give up while it gathers already)
  try {
    await pc.setRemoteDescription({type: "offer", sdp: toSdp(info)});
    await pc.setLocalDescription(await pc.createAnswer());
    const code = await localCode(pc, {kind: "answer", table: info.table, seat: info.seat},
                                 gathering(config, {gatherMs, stunWaitMs, turnWaitMs}));
    channel.armUnreachable(unreachableMs);
    channel.armTimeout(timeoutMs);
    return {code, table: info.table, seat: info.seat, channel};
  } catch (e) {
    channel.close();
    if (e instanceof PeerError || e.name === "CodeError") throw e;
    throw new PeerError("failed", String(e && e.message));
  }
}
