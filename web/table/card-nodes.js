// The cards on a table as nodes: a card of the person's hand (a button), a face shown on the
// felt, the backs of another seat's hand, the deal sliding into the hand, arrow keys along a
// row. The card drawings themselves are web/card-faces.js's.
import { t } from "../i18n.js";
import { h, patch, setAttr, motionOn } from "../ui.js";
import { cardSVG, cardName } from "../card-faces.js";

/** Delay between two cards of a deal sliding into your hand. */
export const DEAL_STEP_MS = 70;

export function cardButton(text, { onclick } = {}) {
  return h("button", { type: "button", class: "card", dataset: { card: text }, svg: cardSVG(text), onclick });
}

/** A hand card's state: playable or not (dimmed, named so), its accessible name, extra classes. */
export function updateCard(btn, { legal = true, label = null, classes = {} } = {}) {
  const name = label || cardName(btn.dataset.card);
  btn.classList.toggle("illegal", !legal);
  for (const [cls, on] of Object.entries(classes)) btn.classList.toggle(cls, !!on);
  setAttr(btn, "aria-label", legal ? name : t("card.not_playable", { card: name }));
  setAttr(btn, "aria-disabled", legal ? null : "true");
  return btn;
}

export function cardFace(text, extraClass = "") {
  return h("div", { class: `card face ${extraClass}`.trim(), role: "img", "aria-label": cardName(text), dataset: { card: text }, svg: cardSVG(text) });
}

/** The backs of a seat's cards (drawn by app.css). */
export function backs(el, n) {
  return patch(el, String(n), () => { for (let i = 0; i < n; i++) el.append(h("div", { class: "card back" })); });
}

/** The cards of a new deal slide into the hand one after the other. */
export function dealIn(cards) {
  if (!motionOn()) return;
  cards.forEach((el, i) => {
    el.style.setProperty("--deal-delay", `${i * DEAL_STEP_MS}ms`);
    el.classList.add("dealt");
    el.addEventListener("animationend", () => el.classList.remove("dealt"), { once: true });
  });
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
