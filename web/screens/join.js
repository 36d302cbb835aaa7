// Join a table played together: the host's invitation for your seat (a link that opened this
// screen with it filled in, its QR code scanned, or its text pasted), then your answer sent
// back the same way (a link through the share sheet, a QR code, the text), then play at the
// host's table, or watch it (a watcher's invitation). If the connection is lost, join again
// with a new invitation from the host: nothing played is lost, the host's engine keeps the
// match. docs/play-together.md.
import { t, has } from "../i18n.js";
import { h, clear, toast, closeDialogs } from "../ui.js";
import { tableOf } from "../games.js";

/** A table link: how long the phone waits for the host's invitation after knocking (no
 * answer: the table is closed, or the host's phone is offline), and when it knocks again. */
export const KNOCK_WAIT_MS = 6_000;
const KNOCK_AGAIN_MS = 1_500;
/** A table link: from the answer sent to the channel open; past it, the two-message flow. */
export const SIT_OPEN_MS = 8_000;
/** How long the guest waits for the host's welcome once the channel is open. */
const WELCOME_TIMEOUT_MS = 15_000;
/** How long a guest waits for the host to open its answer: a chat may take minutes. */
export const GUEST_WAIT_MS = 10 * 60_000;
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

/** `query`: the route's (an invitation link: v, o, k), or ""; `sit`: a table link's query
 * (#/sit?…): the phone sits down through the relays, or falls back to the form. */
