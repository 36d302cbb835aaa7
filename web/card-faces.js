// Card faces, drawn here in SVG (no third-party artwork).
// Spanish deck (Cuatrola): oros, copas, espadas, bastos; the frame line is broken
// once for copas, twice for espadas and three times for bastos (the "pintas").
// French 40-card deck (Cuarenta): hearts, diamonds, clubs, spades.
// Card text follows the engine: "1O", "12B" (rank then suit), "7H", "QS".
//
// Colours and corners follow the look chosen in Settings (web/look.js) with no redrawing:
// a face's suit colour is its svg's `color`, set by app.css from a custom property
// (`--sp-O` ... `--fr-S`: two colours or four for the French deck, the Spanish deck's own or
// colours that stay apart for colour-blind eyes), and every part drawn in the suit's colour
// uses currentColor; a face holds both corner indices, the usual small one and a large one
// (rank and suit big enough to read at arm's length), and app.css shows one of them.
import { t } from "./i18n.js";
import { deckOf } from "./games.js";

/** The class that gives a face or a suit symbol its suit's colour (app.css, "card colours"). */
const suitClass = (deck, suit) => `s-${deck === "spanish" ? "sp" : "fr"}-${suit}`;

// Card texts of the two decks overlap ("5C" is 5 de copas or 5 of clubs), so the deck
// of the game on screen (web/games.js `deck`) is set by its table.
let currentDeck = "spanish";
let shownGame = null;
export function useDeck(game) { currentDeck = deckOf(game); shownGame = game; }
/** The game whose deck is on screen (null before a table has been drawn: the Spanish deck). */
export function currentGame() { return shownGame; }

export function parseCard(text, deck = currentDeck) {
  const suit = text.slice(-1).toUpperCase();
  const rank = text.slice(0, -1).toUpperCase();
  return { rank, suit, deck };
}

const FR_SYMBOL = { H: "♥", D: "♦", C: "♣", S: "♠" };
/** A short label: "10 oros"-style is too long for buttons; "7♥" for the French deck. */
export function shortCard(text, deck = currentDeck) {
  const { rank, suit } = parseCard(text, deck);
  return deck === "french" ? rank + FR_SYMBOL[suit] : text;
}

/** A card's short label in its suit's colour (app.css: the deck's colours, or the four
 * colours when that setting is on), as markup for a button's text: Cuarenta's capture
 * choices ("7♥ 5♣"). Only cards: its text is a rank and a suit symbol. */
export function cardTag(text, deck = currentDeck) {
  const { suit } = parseCard(text, deck);
  return `<span class="card-tag ${suitClass(deck, suit)}">${shortCard(text, deck).replace(/[^0-9A-Z♥♦♣♠]/g, "")}</span>`;
}

