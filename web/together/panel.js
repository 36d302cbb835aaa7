// The host's seats panel: for each friend's seat, whether its person is at the table; if not,
// its invitation: a link to send through the phone's share sheet to any chat app, and (in one
// room) its QR code and text; a place for the friend's answer (opened as a link, pasted or
// scanned), what became of it, and "let a computer play this seat" while the friend is away.
// Below, the watchers: those watching, and an invitation for one more.
import { t } from "../i18n.js";
import { h, dialog } from "../ui.js";
import { codeBox, codeInput, errorText, put, shareButton } from "./widgets.js";
import { isWatchSlot } from "./invite.js";

/** One slot's row (a friend's seat, or a watcher's place): {el, update()}. */
function slotRow(session, slot) {
  const name = session.slotName(slot);
  const watcher = isWatchSlot(slot);
  const chip = h("span", { class: "chip seat-state" });
  const el = h("section", { class: "seat-entry", dataset: { seat: String(slot) } }, h("h3", {}, name, " ", chip));
  const body = h("div", { class: "seat-join" });
  const show = h("button", { type: "button", class: "btn primary", dataset: { show: String(slot) } },
    t(watcher ? "watch.invite" : "together.invite"));
  const computer = watcher ? null : h("button", { type: "button", class: "btn", dataset: { computer: String(slot) },
    onclick: () => session.letComputerPlay(slot) }, t("together.let_computer"));
  let input = null;

  const invite = async (fresh = false) => {
    show.hidden = true;
    put(body, h("p", { class: "muted", text: t("together.making_code") }));
    try {
      const inv = await session.invite(slot, { fresh });
      input = codeInput({
        label: t("together.answer_label"), button: t("together.connect"), idPrefix: `answer-${slot}`,
        use: async (text) => { session.note(slot, null); await session.accept(text); },
      });
      const again = h("button", { type: "button", class: "btn", dataset: { fresh: String(slot) }, onclick: () => invite(true) },
        t("together.new_invitation"));
      put(body,
        h("p", { class: "join-step", text: t(watcher ? "watch.host_step1" : "together.host_step1", { name }) }),
        shareButton({ url: inv.link, title: t("together.invite_share_title"), text: t("together.invite_share_text"),
          label: t("together.send_invitation"), id: `invite-${slot}` }),
        h("p", { class: "join-step", text: t("together.host_step1_room") }),
        codeBox(inv.text, t("together.qr_label", { name })),
        h("p", { class: "join-step", text: t("together.host_step2") }),
        input.el,
        again);
      update();
    } catch (err) {
      put(body, h("p", { class: "error-text", text: errorText(err) }));
      show.hidden = false;
    }
  };
  show.addEventListener("click", () => invite());
  el.append(show, body);
  if (computer) el.append(computer);

  const update = () => {
    const s = watcher ? { live: session.watchers.has(slot), computer: false } : session.seatList()[slot];
    const state = s.live ? t(watcher ? "watch.state.live" : "together.state.live")
      : s.computer ? t("together.state.computer") : t("together.state.away");
    chip.textContent = state;
    chip.className = `chip seat-state ${s.live ? "live" : "away"}`;
    el.classList.toggle("live", s.live);
    el.classList.toggle("away", !s.live);
    if (s.live && input) { input.stop(); input = null; put(body); show.hidden = false; }   // the next time: a new invitation
    show.hidden = s.live || !!input;
    body.hidden = s.live;
    if (computer) computer.hidden = s.live || s.computer || session.over;
    const note = session.notes.get(slot);
    if (input && note) input.say(note.text, note.kind);
  };
  update();
  return { el, update, slot, stop: () => { if (input) input.stop(); } };
}

/** The table online: a button that opens it, then its one link (share sheet, QR code). */
function onlineBlock(session) {
  const el = h("section", { class: "online-block", id: "online-block" });
  const go = h("button", { type: "button", class: "btn primary", id: "go-online" }, t("online.open"));
  let shown = null;
  const update = () => {
    const door = session.online;
    if (door) door.onDrop = (dropped) => { el.dataset.dropped = JSON.stringify(dropped); };   // (what the door dropped: tests)
    const state = !door ? "closed" : door.failed ? "failed" : door.live ? "live" : "down";
    if (state === shown) return;
    shown = state;
    if (state === "closed") { put(el, h("p", { class: "muted", text: t("online.hint") }), go); return; }
    if (state === "failed") {
      put(el, h("p", { class: "error-text", id: "online-status", dataset: { state }, text: t("online.no_relay_host") }), go);
      return;
    }
    put(el,
      h("p", { class: "join-step", text: t("online.step") }),
      shareButton({ url: door.link, title: t("online.share_title"), text: t("online.share_text"), label: t("online.share"), id: "share-table" }),
      codeBox(door.link, t("online.qr_label")),
      h("p", { class: "muted small-print", id: "online-status", dataset: { state }, text: t(state === "live" ? "online.live" : "online.down") }),
      state === "down" ? go : null);
  };
  go.addEventListener("click", async () => {
    go.disabled = true;
    put(el, h("p", { class: "muted", id: "online-status", text: t("online.opening") }));
    shown = null;
    try { await session.goOnline(); } catch { /* said by update */ }
    go.disabled = false;
    update();
  });
  update();
  return { el, update };
}

/** The panel, as a dialog; it follows the seats while open. Resolves when closed. */
export async function openSeatsPanel(session) {
  const seats = h("div", { class: "seat-list" });
  const watch = h("div", { class: "seat-list watch-list" });
  const rows = new Map();
  const online = onlineBlock(session);
  const rowOf = (slot) => {
    if (!rows.has(slot)) rows.set(slot, slotRow(session, slot));
    return rows.get(slot);
  };
  const render = () => {
    put(seats, ...session.seatList().filter((s) => s.kind === "person").map((s) => rowOf(s.seat).el));
    // every watcher here, then one place to invite one more (while there is room)
    const free = session.freeWatchSlot();
    const slots = [...session.watching(), ...(free === null ? [] : [free])];
    for (const slot of rows.keys()) {
      if (isWatchSlot(slot) && !slots.includes(slot) && !rows.get(slot).el.querySelector(".code-box")) rows.delete(slot);
    }
    const shown = [...new Set([...slots, ...[...rows.keys()].filter(isWatchSlot)])].sort((a, b) => a - b);
    put(watch, ...shown.map((slot) => rowOf(slot).el));
    for (const row of rows.values()) row.update();
    online.update();
  };
  render();
  const off = session.onChange(render);
  try {
    await dialog({
      title: t("together.seats"),
      body: [online.el, h("p", { class: "muted", text: t("together.panel_hint") }), seats,
        h("h3", { class: "watch-title", text: t("watch.title") }), h("p", { class: "muted", text: t("watch.hint") }), watch,
        h("p", { class: "muted small-print", text: t("together.network_hint") })],
      buttons: [{ label: t("close"), value: true, primary: true }],
      className: "seats-panel",
      id: "seats-panel",
    });
  } finally {
    off();
    for (const row of rows.values()) row.stop();   // (a camera left scanning)
  }
}
