// An answer link reaches the tab that holds the table. The host's connections live in the
// page that shows its table; a chat app opens the friend's answer link wherever it likes: in
// a new tab or window of the app (then it is handed over on the BroadcastChannel
// "tapete-together" to the tab that holds that table), or in that very page (app.js gives it
// to takeHere(), and the table stays on screen). docs/play-together.md, "Invitations and
// answers".
//
//   answer tab -> every tab   {type: "answer", id, table, text}
//   holder     -> answer tab  {type: "taken", id}                 at once: it holds the table
//                             {type: "result", id, ok, slot, code, detail}   once seated, or why not

export const CHANNEL = "tapete-together";
/** How long the answer's tab waits for a tab that holds the table to say so. */
export const REPLY_MS = 1500;

const hosts = new Set();      // the HostSessions of this page
let channel = null;

/** The host session of this page holding table `table`, or null. */
function holderOf(table) {
  for (const host of hosts) if (!host.closed && host.peer && host.peer.table === table) return host;
  return null;
}

/** A host session of this page, listening for answers from other tabs until it is closed
 * (call the function it returns). */
export function register(host) {
  hosts.add(host);
  if (!channel && typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e) => heard(e.data);
  }
  return () => hosts.delete(host);
}

function heard(m) {
  if (!m || m.type !== "answer" || typeof m.id !== "string" || typeof m.table !== "string" ||
      typeof m.text !== "string" || m.id.length > 40 || m.text.length > 4000) return;
  const host = holderOf(m.table);
  if (!host) return;
  channel.postMessage({ type: "taken", id: m.id });
  host.acceptFromLink(m.text).then(
    (slot) => channel.postMessage({ type: "result", id: m.id, ok: true, slot }),
    (err) => channel.postMessage({ type: "result", id: m.id, ok: false, code: String((err && err.code) || "other"),
      detail: String((err && err.message) || err).slice(0, 200) }));
}

/** An answer opened in this very page: its table's session uses it (true), or no session of
 * this page holds that table (false). */
export function takeHere(text, table) {
  const host = holderOf(table);
  if (!host) return false;
  host.acceptFromLink(text).catch(() => {});   // (said in the seats panel)
  return true;
}

/**
 * Hands an answer to the tab that holds its table. Resolves "taken" (a tab holds it; then
 * `onResult({ok, slot, code, detail})` once it has used it) or "none" (no tab answered within
 * REPLY_MS, or no BroadcastChannel here).
 */
export function handOff(text, table, { onResult = () => {}, replyMs = REPLY_MS } = {}) {
  if (typeof BroadcastChannel !== "function") return Promise.resolve("none");
  const bc = new BroadcastChannel(CHANNEL);
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
  return new Promise((resolve) => {
    let taken = false;
    const timer = setTimeout(() => { if (!taken) { bc.close(); resolve("none"); } }, replyMs);
    bc.onmessage = (e) => {
      const m = e.data;
      if (!m || m.id !== id) return;
      if (m.type === "taken" && !taken) { taken = true; clearTimeout(timer); resolve("taken"); }
      if (m.type === "result") { bc.close(); onResult(m); }
    };
    bc.postMessage({ type: "answer", id, table, text });
  });
}