// ---- shared symbols, installed once in the document ----
const SYMBOLS = `
<symbol id="sp-O" viewBox="-50 -50 100 100">
  <circle r="45" fill="#f2b632" stroke="#8a5a00" stroke-width="5"/>
  <circle r="31" fill="#f7cd5c" stroke="#a86f00" stroke-width="3"/>
  <g stroke="#a86f00" stroke-width="3" stroke-linecap="round">
    <path d="M0-26V-17M0 26V17M-26 0H-17M26 0H17M-18-18L-12-12M18 18L12 12M-18 18L-12 12M18-18L12-12"/>
  </g>
  <circle r="10" fill="#d8901a" stroke="#8a5a00" stroke-width="2.5"/>
</symbol>
<symbol id="sp-C" viewBox="-50 -50 100 100">
  <path d="M-34-38H34C34-6 19 9 0 11C-19 9-34-6-34-38Z" fill="#c8312e" stroke="#6e120f" stroke-width="3.5"/>
  <ellipse cx="0" cy="-38" rx="34" ry="6" fill="#e8a33a" stroke="#6e120f" stroke-width="3"/>
  <rect x="-6" y="10" width="12" height="22" rx="3" fill="#e0a526" stroke="#8a5a00" stroke-width="2.5"/>
  <path d="M-26 46C-22 31 22 31 26 46Z" fill="#e0a526" stroke="#8a5a00" stroke-width="3"/>
</symbol>
<symbol id="sp-E" viewBox="-50 -50 100 100">
  <g transform="rotate(-18)">
    <path d="M0-50L8-38V22H-8V-38Z" fill="#b9cde0" stroke="#1d4a78" stroke-width="3"/>
    <path d="M0-40V18" stroke="#1d4a78" stroke-width="1.5"/>
    <rect x="-24" y="21" width="48" height="8" rx="4" fill="#245a8f" stroke="#10324f" stroke-width="2"/>
    <rect x="-5" y="29" width="10" height="13" fill="#7a4a1c" stroke="#3b2414" stroke-width="2"/>
    <circle cy="46" r="5.5" fill="#245a8f" stroke="#10324f" stroke-width="2"/>
  </g>
</symbol>
<symbol id="sp-B" viewBox="-50 -50 100 100">
  <g transform="rotate(20)">
    <path d="M-7 48C-9 20-14-12-17-30C-20-48 20-48 17-30C14-12 9 20 7 48Z" fill="#4d9a3f" stroke="#1f4d1c" stroke-width="3.5"/>
    <g fill="#7b4a22" stroke="#3b2414" stroke-width="2">
      <ellipse cx="-15" cy="-14" rx="5" ry="3.5"/><ellipse cx="13" cy="0" rx="5" ry="3.5"/>
      <ellipse cx="-10" cy="16" rx="4.5" ry="3"/><ellipse cx="9" cy="-28" rx="4.5" ry="3"/>
    </g>
  </g>
</symbol>
<symbol id="fr-H" viewBox="-50 -50 100 100">
  <path d="M0 42C-12 28-44 6-44-18C-44-34-32-44-20-44C-10-44-3-38 0-30C3-38 10-44 20-44C32-44 44-34 44-18C44 6 12 28 0 42Z" fill="currentColor"/>
</symbol>
<symbol id="fr-D" viewBox="-50 -50 100 100">
  <path d="M0-46C10-30 22-14 34 0C22 14 10 30 0 46C-10 30-22 14-34 0C-22-14-10-30 0-46Z" fill="currentColor"/>
</symbol>
<symbol id="fr-C" viewBox="-50 -50 100 100">
  <g fill="currentColor"><circle cy="-22" r="18"/><circle cx="-21" cy="8" r="18"/><circle cx="21" cy="8" r="18"/>
  <path d="M-4 4H4L10 44H-10Z"/></g>
</symbol>
<symbol id="fr-S" viewBox="-50 -50 100 100">
  <g fill="currentColor"><path d="M0-46C12-30 44-12 44 10C44 26 32 34 20 34C10 34 3 28 0 22C-3 28-10 34-20 34C-32 34-44 26-44 10C-44-12-12-30 0-46Z"/>
  <path d="M-3 20H3L10 46H-10Z"/></g>
</symbol>
<symbol id="fig-king" viewBox="0 0 68 116">
  <path d="M10 116L17 58Q34 46 51 58L58 116Z" fill="currentColor" stroke="#222" stroke-width="1.4"/>
  <path d="M17 60Q34 50 51 60L50 68Q34 60 18 68Z" fill="#f1e4c4" stroke="#222" stroke-width="1"/>
  <path d="M15 92H53" stroke="#e0a526" stroke-width="4"/>
  <circle cx="34" cy="36" r="11" fill="#f3d2b3" stroke="#6b4a2b" stroke-width="1.4"/>
  <path d="M23 38Q34 60 45 38Q34 46 23 38Z" fill="#8a5a3a"/>
  <path d="M21 26L24 10L30 20L34 6L38 20L44 10L47 26Z" fill="#e0a526" stroke="#8a5a00" stroke-width="1.4"/>
</symbol>
<symbol id="fig-queen" viewBox="0 0 68 116">
  <path d="M6 116L18 58Q34 48 50 58L62 116Z" fill="currentColor" stroke="#222" stroke-width="1.4"/>
  <path d="M22 30Q16 52 20 62L48 62Q52 52 46 30Z" fill="#6b3f1d"/>
  <circle cx="34" cy="36" r="11" fill="#f3d2b3" stroke="#6b4a2b" stroke-width="1.4"/>
  <path d="M24 26L27 16L31 22L34 13L37 22L41 16L44 26Z" fill="#e0a526" stroke="#8a5a00" stroke-width="1.2"/>
  <path d="M18 70Q34 78 50 70" stroke="#f1e4c4" stroke-width="3" fill="none"/>
</symbol>
<symbol id="fig-knight" viewBox="0 0 68 116">
  <path d="M30 40L48 34L56 62L36 66Z" fill="currentColor" stroke="#222" stroke-width="1.3"/>
  <circle cx="44" cy="24" r="9" fill="#f3d2b3" stroke="#6b4a2b" stroke-width="1.3"/>
  <path d="M34 18Q44 6 54 18Z" fill="currentColor" stroke="#222" stroke-width="1.2"/>
  <path d="M12 116L16 84Q8 74 5 62L1 56Q3 47 12 47L24 43Q33 33 42 38L48 46Q58 70 58 88L60 116Z" fill="#9a6637" stroke="#3b2414" stroke-width="1.6"/>
  <path d="M24 43Q34 48 40 62Q44 78 44 96" stroke="#3b2414" stroke-width="4" fill="none" stroke-linecap="round"/>
  <circle cx="14" cy="54" r="2" fill="#1b1b1b"/>
  <path d="M6 62L14 60" stroke="#3b2414" stroke-width="1.5"/>
</symbol>
<symbol id="fig-jack" viewBox="0 0 68 116">
  <path d="M22 116L24 90H44L46 116Z" fill="#3b3b3b"/>
  <path d="M14 94L20 54Q34 44 48 54L54 94Z" fill="currentColor" stroke="#222" stroke-width="1.4"/>
  <path d="M20 74H48" stroke="#e0a526" stroke-width="3.5"/>
  <circle cx="34" cy="34" r="11" fill="#f3d2b3" stroke="#6b4a2b" stroke-width="1.4"/>
  <path d="M21 28Q22 12 40 14Q52 16 50 26Z" fill="currentColor" stroke="#222" stroke-width="1.3"/>
  <path d="M46 18Q58 8 62 14" stroke="#e0a526" stroke-width="2.5" fill="none"/>
</symbol>`;

