// Card texts, names and faces (web/card-faces.js) and the engine's refusals in words
// (web/engine-text.js), in four languages: a card takes the article of its rank ("la sota de
// oros", "l'as de trèfle"), a refusal is worded from its code and params with the cards of the
// game it names, a code the catalog lacks keeps the engine's own sentence. That a refusal is
// shown at the table is the browser's (tests/browser/test_refusals.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import * as cards from "../../web/card-faces.js";
import { engineText, noteText } from "../../web/engine-text.js";
import { WEB, readCatalog, useLang } from "./helpers.mjs";

const SPANISH = ["1", "2", "3", "4", "5", "6", "7", "10", "11", "12"].flatMap((r) => ["O", "C", "E", "B"].map((s) => r + s));
const FRENCH = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"].flatMap((r) => ["H", "D", "C", "S"].map((s) => r + s));

// (game: its deck, card, its name with the article) — tests/browser/test_refusals.py had them
const THE_CARD = {
  es: [["cuatrola", "10O", "la sota de oros"], ["cuatrola", "12B", "el rey de bastos"], ["cuarenta", "QH", "la reina de corazones"],
    ["cuarenta", "JS", "la jota de picas"], ["cuarenta", "AC", "el as de tréboles"]],
  fr: [["cuatrola", "1O", "l'as de oros"], ["cuatrola", "10C", "la sota (valet) de copas"], ["cuarenta", "QS", "la dame de pique"],
    ["cuarenta", "AC", "l'as de trèfle"], ["cuarenta", "KD", "le roi de carreau"]],
  en: [["cuarenta", "QS", "the queen of spades"], ["cuatrola", "10O", "the sota (jack) of oros"]],
  de: [["cuarenta", "QS", "Pik-Dame"], ["cuatrola", "12B", "Bastos-Rey (König)"]],
};

test("a card takes the article of its rank, in the deck of the game on screen", () => {
  for (const [lang, cases] of Object.entries(THE_CARD)) {
    useLang(lang);
    assert.deepEqual(cases.map(([game, card]) => { cards.useDeck(game); return cards.theCard(card); }), cases.map(([, , w]) => w), lang);
  }
  cards.useDeck("cuatrola");
  assert.equal(cards.currentGame(), "cuatrola");
});

