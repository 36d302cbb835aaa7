// Join a table played together: scan (or paste) the host's code for your seat, show your
// answer (QR code and text) for the host to scan, then play at the host's table. If the
// connection is lost, join again with a new code from the host: nothing played is lost,
// the host's engine keeps the match. docs/play-together.md.
import { t } from "../i18n.js";
import { h, clear, toast } from "../ui.js";
import { tableOf } from "../games.js";

/** How long the guest waits for the host's welcome once the channel is open. */
const WELCOME_TIMEOUT_MS = 15_000;
/** Set in this tab's sessionStorage while the guest sits at a table: a reload (or the tab
 * brought back after the phone dropped it) cuts the link to the host, and the join screen it
 * opens on then says what happened and what to do, instead of a blank form. */
const SEATED_KEY = "tapete.joinSeated";
function seatedBefore() {
  try {
    const was = sessionStorage.getItem(SEATED_KEY);
    sessionStorage.removeItem(SEATED_KEY);
    return !!was;
  } catch { return false; }
}
function markSeated(on) {
  try {
    if (on) sessionStorage.setItem(SEATED_KEY, "1");
    else sessionStorage.removeItem(SEATED_KEY);
  } catch { /* no storage: no notice after a reload */ }
}

/** The app's header over the join steps; the table's own header once seated. */
function appBar(on) {
  const bar = document.getElementById("bar");
  if (bar) bar.hidden = !on;
  document.body.dataset.screen = on ? "join" : "play";
}

export function showJoin(root) {
  let alive = true;
  let session = null;
  let table = null;
  let pending = null;          // a channel not yet at the table
  let input = null;

  const cutByReload = seatedBefore();   // (read once: the notice is for the first form only)
  let firstPage = true;

  const page = () => {
    clear(root);
    appBar(true);
    const steps = h("div", { class: "join-steps" });
    const notice = firstPage && cutByReload
      ? h("p", { class: "join-notice", role: "status", id: "rejoin-notice", text: t("together.reloaded") }) : null;
    firstPage = false;
    const sec = h("section", { class: "page join" },
      h("h1", { text: t("together.join_title") }),
      notice,
      h("p", { class: "join-step", text: t("together.guest_step1") }),
      steps,
      h("p", { class: "muted small-print", text: t("together.network_hint") }));
    root.append(sec);
    return steps;
  };

  const start = async () => {
    const steps = page();
    const [{ answerOffer }, widgets] = await Promise.all([import("../together/peer.js"), import("../together/widgets.js")]);
    if (!alive) return;
    input = widgets.codeInput({
      label: t("together.offer_label"), button: t("together.join"), idPrefix: "offer",
      use: async (text) => {
        const g = await answerOffer(text);          // CodeError, PeerError
        if (!alive) { g.channel.close(); return; }
        pending = g.channel;
        waitForHost(steps, g, widgets);
      },
    });
    steps.append(input.el);
  };

  const waitForHost = (steps, g, widgets) => {
    const status = h("p", { class: "code-status", role: "status", id: "guest-status", text: t("together.waiting_host") });
    widgets.put(steps,
      h("p", { class: "join-step", text: t("together.guest_step2") }),
      widgets.codeBox(g.code, t("together.answer_qr_label")),
      status,
      h("button", { type: "button", class: "btn", onclick: () => { g.channel.close(); pending = null; start(); } }, t("together.start_over")));
    let first = null;
    g.channel.onmessage = (m) => { if (!first) first = m; };
    // once open, the host seats the guest at once: its welcome is the first message
    const welcome = () => new Promise((resolve, reject) => {
      if (first) { resolve(first); return; }
      const timer = setTimeout(() => reject(Object.assign(new Error("no welcome"), { code: "no_welcome" })), WELCOME_TIMEOUT_MS);
      g.channel.onmessage = (m) => { clearTimeout(timer); resolve(m); };
    });
    g.channel.opened
      .then(() => { if (alive) status.textContent = t("together.connected_wait"); return welcome(); })
      .then((m) => seat(g.channel, m))
      .catch((err) => {
        if (!alive) return;
        g.channel.close();
        pending = null;
        status.dataset.kind = "error";
        status.textContent = widgets.errorText(err);
      });
  };

  const seat = async (channel, first) => {
    const [{ GuestSession }, { checkFromHost }] = await Promise.all([import("../together/guest.js"), import("../together/protocol.js")]);
    const welcome = checkFromHost(first);        // ProtocolError: not a welcome
    if (welcome.t !== "welcome") throw Object.assign(new Error("not a welcome"), { code: "bad_message" });
    if (!alive) { channel.close(); return; }
    pending = null;
    session = new GuestSession(channel, welcome, {
      onLost: (reason) => lost(reason),
      onStored: () => toast(t("together.kept")),
      onFinished: () => markSeated(false),   // nothing left to join: no notice after a reload
    });
    const Table = await tableOf(welcome.game);   // (checkFromHost: a game of web/games.js)
    if (!alive) { session.destroy(); return; }
    clear(root);
    appBar(false);      // the table has its own header
    markSeated(true);
    table = new Table(root, session.record, { session });
    await table.mount();
  };

  const lost = (reason) => {
    if (!alive) return;
    const over = session && session.finished;
    if (over || reason === "over") markSeated(false);
    const bar = h("div", { class: "lost-bar", role: "alert", id: "lost-bar" },
      h("p", { text: over ? t("together.over_left") : reason === "over" ? t("together.over_left") : t("together.lost") }),
      over ? null : h("button", { type: "button", class: "btn primary", id: "join-again", onclick: () => { leave(); start(); } }, t("together.join_again")));
    const old = document.getElementById("lost-bar");
    if (old) old.remove();
    root.prepend(bar);
  };

  const leave = () => {
    markSeated(false);   // left on purpose (another screen, join again): no notice later
    if (table) { table.destroy(); table = null; }
    if (session) { session.destroy(); session = null; }
    if (pending) { pending.close(); pending = null; }
    if (input) { input.stop(); input = null; }
  };

  start();
  return { destroy() { alive = false; leave(); } };
}
