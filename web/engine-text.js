// The engine's refusals in the player's language. Every refusal the engine answers carries a
// stable `code` and its `params` next to an English sentence (docs/api.md, "Refusal codes");
// this module looks the code up in the catalog (`err.<code>`) and words the params: suit
// letters, cards, card lists, bids, ranks and seats. It decides nothing. A code the catalog
// lacks (a newer engine) shows the engine's own sentence. The engine's rule notes on events
// (noteText) likewise.
import { t, has } from "./i18n.js";
import { cardName, cardNames, suitName, currentGame, theCard, theRank } from "./card-faces.js";
import { deckOf } from "./games.js";

/** The deck of the game the answer is about (the deck on screen when no game is known). */
const deck = (ctx) => (ctx.game ? deckOf(ctx.game) : undefined);
const name = (v, ctx) => cardName(v, deck(ctx));
const list = (cards, ctx) => cardNames(cards, deck(ctx));
/** A rank the French deck names ("Q": the queen); the Spanish deck's ranks are numbers. */
const frenchRank = (v, ctx) => deckOf(ctx.game) === "french" && has(`card.fr.rank.${v}`);

/** How each param is worded; `ctx` = {game, seatName}. */
const WORDS = {
  suit: (v, ctx) => suitName(ctx.game, v),
  led: (v, ctx) => suitName(ctx.game, v),
  trump: (v, ctx) => suitName(ctx.game, v),
  card: name,
  played: name,
  next: name,
  cards: list,
  pair: list,
  options: (v, ctx) => v.map((cards) => cards.map((c) => name(c, ctx)).join(" + ")).join(" / "),
  bid: (v) => t(`bid.${v}`),
  rank: (v, ctx) => (frenchRank(v, ctx) ? t(`card.fr.rank.${v}`) : String(v)),
  // with the article the language gives the card or rank (catalog `{the_card}`, `{the_rank}`)
  the_card: (v, ctx) => theCard(v, deck(ctx)),
  the_next: (v, ctx) => theCard(v, deck(ctx)),
  the_rank: (v, ctx) => (frenchRank(v, ctx) ? theRank(v) : String(v)),
  seat: (v, ctx) => ctx.seatName(v),
  against: (v, ctx) => ctx.seatName(v),
};

/**
 * The words for an engine answer that refused something ({code, params, error}) or an
 * explain answer ({code, params, reason}). A plain string (an older answer) is shown as is.
 * `seatName(seat)` names a seat as the table does (default "seat N").
 */
export function engineText(answer, { game = currentGame(), seatName = (s) => t("seat.number", { n: s }) } = {}) {
  if (!answer || typeof answer !== "object") return String(answer || "");
  const english = String(answer.error || answer.reason || "");
  const key = `err.${answer.code}`;
  if (!answer.code || !has(key)) return english;
  const ctx = { game, seatName };
  const params = { detail: english };
  try {
    for (const [name, value] of Object.entries(answer.params || {})) {
      params[name] = WORDS[name] ? WORDS[name](value, ctx) : String(value);
      if (WORDS[`the_${name}`]) params[`the_${name}`] = WORDS[`the_${name}`](value, ctx);
    }
  } catch {
    return english;   // params of an unexpected shape: the engine's own sentence
  }
  // a count takes its plural form where the catalog has one (`err.<code>.one`: i18n.js t)
  return t(key, params);
}

/** A rule note of the engine (an event's `note`) in the UI language when the catalog knows
 * it (`note.<words>`), else the engine's own words. */
export function noteText(note) {
  const key = `note.${String(note).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "")}`;
  return has(key) ? t(key) : note;
}