export function showJoin(root, query = "", { sit = "" } = {}) {
  let alive = true;
  let session = null;
  let table = null;
  let pending = null;          // a channel not yet at the table
  let unsit = null;            // leaves the relays of a table link (sitDown), while at the door
  let input = null;

  const cutByReload = seatedBefore();   // (read once: the notice is for the first form only)
  let firstPage = true;
  // an invitation link opened this screen: its text fills the form (or its fault is said)
  let invited = query ? `#/join?${query}` : "";

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

  const start = async (prefill = "", notice = null) => {
    const steps = page();
    if (notice) steps.append(notice);
    const [peer, widgets, invite] = await Promise.all([import("../together/peer.js"), import("../together/widgets.js"),
      import("../together/invite.js")]);
    if (!alive) return;
    input = widgets.codeInput({
      label: t("together.offer_label"), button: t("together.join"), idPrefix: "offer",
      use: async (text) => {
        const inv = invite.readInvitation(text);        // CodeError, InviteError
        // across the internet nothing reaches the guest before the host opens its answer, which
        // a chat may bring minutes later: the guest waits that long (patient: through ICE giving
        // up meanwhile) and says what may be wrong after UNREACHABLE_MS (waitForHost)
        const g = await peer.answerOffer(inv.code, { timeoutMs: GUEST_WAIT_MS, unreachableMs: GUEST_WAIT_MS, patient: true });   // CodeError, PeerError
        if (!alive) { g.channel.close(); return; }
        pending = g.channel;
        const [answer, link] = await Promise.all([invite.answerText(g.code, inv.secret), invite.answerLink(g.code, inv.secret)]);
        if (!alive) { g.channel.close(); return; }
        waitForHost(steps, g, inv, { answer, link }, widgets, text, peer.UNREACHABLE_MS);
      },
    });
    steps.append(input.el);
    const link = invited;
    invited = "";
    if (link) {
      try {
        const inv = invite.readInvitation(link);
        input.area.value = invite.invitationText(inv.code, inv.secret);
        input.say(t(invite.isWatchSlot(inv.info.seat) ? "together.invited_watch" : "together.invited"));
      } catch (err) {
        input.say(widgets.errorText(err), "error");
      }
    } else if (prefill) {
      input.area.value = prefill;
    }
  };

  const waitForHost = (steps, g, inv, answer, widgets, invitationText, unreachableMs) => {
    const status = h("p", { class: "code-status", role: "status", id: "guest-status", text: t("together.waiting_host") });
    const again = h("button", { type: "button", class: "btn", id: "join-retry", hidden: true,
      onclick: () => { g.channel.close(); pending = null; start(invitationText); } }, t("together.try_again"));
    // No path yet `unreachableMs` after the answer was made (or sent again): in one room the
    // phones reach each other at once (the host's phone answers the checks before it opens the
    // answer), so this is the network; across the internet it may also be a host that has not
    // opened the answer yet, which the guest cannot tell (docs/play-together.md). Say both and
    // offer a retry, and keep waiting: a late answer still seats the friend.
    let hintTimer = null;
    const hint = () => {
      if (!alive || g.channel.state !== "connecting" || g.channel.reached) return;
      status.dataset.kind = "error";
      status.textContent = t("together.unreachable_wait");
      again.hidden = false;
    };
    const armHint = () => {
      clearTimeout(hintTimer);
      hintTimer = setTimeout(hint, unreachableMs);
      if (status.dataset.kind === "error" && g.channel.state === "connecting") {
        delete status.dataset.kind;
        status.textContent = t("together.waiting_host");
      }
    };
    armHint();
    widgets.put(steps,
      h("p", { class: "join-step", text: t("together.guest_step2") }),
      widgets.shareButton({ url: answer.link, title: t("together.answer_share_title"), text: t("together.answer_share_text"),
        label: t("together.send_answer"), id: "send-answer", onsent: armHint }),
      h("p", { class: "muted", text: t("together.answer_or_qr") }),
      widgets.codeBox(answer.answer, t("together.answer_qr_label")),
      status,
      again,
      h("button", { type: "button", class: "btn", id: "join-over", onclick: () => { g.channel.close(); pending = null; start(); } },
        t("together.start_over")));
    let first = null;
    g.channel.onmessage = (m) => { if (!first) first = m; };
    // once open, the phone shows its seat key; the host then seats it at once: its welcome
    // (or, without the right key, its goodbye) is the first message
    const welcome = () => new Promise((resolve, reject) => {
      if (first) { resolve(first); return; }
      const timer = setTimeout(() => reject(Object.assign(new Error("no welcome"), { code: "no_welcome" })), WELCOME_TIMEOUT_MS);
      g.channel.onmessage = (m) => { clearTimeout(timer); resolve(m); };
    });
    g.channel.opened
      .then(async () => {
        const { msg } = await import("../together/messages.js");
        clearTimeout(hintTimer);
        g.channel.send(msg.hello(inv.secret));
        if (alive) { delete status.dataset.kind; status.textContent = t("together.connected_wait"); again.hidden = true; }
        return welcome();
      })
      .then((m) => seat(g.channel, m))
      .catch((err) => {
        clearTimeout(hintTimer);
        if (!alive) return;
        g.channel.close();
        pending = null;
        status.dataset.kind = "error";
        status.textContent = widgets.errorText(err);
        again.hidden = false;
      });
  };

  // ---------------------------------------------------------------- a table link (one tap)
  /** Sits down through the relays (docs/play-together.md, "One link"): knock, the host's
   * invitation comes sealed, the answer goes back sealed, the channel opens and the phone
   * leaves the relays. Anything that stops it says why and offers the two-message form. */
  const sitDown = async (linkQuery, want = "seat") => {
    const steps = page();
    const status = h("p", { class: "code-status", role: "status", id: "sit-status", text: t("online.finding") });
    steps.append(status);
    const [online, relays, peer, invite, widgets, store] = await Promise.all([import("../together/online-link.js"),
      import("../together/relay.js"), import("../together/peer.js"), import("../together/invite.js"),
      import("../together/widgets.js"), import("../store.js")]);
    if (!alive) return;
    let relay = null, done = false, timer = null, again = null, g = null;
    const stop = () => { done = true; clearTimeout(timer); clearInterval(again); if (relay) relay.close(); relay = null; };
    unsit = stop;                 // (leaving the screen leaves the relays too)
    /** The two-message form, under the reason (`key`, or an error's words). */
    const fallback = (text, force = false) => {
      if ((done && !force) || !alive) return;
      stop();
      if (g && g.channel.state !== "open") { g.channel.close(); pending = null; }
      start("", h("p", { class: "join-notice", role: "alert", id: "sit-fallback", text }));
    };
    let secret;
    try {
      secret = online.readTableLink(linkQuery);
    } catch (err) {
      fallback(has(`online.err.${err.code}`) ? t(`online.err.${err.code}`) : widgets.errorText(err));
      return;
    }
    const onSignal = async ({ from, body }) => {
      if (done || !relay || body.to !== relay.self) return;
      if (body.t === "full") {
        stop();
        const watch = body.watch && want === "seat";
        put(steps, h("p", { class: "join-notice", role: "status", id: "sit-full",
          text: t(watch ? "online.full_watch" : "online.full") }),
        watch ? h("button", { type: "button", class: "btn primary", id: "sit-watch", onclick: () => sitDown(linkQuery, "watch") },
          t("online.watch")) : null);
        return;
      }
      if (body.t !== "invite" || g) return;
      clearTimeout(timer); clearInterval(again);
      status.textContent = t("online.sitting");
      try {
        const inv = invite.readInvitation(body.text);
        g = await peer.answerOffer(inv.code, { timeoutMs: SIT_OPEN_MS, unreachableMs: SIT_OPEN_MS });
        if (done || !alive) { g.channel.close(); return; }
        pending = g.channel;
        await relay.send({ t: "answer", to: from, text: await invite.answerText(g.code, inv.secret) });
        timer = setTimeout(() => fallback(t("online.no_seat")), SIT_OPEN_MS);
        g.channel.opened.then(() => { clearTimeout(timer); stop(); }, () => {});
        enter(g, inv, status, (err) => fallback(widgets.errorText(err), true));
      } catch (err) {
        fallback(widgets.errorText(err));
      }
    };
    try {
      relay = await relays.openRelay(secret, { urls: online.relaysOf(store.getSettings()), onSignal });
    } catch {
      fallback(t("online.no_relay"));
      return;
    }
    if (!alive || done) { relay.close(); relay = null; return; }
    relay.onDown = () => fallback(t("online.relay_lost"));
    const knock = () => relay && relay.send({ t: "knock", want }).catch(() => {});
    timer = setTimeout(() => fallback(t("online.no_table")), KNOCK_WAIT_MS);
    again = setInterval(knock, KNOCK_AGAIN_MS);
    knock();
  };
  const put = (el, ...nodes) => { clear(el); el.append(...nodes.filter(Boolean)); };

  /** Once the channel is open: the seat key shown, the host's welcome, the table. */
  const enter = (g, inv, status, onError) => {
    let first = null, waiting = null;
    g.channel.onmessage = (m) => { if (waiting) waiting(m); else if (!first) first = m; };
    g.channel.opened
      .then(async () => {
        const { msg } = await import("../together/messages.js");
        g.channel.send(msg.hello(inv.secret));
        if (alive) status.textContent = t("together.connected_wait");
        return first || new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(Object.assign(new Error("no welcome"), { code: "no_welcome" })), WELCOME_TIMEOUT_MS);
          waiting = (m) => { clearTimeout(timer); waiting = null; resolve(m); };
        });
      })
      .then((m) => seat(g.channel, m))
      .catch((err) => { if (alive) onError(err); });
  };

  let kinds = null;            // guest.js's sessions, once loaded
  /** The session of `welcome` on `channel` (guest.js loaded: made at once, so that it takes
   * the channel's messages from the very next one). */
  const makeSession = (channel, welcome) => {
    const Kind = welcome.seat === null ? kinds.WatcherSession : kinds.GuestSession;
    return new Kind(channel, welcome, {
      onLost: (reason) => lost(reason),
      onStored: () => toast(t("together.kept")),
      onFinished: () => markSeated(false),   // nothing left to join: no notice after a reload
      onAgain: (next) => nextMatch(channel, next),
    });
  };

  const seat = async (channel, first) => {
    const { checkFromHost } = await import("../together/messages.js");
    const welcome = checkFromHost(first);        // ProtocolError: not a message of this table
    if (welcome.t === "bye") throw Object.assign(new Error("not seated"), { code: welcome.reason === "not_invited" ? "refused_key" : "closed" });
    if (welcome.t !== "welcome") throw Object.assign(new Error("not a welcome"), { code: "bad_message" });
    kinds = await import("../together/guest.js");
    if (!alive) { channel.close(); return; }
    pending = null;
    session = makeSession(channel, welcome);
    await mount(welcome);
    if (welcome.seat === null) toast(t("watch.watching"));
  };

  const mount = async (welcome) => {
    const Table = await tableOf(welcome.game);   // (checkFromHost: a game of web/games.js)
    if (!alive) { session.destroy(); return; }
    clear(root);
    appBar(false);      // the table has its own header
    markSeated(true);
    root.dataset.watching = welcome.seat === null ? "1" : "";
    table = new Table(root, session.record, { session });
    await table.mount();
  };

  /** The host played again: the next match at the same table, on the same channel. */
  const nextMatch = async (channel, welcome) => {
    if (!alive) return;
    session = makeSession(channel, welcome);     // (first: it takes the channel's next message)
    closeDialogs();                              // the last match's result
    const old = table;
    table = null;
    if (old) old.destroy();                      // (its session handed the channel over)
    await mount(welcome);
    toast(t("together.next_match"));
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
    if (unsit) { unsit(); unsit = null; }
    if (input) { input.stop(); input = null; }
  };

  if (sit) sitDown(sit); else start();
  return { destroy() { alive = false; leave(); } };
}
