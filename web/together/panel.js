// The host's seats panel: for each friend's seat, whether its person is at the table; if
// not, the seat's code (QR and text) for the friend to scan, a place for the friend's answer
// (paste or scan), and "let a computer play this seat" while the friend is away.
import { t } from "../i18n.js";
import { h, dialog } from "../ui.js";
import { seatName } from "../table/perspective.js";
import { codeBox, codeInput, errorText, put } from "./widgets.js";

function seatLine(session, s) {
  const name = seatName(s.seat, session.kinds.length);
  const state = s.live ? t("together.state.live") : s.computer ? t("together.state.computer") : t("together.state.away");
  const row = h("section", { class: `seat-entry ${s.live ? "live" : "away"}`, dataset: { seat: String(s.seat) } },
    h("h3", {}, name, " ", h("span", { class: `chip seat-state ${s.live ? "live" : "away"}`, text: state })));
  if (s.live) return row;
  const body = h("div", { class: "seat-join" });
  const show = h("button", { type: "button", class: "btn primary", dataset: { show: String(s.seat) } }, t("together.show_code"));
  show.addEventListener("click", async () => {
    show.disabled = true;
    show.hidden = true;
    put(body, h("p", { class: "muted", text: t("together.making_code") }));
    try {
      const code = await session.offer(s.seat);
      const input = codeInput({
        label: t("together.answer_label"), button: t("together.connect"), idPrefix: `answer-${s.seat}`,
        use: async (text) => { await session.accept(text); },
      });
      put(body,
        h("p", { class: "join-step", text: t("together.host_step1", { name }) }),
        codeBox(code, t("together.qr_label", { name })),
        h("p", { class: "join-step", text: t("together.host_step2") }),
        input.el);
    } catch (err) {
      put(body, h("p", { class: "error-text", text: errorText(err) }));
      show.disabled = false;
      show.hidden = false;
    }
  });
  row.append(show, body);
  if (!s.computer && !session.over) {
    row.append(h("button", { type: "button", class: "btn", dataset: { computer: String(s.seat) },
      onclick: () => session.letComputerPlay(s.seat) }, t("together.let_computer")));
  }
  return row;
}

/** The panel, as a dialog; it follows the seats while open. Resolves when closed. */
export async function openSeatsPanel(session) {
  const list = h("div", { class: "seat-list" });
  const render = () => {
    // a seat whose code is on screen keeps its row (and the code) until its person joins
    const kept = new Map([...list.children].map((el) => [el.dataset.seat, el]));
    const rows = session.seatList().filter((s) => s.kind === "person").map((s) => {
      const old = kept.get(String(s.seat));
      if (old && !s.live && old.classList.contains("away") && old.querySelector(".code-box")) {
        old.querySelector(".seat-state").textContent = s.computer ? t("together.state.computer") : t("together.state.away");
        return old;
      }
      return seatLine(session, s);
    });
    put(list, ...rows);
  };
  render();
  const off = session.onChange(render);
  try {
    await dialog({
      title: t("together.seats"),
      body: [h("p", { class: "muted", text: t("together.panel_hint") }), list, h("p", { class: "muted small-print", text: t("together.network_hint") })],
      buttons: [{ label: t("close"), value: true, primary: true }],
      className: "seats-panel",
      id: "seats-panel",
    });
  } finally {
    off();
  }
}
