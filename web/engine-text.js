// The engine explains refusals in English sentences ("you must follow oros with a
// higher card"). This module only translates known sentence shapes into the UI
// language (catalog keys "err.*"); it decides nothing. An unknown sentence is shown
// as the engine wrote it.
import { t, lang } from "./i18n.js";
import { cardName } from "./cards.js";

const SUITS = { oros: "O", copas: "C", espadas: "E", bastos: "B",
  hearts: "H", diamonds: "D", clubs: "C", spades: "S" };

function suit(name) {
  const letter = SUITS[name];
  if (!letter) return name;
  const deck = ["hearts", "diamonds", "clubs", "spades"].includes(name) ? "fr" : "sp";
  return t(`card.${deck}.suit.${letter}`);
}
const bid = (b) => t(`bid.${b}`);
const card = (c) => { try { return cardName(c); } catch { return c; } };

const PATTERNS = [
  [/^you must follow (\w+) with a higher card$/, "err.follow_higher", (m) => ({ suit: suit(m[1]) })],
  [/^you must follow (\w+)$/, "err.follow", (m) => ({ suit: suit(m[1]) })],
  [/^you must over-trump with a higher (\w+)$/, "err.overtrump", (m) => ({ suit: suit(m[1]) })],
  [/^you have no (\w+): you must over-trump with a higher (\w+)$/, "err.void_overtrump", (m) => ({ led: suit(m[1]), trump: suit(m[2]) })],
  [/^you have no (\w+): you must trump with (\w+)$/, "err.void_trump", (m) => ({ led: suit(m[1]), trump: suit(m[2]) })],
  [/^bidding comes first: pass or bid before playing a card$/, "err.bid_first", () => ({})],
  [/^Quintola is not played with these rules$/, "err.no_quintola", () => ({})],
  [/^you must bid higher than (\w+) or pass$/, "err.bid_higher", (m) => ({ bid: bid(m[1]) })],
  [/^your side's score \((\d+)\) no longer allows (\w+)$/, "err.bid_barred", (m) => ({ score: m[1], bid: bid(m[2]) })],
  [/^the bidding is over: play a card$/, "err.bidding_over", () => ({})],
  [/^you do not hold (\w+)$/, "err.not_held", (m) => ({ card: card(m[1]) })],
  [/^the match is over$/, "err.match_over", () => ({})],
];

export function engineText(message) {
  const text = String(message || "");
  if (lang === "en") return text;
  for (const [re, key, params] of PATTERNS) {
    const m = re.exec(text);
    if (m) return t(key, params(m));
  }
  return text;
}
