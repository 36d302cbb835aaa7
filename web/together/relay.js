// The relays of a table online (docs/play-together.md, "The relays"): MQTT brokers over
// secure WebSockets, several in parallel, through MQTT.js (vendor/mqtt.mjs, loaded here,
// when a table goes online or a table link is opened; never on first paint). Each phone
// publishes every sealed signal (seal.js) to every broker it reached, on the table's topic;
// what arrives is opened once, the first arrival winning (the opener drops the copies from
// the other brokers as seen). The relay never sees a card, a seat key or anything readable.
//
//   relay = await openRelay(secret, {urls, onSignal})   resolves once one broker is subscribed,
//                                     rejects RelayError("no_relay") when none is within waitMs
//   await relay.send(body)           sealed, published to every connected broker
//   relay.onDown = () => …            every broker lost
//   relay.close()                     leaves every broker
//   relay.stats                       {sent, sentBytes, received, receivedBytes, dropped}
import { deriveRoom, newSenderId, Opener, Sealer, SealError } from "./seal.js";

/** How long a phone waits for the first broker (connected and subscribed). */
export const RELAY_WAIT_MS = 4000;
/** MQTT keep-alive, in seconds. */
const KEEPALIVE_S = 30;
const QOS = 0;

export class RelayError extends Error {
  constructor(code, detail = "") {
    super(detail ? `${code}: ${detail}` : code);
    this.name = "RelayError";
    this.code = code;
  }
}

let mqttLib = null;
async function mqtt() {
  if (!mqttLib) mqttLib = (await import("../vendor/mqtt.mjs")).default;
  return mqttLib;
}

/**
 * Joins the table's topic on every broker of `urls` at once. `onSignal({from, body})` gets each
 * signal once, checked (seal.js); anything else is dropped and counted in stats.dropped.
 */
export async function openRelay(secret, { urls, onSignal = () => {}, waitMs = RELAY_WAIT_MS } = {}) {
  const lib = await mqtt();
  const room = await deriveRoom(secret);
  const self = newSenderId();
  const sealer = new Sealer(room, self);
  const opener = new Opener(room, { self });
  const stats = { sent: 0, sentBytes: 0, received: 0, receivedBytes: 0, dropped: opener.dropped };
  const clients = [];
  const up = new Set();
  let closed = false;
  const relay = {
    self, topic: room.topic, stats, onDown: () => {}, onDrop: () => {},
    get live() { return up.size; },
    async send(body) {
      const bytes = await sealer.seal(body);
      for (const c of up) {
        c.publish(room.topic, bytes, { qos: QOS });
        stats.sent += 1; stats.sentBytes += bytes.length;
      }
      return up.size;
    },
    close() {
      closed = true;
      for (const c of clients) { try { c.end(true); } catch { /* gone */ } }
      up.clear();
    },
  };
  const ready = new Promise((resolve, reject) => {
    let settled = false;
    const none = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer); relay.close(); reject(new RelayError("no_relay", urls.join(" ")));
    };
    const timer = setTimeout(() => { if (!up.size) none(); }, waitMs);
    const failed = new Set();       // brokers that closed before they were ever up: all of them, no relay at once
    for (const url of urls) {
      let c;
      try {
        c = lib.connect(url, { clientId: `tp${self}${clients.length}`, clean: true, keepalive: KEEPALIVE_S, protocolVersion: 4,
          reconnectPeriod: 0, connectTimeout: waitMs, timerVariant: "native" });   // (its worker timers come from a blob: URL, which the CSP refuses)
      } catch (err) {
        console.warn("together: relay", url, err.message);
        continue;
      }
      clients.push(c);
      c.on("connect", () => {
        c.subscribe(room.topic, { qos: QOS }, (err) => {
          if (err || closed) return;
          up.add(c);
          clearTimeout(timer);
          settled = true;
          resolve(relay);
        });
      });
      c.on("message", (topic, payload) => {
        if (topic !== room.topic || closed) return;
        stats.received += 1; stats.receivedBytes += payload.length;
        opener.open(new Uint8Array(payload.buffer, payload.byteOffset, payload.length))
          .then((s) => { if (!closed) onSignal(s); }, (err) => {
            if (!(err instanceof SealError)) console.warn(err);
            relay.onDrop(stats.dropped);
          });
      });
      const lose = () => {
        if (closed) return;
        if (!up.delete(c)) {
          failed.add(c);
          if (failed.size === clients.length && !up.size) none();
          return;
        }
        if (!up.size) relay.onDown();
      };
      c.on("close", lose);
      c.on("offline", lose);
      c.on("error", (err) => { console.warn("together: relay", url, err && err.message); lose(); });
    }
    if (!clients.length) none();
  });
  return ready;
}
