// Words for actions and results of the review, the replay, hints and duplicate scoring
// (action texts as the engine writes them: docs/api.md, docs/match-format.md).
import { t, has, fmtNumber } from "../i18n.js";
import { cardName } from "../card-faces.js";

const CARD = /^(?:[1-9]|1[0-2]|[AJQK]|10)[OCEBHDS]$/i;
const card = (text) => (CARD.test(text) ? cardName(text) : text);
const cards = (list) => list.split("+").map(card).join(", ");

/** An action's text in words: "Pass", "the ace of swords", "K♠ takes K♥", "Claim a ronda of 7". */
export function actionLabel(text) {
  if (typeof text !== "string") return String(text);
  if (has(`bid.${text}`)) return t(`bid.${text}`);
  if (text === "noclaim") return t("learn.act.noclaim");
  let m = /^claim:(.+)$/.exec(text);
  if (m) return t("learn.act.claim", { rank: m[1] });
  m = /^take:(.+)$/.exec(text);
  if (m) return t("learn.act.take", { cards: cards(m[1]) });
  m = /^([^:]+):([^>]*)(?:>(.*))?$/.exec(text);
  if (m) {
    const base = t("learn.act.capture", { card: card(m[1]), cards: cards(m[2]) });
    return m[3] ? `${base} ${t("learn.act.sequence", { cards: cards(m[3]) })}` : base;
  }
  return card(text);
}

/** A value in its unit, signed ("+12 points", "−1.5 points", "−1 point") or not (a cost:
 * "12 points"); the unit's plural form is the value's. */
export function valueText(v, unit, signed = true) {
  if (v === null || v === undefined) return "—";
  const n = Math.round(v * 100) / 100;
  const num = (x) => fmtNumber(x, { upTo: 2 });
  const s = !signed ? num(n) : n > 0 ? `+${num(n)}` : n < 0 ? `−${num(Math.abs(n))}` : "0";
  return t(`learn.unit.${unit}`, { v: s, n });
}