// The corner index of every rank, drawn through <use> from these definitions: a card button
// then holds no text of its own, so its accessible name (the card's name in words) is not
// contradicted by a visible "12" or "Q" (WCAG 2.5.3, axe rule label-content-name-mismatch).
const RANKS = ["1", "2", "3", "4", "5", "6", "7", "10", "11", "12", "A", "J", "Q", "K"];
const INDEX_SYMBOLS = RANKS.map((r) => `<text id="ix-${r}" x="0" y="0" font-size="${r.length > 1 ? 21 : 24}" `
  + `font-weight="700" font-family="system-ui, sans-serif" fill="currentColor" text-anchor="start">${r}</text>`).join("");

export function installDefs() {
  if (document.getElementById("card-defs")) return;
  const holder = document.createElement("div");
  holder.innerHTML = `<svg id="card-defs" width="0" height="0" aria-hidden="true" focusable="false" class="defs"><defs>${SYMBOLS}${INDEX_SYMBOLS}</defs></svg>`;
  document.body.prepend(holder.firstChild);
}

const PIPS = {
  1: [[60, 90, 64]],
  2: [[60, 52, 38], [60, 128, 38]],
  3: [[60, 44, 32], [60, 90, 32], [60, 136, 32]],
  4: [[40, 54, 32], [80, 54, 32], [40, 126, 32], [80, 126, 32]],
  5: [[40, 50, 30], [80, 50, 30], [60, 90, 30], [40, 130, 30], [80, 130, 30]],
  6: [[40, 48, 29], [80, 48, 29], [40, 90, 29], [80, 90, 29], [40, 132, 29], [80, 132, 29]],
  7: [[40, 46, 27], [80, 46, 27], [60, 68, 27], [40, 96, 27], [80, 96, 27], [40, 134, 27], [80, 134, 27]],
};

const SP_FIG = { 10: "fig-jack", 11: "fig-knight", 12: "fig-king" };
const FR_FIG = { J: "fig-jack", Q: "fig-queen", K: "fig-king" };
const FR_NUM = { A: 1 };

function use(id, cx, cy, size, extra = "") {
  return `<use href="#${id}" x="${cx - size / 2}" y="${cy - size / 2}" width="${size}" height="${size}" ${extra}/>`;
}

function pintas(suit) {
  // the inner frame, with 0..3 gaps on the top and bottom edges
  const gaps = { O: 0, C: 1, E: 2, B: 3 }[suit];
  const x0 = 8, x1 = 112, y0 = 8, y1 = 172;
  let d = `M${x0} ${y0}V${y1}M${x1} ${y0}V${y1}`;
  const seg = (x1 - x0 - gaps * 7) / (gaps + 1);
  for (const y of [y0, y1]) {
    let x = x0;
    for (let i = 0; i <= gaps; i++) { d += `M${x} ${y}H${x + seg}`; x += seg + 7; }
  }
  return `<path d="${d}" stroke="currentColor" stroke-width="2.2" fill="none"/>`;
}