test("every card of both decks has a name and a name with its article in every language, no key left", (t) => {
  const warn = t.mock.method(console, "warn", () => {});
  for (const lang of ["es", "en", "de", "fr"]) {
    useLang(lang);
    for (const [deck, list] of [["spanish", SPANISH], ["french", FRENCH]]) {
      const names = list.map((c) => cards.cardName(c, deck));
      assert.equal(new Set(names).size, 40, `${lang} ${deck}: forty different names`);
      for (const [i, c] of list.entries()) {
        assert.doesNotMatch(names[i], /card\.|\{|\}/, `${lang} ${c}`);
        assert.ok(cards.theCard(c, deck).includes(names[i]), `${lang} ${c}: ${cards.theCard(c, deck)}`);
      }
    }
    assert.doesNotMatch(cards.theRank("Q"), /card\.|\{/);
    assert.equal(cards.suitName("cuarenta", "H"), readCatalog(lang)["card.fr.suit.H"]);
    assert.equal(cards.suitName("cuatrola", "O"), readCatalog(lang)["card.sp.suit.O"]);
  }
  assert.equal(warn.mock.callCount(), 0, "no key missing");
  useLang("en");
  assert.equal(cards.cardNames(["12B", "10O"], "spanish"), "rey (king) of bastos, sota (jack) of oros");
  assert.equal(cards.theRank("J"), "the jack");
});

test("a card text is its rank then its suit; the two decks' '5C' are read in the deck asked for", () => {
  assert.deepEqual(cards.parseCard("12b", "spanish"), { rank: "12", suit: "B", deck: "spanish" });
  assert.deepEqual(cards.parseCard("QS", "french"), { rank: "Q", suit: "S", deck: "french" });
  useLang("es");
  assert.equal(cards.cardName("5C", "spanish"), "cinco de copas");
  assert.equal(cards.cardName("5C", "french"), "cinco de tréboles");
  cards.useDeck("cuarenta");
  assert.equal(cards.shortCard("7H"), "7♥");
  assert.equal(cards.shortCard("QS"), "Q♠");
  cards.useDeck("cuatrola");
  assert.equal(cards.shortCard("7O"), "7O");
  cards.useDeck("mus");   // a game the shell does not know: the Spanish deck
  assert.equal(cards.parseCard("1O").deck, "spanish");
});

test("a face's markup: its suit's colour class, both corner indices through <use>, no text of its own", () => {
  for (const [deck, list] of [["spanish", SPANISH], ["french", FRENCH]]) {
    for (const c of list) {
      const svg = cards.cardSVG(c, deck);
      const { rank, suit } = cards.parseCard(c, deck);
      assert.ok(svg.startsWith("<svg ") && svg.endsWith("</svg>"), c);
      assert.match(svg, new RegExp(`class="card-svg s-${deck === "spanish" ? "sp" : "fr"}-${suit}"`));
      assert.ok(svg.includes(`href="#ix-${rank}"`) && svg.includes('class="ix-small"') && svg.includes('class="ix-large"'), c);
      assert.ok(svg.includes('aria-hidden="true"') && !/<text/.test(svg), c);
      assert.equal((svg.match(/<svg/g) || []).length, 1);
    }
  }
  // the pintas: the frame broken 0, 1, 2, 3 times for oros, copas, espadas, bastos
  const gaps = ["O", "C", "E", "B"].map((s) => (cards.cardSVG(`4${s}`, "spanish").match(/<path d="M8 8V172M112 8V172([^"]*)"/)[1].match(/H/g) || []).length);
  assert.deepEqual(gaps, [2, 4, 6, 8]);
  assert.match(cards.suitSymbolSVG("cuarenta", "S"), /href="#fr-S".*s-fr-S|s-fr-S.*href="#fr-S"/);
});

const SEATS = (s) => ["you", "right", "partner", "left"][s];

test("a refusal is worded from its code and params, in the language, with the cards of the game it names", () => {
  useLang("es");
  const es = readCatalog("es");
  cards.useDeck("cuatrola");   // a Cuatrola table drew last: a Cuarenta refusal still names French cards
  assert.equal(engineText({ code: "not_on_table", params: { card: "AH" }, error: "AH is not on the table" }, { game: "cuarenta" }),
    es["err.not_on_table"].replace("{card}", "as de corazones"));
  const words = engineText({ code: "take_in_full", params: { rank: "Q", options: [["QH", "KH"]] } }, { game: "cuarenta" });
  assert.ok(words.includes("empezando por la reina:") && words.includes("reina de corazones + rey de corazones"), words);
  useLang("de");
  const de = readCatalog("de");
  assert.equal(engineText({ code: "bid_first", params: {}, error: "bid first" }, { game: "cuatrola" }), de["err.bid_first"]);
  const turn = engineText({ code: "not_your_turn", params: { seat: 2 }, error: "not your turn" }, { game: "cuatrola" });
  assert.equal(turn, de["err.not_your_turn"].replace("{seat}", "Platz 2"));
  assert.equal(engineText({ code: "not_your_turn", params: { seat: 2 } }, { game: "cuatrola", seatName: SEATS }),
    de["err.not_your_turn"].replace("{seat}", "partner"));
});

test("a count of one is worded in the singular ('only 1 hand'), of two in the plural", () => {
  useLang("en");
  for (const [count, hands] of [[1, "hand"], [2, "hands"]]) {
    const said = engineText({ code: "no_such_hand", params: { count, hand: count + 1 }, error: "x" }, { game: "cuatrola" });
    assert.ok(said.startsWith(`This match has only ${count} ${hands}:`), said);
  }
});

test("an unknown code, params of an unexpected shape or no code keep the engine's own sentence", () => {
  useLang("fr");
  assert.equal(engineText({ code: "from_a_newer_engine", params: {}, error: "Something new" }), "Something new");
  assert.equal(engineText({ code: "not_on_table", params: { card: 42 }, error: "42 is not on the table" }, { game: "cuarenta" }),
    "42 is not on the table");
  assert.equal(engineText({ error: "plain" }), "plain");
  assert.equal(engineText({ reason: "an explain answer" }), "an explain answer");
  assert.equal(engineText("an older answer"), "an older answer");
  assert.equal(engineText(null), "");
  assert.equal(noteText("todo dos"), readCatalog("fr")["note.todo_dos"]);
  assert.equal(noteText("  38 no juega! "), readCatalog("fr")["note.38_no_juega"]);
  assert.equal(noteText("a note of a newer engine"), "a note of a newer engine");
});

test("Cuarenta's capture choices show each card in its suit's colour: the four colours when that setting is on (issue 41)", () => {
  assert.equal(cards.cardTag("7H", "french"), '<span class="card-tag s-fr-H">7♥</span>');
  assert.equal(cards.cardTag("QS", "french"), '<span class="card-tag s-fr-S">Q♠</span>');
  assert.equal(cards.cardTag("12B", "spanish"), '<span class="card-tag s-sp-B">12B</span>');
  // the class is the one a face's colour comes from: app.css gives it the deck's colour, and
  // under html[data-suits=four] the four colours
  const css = readFileSync(new URL("app.css", WEB), "utf8");
  for (const suit of ["H", "D", "C", "S"]) {
    assert.match(css, new RegExp(`\\.s-fr-${suit} \\{ color: var\\(--fr-${suit}\\); \\}`));
    const four = css.slice(css.indexOf("html[data-suits=four] {"));
    assert.match(four.slice(0, four.indexOf("}")), new RegExp(`--fr-${suit}: #[0-9a-f]{6}`));
  }
  // the capture buttons use it (no plain text label that the colours would miss)
  const table = readFileSync(new URL("table/cuarenta.js", WEB), "utf8");
  assert.match(table, /class: "btn-title", svg: o\.takes\.map\(\(c\) => cardTag\(c\)\)/);
});
