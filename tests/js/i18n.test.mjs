// The UI's words (web/i18n.js, the languages of web/langs.js, the units of
// web/assist/labels.js): placeholders, plural forms by Intl.PluralRules of the language in all
// four catalogs, numbers in the language's way, and the language picked. Fetching a catalog
// and <html lang> are the browser's (setLang).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";

import * as i18n from "../../web/i18n.js";
import { FALLBACK_LANG, LANGS, pickLang } from "../../web/langs.js";
import { actionLabel, valueText } from "../../web/assist/labels.js";
import { fcRuns, readCatalog, useLang } from "./helpers.mjs";

// (what, key or unit, count) -> the words a speaker of the language writes
// (tests/browser/test_plurals.py had them before; the review's singular stays there)
const EXPECTED = {
  es: [[["value", "match_points", -1], "−1 punto de partida"], [["value", "match_points", 2], "+2 puntos de partida"],
    [["value", "game_points", 1.5], "+1,5 puntos"], [["cost", "card_points", 1], "1 tanto"],
    [["value", "game_points", 0], "0 puntos"], [["t", "home.players", 1], "1 jugador"], [["t", "home.players", 4], "4 jugadores"]],
  en: [[["value", "match_points", -1], "−1 match point"], [["value", "match_points", -2], "−2 match points"],
    [["value", "game_points", 1.5], "+1.5 points"], [["t", "home.players", 2], "2 players"], [["value", "game_points", 1], "+1 point"]],
  de: [[["value", "card_points", -1], "−1 Auge"], [["value", "card_points", 12], "+12 Augen"],
    [["value", "game_points", 1], "+1 Punkt"], [["t", "home.players", 1], "1 Spieler"]],
  fr: [[["value", "game_points", 1.5], "+1,5 point"], [["value", "game_points", 2], "+2 points"],
    [["value", "match_points", -1], "−1 point de partie"], [["value", "game_points", 0], "0 point"],
    [["t", "home.players", 2], "2 joueurs"]],
};

const words = ([kind, key, n]) => (kind === "value" ? valueText(n, key) : kind === "cost" ? valueText(n, key, false) : i18n.t(key, { n }));

test("counts take their plural form in four languages ('1 punto', '−1 match point', '1,5 point')", () => {
  for (const [lang, cases] of Object.entries(EXPECTED)) {
    useLang(lang);
    assert.deepEqual(cases.map(([c]) => words(c)), cases.map(([, want]) => want), lang);
  }
});

test("a count's form: '<key>.one' where the language's rules say one, else '<key>', else '<key>.other'", () => {
  i18n.useCatalog("en", { "a.one": "one thing", a: "{n} things", "b.other": "{n} others", c: "{n} c", "d.few": "few", d: "{n} d" });
  assert.equal(i18n.t("a", { n: 1 }), "one thing");
  assert.equal(i18n.t("a", { n: 2 }), "2 things");
  assert.equal(i18n.t("a", { n: -1 }), "one thing");
  assert.equal(i18n.t("a", { n: 1.5 }), "1.5 things");
  assert.equal(i18n.t("a", { count: 1 }), "one thing");
  assert.equal(i18n.t("a", { n: "1" }), "one thing");
  assert.equal(i18n.t("b", { n: 3 }), "3 others");
  assert.equal(i18n.t("c", { n: 1 }), "1 c");
  assert.equal(i18n.t("d", { n: 3 }), "3 d", "English has no 'few'");
  assert.equal(i18n.t("a", { n: "" }), " things", "not a count: the key's own form");
  assert.equal(i18n.t("a", { n: "x" }), "x things");
  assert.equal(i18n.plural("a", 1), "one thing");
  assert.equal(i18n.plural("a", 5, { extra: 1 }), "5 things");
  // French: 0 and 1.5 are "one"; Spanish: 1.5 is "other"
  i18n.useCatalog("fr", { "p.one": "{n} point", p: "{n} points" });
  assert.deepEqual([0, 1, 1.5, 2].map((n) => i18n.t("p", { n })), ["0 point", "1 point", "1.5 point", "2 points"]);
  i18n.useCatalog("es", { "p.one": "{n} punto", p: "{n} puntos" });
  assert.deepEqual([0, 1, 1.5, -1].map((n) => i18n.t("p", { n })), ["0 puntos", "1 punto", "1.5 puntos", "-1 punto"]);
});

test("placeholders: each {name} filled from params, an unknown one left as it is, a missing key shown as the key", (t) => {
  i18n.useCatalog("en", { greet: "Hi {name}, {name}! {other} {n}", plain: "Plain" });
  assert.equal(i18n.t("greet", { name: "Ana", n: 0 }), "Hi Ana, Ana! {other} 0");
  assert.equal(i18n.t("plain"), "Plain");
  assert.equal(i18n.t("plain", { x: "$&" }), "Plain");
  assert.equal(i18n.t("greet", { name: "$1 $&" }).startsWith("Hi $1 $&, $1 $&!"), true, "a param is text, not a pattern");
  const warn = t.mock.method(console, "warn", () => {});
  assert.equal(i18n.t("no.such.key"), "no.such.key");
  assert.equal(warn.mock.callCount(), 1);
  assert.equal(i18n.has("plain") && !i18n.has("no.such.key") && !i18n.has("toString"), true);
  i18n.addStrings({ extra: "Extra {n}" });
  assert.equal(i18n.t("extra", { n: 2 }) + i18n.t("plain"), "Extra 2Plain");
});