// The large corner index (html[data-indices=large]): the rank twice the usual size and the
// suit's symbol beside it across the top; the face's picture or pips under them, smaller
// (app.css scales `.face-body`).
const LARGE = { rankScale: 2, rankX: 6, rankY: 52, suitX: 89, suitY: 29, suitSize: 46 };

function faceBody(rank, suit, spanish) {
  const sym = (spanish ? "sp-" : "fr-") + suit;
  const fig = spanish ? SP_FIG[rank] : FR_FIG[rank];
  let body = "";
  if (fig) {
    body += `<rect x="26" y="30" width="68" height="120" rx="5" fill="#f6efe0" stroke="currentColor" stroke-width="1.5"/>`;
    body += `<use href="#${fig}" x="26" y="32" width="68" height="116"/>`;
    body += use(sym, spanish ? 80 : 81, spanish ? 126 : 44, spanish ? 24 : 18);
  } else {
    const n = spanish ? Number(rank) : (FR_NUM[rank] || Number(rank));
    for (const [x, y, size] of PIPS[n] || PIPS[1]) body += use(sym, x, y, size);
  }
  return body;
}

function faceSVG(text, deckName) {
  const { rank, suit, deck } = parseCard(text, deckName);
  const spanish = deck === "spanish";
  const sym = (spanish ? "sp-" : "fr-") + suit;
  let body = `<rect x="1" y="1" width="118" height="178" rx="10" fill="#fffdf6" stroke="#9a938a" stroke-width="2"/>`;
  if (spanish) body += pintas(suit);
  const idx = `<use href="#ix-${rank}" x="${spanish ? 15 : 13}" y="${spanish ? 30 : 28}"/>`
    + (spanish ? "" : use(sym, 21, 42, 15));
  body += `<g class="ix-small">${idx}<g transform="rotate(180 60 90)">${idx}</g></g>`;
  body += `<g class="ix-large"><use href="#ix-${rank}" transform="translate(${LARGE.rankX} ${LARGE.rankY}) scale(${LARGE.rankScale})"/>`
    + `${use(sym, LARGE.suitX, LARGE.suitY, LARGE.suitSize)}</g>`;
  body += `<g class="face-body">${faceBody(rank, suit, spanish)}</g>`;
  return body;
}

const SVG_OPEN = `<svg viewBox="0 0 120 180" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" class="card-svg`;

/** SVG markup of a card face (of the deck on screen, or of `deck`: "spanish", "french"). */
export function cardSVG(text, deck = currentDeck) {
  return `${SVG_OPEN} ${suitClass(deck, parseCard(text, deck).suit)}">${faceSVG(text, deck)}</svg>`;
}

/** The card's name in the UI language, e.g. "rey de bastos", "Pik-Dame" (of the deck on
 * screen, or of `deck` where the caller knows the game: a refusal said before its table). */
export function cardName(text, deck = currentDeck) {
  const { rank, suit } = parseCard(text, deck);
  const d = deck === "spanish" ? "sp" : "fr";
  return t(`card.${d}.name`, { rank: t(`card.${d}.rank.${rank}`), suit: t(`card.${d}.suit.${suit}`) });
}

/** Cards named and listed: "rey de bastos, sota de oros". */
export function cardNames(cards, deck = currentDeck) {
  return cards.map((c) => cardName(c, deck)).join(", ");
}

/** The card's name with the definite article the language gives its rank ("la sota de oros",
 * "l'as de trèfle", "the king of clubs"; German card names take none): messages say
 * "{the_card}" where an article comes before the card, never a fixed "el", "le" or "the". */
export function theCard(text, deck = currentDeck) {
  const { rank } = parseCard(text, deck);
  return t(`card.${deck === "spanish" ? "sp" : "fr"}.the.${rank}`, { name: cardName(text, deck) });
}

/** A rank of the French deck (Cuarenta) with its article: "la reina", "the jack". */
export function theRank(rank) {
  return t(`card.fr.the.${rank}`, { name: t(`card.fr.rank.${rank}`) });
}

export function suitName(game, letter) {
  return t(`card.${deckOf(game) === "french" ? "fr" : "sp"}.suit.${letter}`);
}

export function suitSymbolSVG(game, letter) {
  const deck = deckOf(game);
  const id = (deck === "french" ? "fr-" : "sp-") + letter;
  return `<svg viewBox="0 0 100 100" aria-hidden="true" focusable="false" class="suit-svg ${suitClass(deck, letter)}"><use href="#${id}" x="0" y="0" width="100" height="100"/></svg>`;
}
