// Pieces both tables share: seats around the table, card buttons, the top bar,
// the table menu (share, export, help), the damaged-match screen.
import { t } from "../i18n.js";
import { h, clear, dialog, toast, announce } from "../ui.js";
import { cardSVG, cardName } from "../cards.js";
import * as store from "../store.js";
// the menu's share and export are loaded when first used (not needed to draw the table)
const shareMatch = async (...a) => (await import("../share.js")).shareMatch(...a);
const exportRecord = async (...a) => (await import("../screens/history.js")).exportRecord(...a);

/** Where a seat sits on screen for the person at seat 0. */
export function position(seat, seats, nextSits = "right") {
  if (seats === 2) return seat === 0 ? "bottom" : "top";
  const order = nextSits === "left" ? ["bottom", "left", "top", "right"] : ["bottom", "right", "top", "left"];
  return order[(seat % 4 + 4) % 4];
}

export function seatName(seat, seats, nextSits = "right") {
  if (seat === 0) return t("seat.you");
  if (seats === 2) return t("seat.rival");
  return t(`seat.${position(seat, seats, nextSits)}`);
}

export function sideName(side) { return t(side === 0 ? "side.us" : "side.them"); }

export function cardButton(text, { legal = true, onclick, small = false, label, extraClass = "" } = {}) {
  const name = label || cardName(text);
  return h("button", {
    type: "button",
    class: `card ${small ? "small" : ""} ${legal ? "" : "illegal"} ${extraClass}`.trim(),
    "aria-label": legal ? name : t("card.not_playable", { card: name }),
    "aria-disabled": legal ? null : "true",
    dataset: { card: text },
    svg: cardSVG(text),
    onclick,
  });
}

export function cardFace(text, extraClass = "") {
  return h("div", { class: `card face ${extraClass}`.trim(), role: "img", "aria-label": cardName(text), dataset: { card: text }, svg: cardSVG(text) });
}

export function backs(n, extraClass = "") {
  const wrap = h("div", { class: `backs ${extraClass}`.trim(), "aria-hidden": "true" });
  for (let i = 0; i < n; i++) wrap.append(h("div", { class: "card back" }));   // drawn by app.css
  return wrap;
}

/** Left/right arrow keys move focus between the buttons of a row. */
export function rovingKeys(container) {
  container.addEventListener("keydown", (e) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
    const btns = [...container.querySelectorAll("button")];
    const i = btns.indexOf(document.activeElement);
    if (i < 0) return;
    let j = i;
    if (e.key === "ArrowLeft") j = Math.max(0, i - 1);
    if (e.key === "ArrowRight") j = Math.min(btns.length - 1, i + 1);
    if (e.key === "Home") j = 0;
    if (e.key === "End") j = btns.length - 1;
    btns[j].focus();
    e.preventDefault();
  });
}

export function topBar({ title, onMenu }) {
  const titleEl = h("h1", { class: "ttitle" });   // the page's heading (axe page-has-heading-one)
  const subEl = h("div", { class: "tsub" });
  const scoreEl = h("div", { class: "score" });
  const bar = h("header", { class: "tbar" },
    h("a", { class: "icon-btn", href: "#/", "aria-label": t("nav.home") }, h("span", { "aria-hidden": "true", text: "‹" })),
    h("div", { class: "tinfo" }, titleEl, subEl),
    scoreEl,
    h("button", { type: "button", class: "icon-btn", "aria-label": t("table.menu"), onclick: onMenu },
      h("span", { "aria-hidden": "true", text: "⋯" })));
  titleEl.textContent = title;
  return { bar, titleEl, subEl, scoreEl };
}

export async function tableMenu(session, extra = []) {
  const choice = await dialog({
    title: t("table.menu"),
    body: h("p", { class: "muted", text: t("table.menu_hint") }),
    buttons: [
      ...extra,
      { label: t("share.button"), value: "share" },
      { label: t("history.export"), value: "export" },
      { label: t("nav.help"), value: "help" },
      { label: t("nav.home"), value: "home" },
      { label: t("close"), value: "close", primary: true },
    ],
    className: "menu",
  });
  if (choice === "share") await shareMatch(session.match);
  else if (choice === "export") await exportRecord(session.record);
  else if (choice === "help") location.hash = `#/help/${session.match.game}`;
  else if (choice === "home") location.hash = "#/";
  return choice;
}

export function damagedScreen(root, record, message) {
  clear(root);
  root.append(h("section", { class: "page damaged", role: "alert" },
    h("h1", { text: t("damaged.title") }),
    h("p", { text: t("damaged.body") }),
    h("p", { class: "error-text", text: message }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", onclick: () => exportRecord(record, true) }, t("damaged.export_raw")),
      h("button", {
        type: "button", class: "btn danger", onclick: async () => {
          await store.deleteMatch(record.id);
          toast(t("history.deleted"));
          location.hash = "#/history";
        },
      }, t("history.delete")),
      h("a", { class: "btn primary", href: "#/" }, t("nav.home")))));
}

/** What both tables share: the "thinking" marker of a computer seat and the banner. */
export class TableBase {
  thinking(seat) {
    if (this.destroyed) return;
    this.thinkingSeat = seat;
    if (this.view && !this.frozen) this.render(this.view);
  }

  banner(text) {
    this.bannerEl.textContent = text;
    this.bannerEl.classList.remove("show");
    void this.bannerEl.offsetWidth;
    this.bannerEl.classList.add("show");
    clearTimeout(this.bannerTimer);
    this.bannerTimer = setTimeout(() => this.bannerEl.classList.remove("show"), 1900);
  }

  /** The match-over dialog; each table supplies newMatchHash() for 'play again'. */
  async matchOver(view) {
    if (this.destroyed) return;
    const text = t(view.winner === 0 ? "result.we_won" : "result.they_won");
    announce(text);
    const choice = await dialog({
      title: t("result.title"),
      body: [h("p", { class: "hand-result", text }), h("p", { text: t("table.score_label", { us: view.score[0], them: view.score[1] }) })],
      buttons: [{ label: t("result.again"), value: "again", primary: true }, { label: t("nav.home"), value: "home" }, { label: t("close"), value: "close" }],
      className: "match-over",
    });
    if (choice === "again") location.hash = this.newMatchHash();
    else if (choice === "home") location.hash = "#/";
  }
}