test("the games' names; a game the shell does not know is 'Unknown game (<id>)', never a bare key", () => {
  for (const lang of LANGS) {
    useLang(lang);
    const cat = readCatalog(lang);
    assert.equal(i18n.gameName("cuatrola"), cat["game.cuatrola"]);
    assert.equal(i18n.gameName("cuarenta"), cat["game.cuarenta"]);
    for (const odd of ["mus", "constructor", "__proto__", 42, null]) {
      assert.equal(i18n.gameName(odd), cat["game.unknown"].replace("{game}", String(odd)), `${lang} ${odd}`);
    }
  }
});

test("numbers in the language's way: decimals, up to, percent", () => {
  const cases = { en: ["10,768.5", "0.33", "25%", "3"], es: ["10.768,5", "0,33", "25 %", "3"], de: ["10.768,5", "0,33", "25 %", "3"],
    fr: ["10 768,5", "0,33", "25 %", "3"] };
  for (const [lang, want] of Object.entries(cases)) {
    useLang(lang);
    const got = [i18n.fmtNumber(10768.5, 1), i18n.fmtNumber(1 / 3, { upTo: 2 }), i18n.fmtNumber(0.25, { percent: true }), i18n.fmtNumber(3, { upTo: 2 })];
    assert.deepEqual(got.map((s) => s.replace(/[\u00A0\u202F]/g, " ")), want, lang);
  }
  i18n.useCatalog("xx-invalid-", {});
  assert.equal(i18n.fmtNumber(2.5, 1), "2.5", "an unknown language: plain digits");
  assert.equal(i18n.fmtNumber(0.25, { percent: true }), "25%");
  assert.match(i18n.fmtDate(Date.UTC(2026, 0, 2, 3, 4)), /^2026-01-02T03:04/);
  useLang("en");
  assert.match(i18n.fmtDate(Date.UTC(2026, 0, 2, 12, 0)), /2026/);
});

test("the language picked: the chosen one, else the browser's first the UI has ('de-AT' is 'de'), else English", () => {
  assert.deepEqual(LANGS, ["es", "en", "de", "fr"]);
  assert.equal(i18n.LANGS, LANGS);
  assert.equal(FALLBACK_LANG, "en");
  assert.equal(pickLang("fr", ["de"]), "fr");
  assert.equal(pickLang("auto", ["de-AT", "fr"]), "de");
  assert.equal(pickLang(null, ["pt-BR", "FR-ca", "es"]), "fr");
  assert.equal(pickLang(undefined, ["pt", "ja"]), "en");
  assert.equal(pickLang("xx", []), "en");
  assert.equal(pickLang(null, [undefined]), "en");
  assert.equal(pickLang(null, null), "en");
  assert.equal(pickLang("EN", ["es"]), "es", "a chosen language is one of LANGS as written");
  fc.assert(fc.property(fc.option(fc.string()), fc.array(fc.string({ maxLength: 12 }), { maxLength: 5 }), (chosen, preferred) => {
    const l = pickLang(chosen, preferred);
    assert.ok(LANGS.includes(l));
    if (LANGS.includes(chosen)) assert.equal(l, chosen);
  }), fcRuns(300));
});

test("actions and values in words (the review's, the hint's)", () => {
  useLang("en");
  const cat = readCatalog("en");
  assert.equal(actionLabel("pass"), cat["bid.pass"]);
  assert.equal(actionLabel("noclaim"), cat["learn.act.noclaim"]);
  assert.equal(actionLabel("claim:7"), cat["learn.act.claim"].replace("{rank}", "7"));
  assert.match(actionLabel("1E"), /ace|1/i);
  assert.equal(actionLabel("take:1E+2E"), cat["learn.act.take"].replace("{cards}", `${actionLabel("1E")}, ${actionLabel("2E")}`));
  assert.ok(actionLabel("KS:KH").length > 5 && actionLabel("KS:KH>QH").includes(actionLabel("QH")));
  assert.equal(actionLabel(7), "7");
  assert.equal(actionLabel("whatever"), "whatever");
  assert.equal(valueText(null, "game_points"), "—");
  assert.equal(valueText(undefined, "game_points"), "—");
  assert.equal(valueText(0.004, "game_points"), "0 points");
  assert.equal(valueText(1.005, "game_points"), "+1 point");
  assert.equal(valueText(-12.346, "card_points"), "−12.35 points");
  assert.equal(valueText(1, "card_points", false), "1 point", "a cost: unsigned");
  assert.equal(valueText(2.5, "game_points", false), "2.5 points");
});
