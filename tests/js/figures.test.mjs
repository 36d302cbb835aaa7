// The statistics' figures (web/figures.js: one match's from its record and the engine's
// summary, totals per game, players and level) and the chart of results match by match
// (web/chart-draw.js: its bars and its words). The summaries are made up in the engine's shape
// (docs/api.md, `summary`); the screen with real stored matches is
// tests/browser/test_screens.py's and test_comfort.py's.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";

import { CONTRACTS, groupKey, matchFigures, personSide, totals } from "../../web/figures.js";
import { CHART_MATCHES, chartCaption, chartKey, chartResults, chartScale, chartSVG, swatchSVG } from "../../web/chart-draw.js";
import { fcRuns, readCatalog, useLang } from "./helpers.mjs";

const rec = (extra = {}) => ({ id: "m", rev: 3, updated: 1000, match: { meta: { level: "expert" } }, ...extra });
const cuatrola = (hands, extra = {}) => ({ game: "cuatrola", score: [2, 1], finished: true, winner: 0, hands, ...extra });
const cuarenta = (hands, extra = {}) => ({ game: "cuarenta", players: 2, score: [40, 28], finished: true, winner: 0, hands, ...extra });
const hand = (winner, contract = "normal", declarer = null) => ({ winner, contract, declarer });
const ev = (...sides) => sides.map((side) => ({ side }));

test("a Cuatrola match's figures: hands won, contracts bid and made by each side (the engine's hand winner decides)", () => {
  const s = cuatrola([hand(0), hand(1), hand(0, "solo", 2), hand(1, "solo", 0), hand(0, "cuatrola", 1), hand(1, "quintola", 3),
    hand(0, "mystery", 0), hand(0, "solo", "x")]);
  const fig = matchFigures(rec(), s);
  assert.deepEqual(fig, {
    game: "cuatrola", level: "expert", players: null, finished: true, won: true, hands: 8, score: [2, 1], when: 1000, handsWon: 5,
    contracts: { solo: { ours: 2, oursMade: 1, theirs: 0, theirsFailed: 0 }, cuatrola: { ours: 0, oursMade: 0, theirs: 1, theirsFailed: 1 },
      quintola: { ours: 0, oursMade: 0, theirs: 1, theirsFailed: 0 } } });
  assert.deepEqual(CONTRACTS, ["solo", "cuatrola", "quintola"]);
});

test("a guest's copy of a match played together counts from the guest's side", () => {
  const guest = rec({ result: { side: 1 } });
  assert.equal(personSide(guest), 1);
  assert.equal(personSide(rec()) + personSide(null) + personSide({ result: { side: 7 } }), 0);
  const fig = matchFigures(guest, cuatrola([hand(1), hand(0, "solo", 1)], { winner: 1, score: [3, 5] }));
  assert.equal(fig.won, true);
  assert.deepEqual(fig.score, [5, 3]);
  assert.equal(fig.handsWon, 1);
  assert.deepEqual(fig.contracts.solo, { ours: 1, oursMade: 0, theirs: 0, theirsFailed: 0 });
  const c = matchFigures(guest, cuarenta([{ caidas: ev(0, 0, 1), limpias: ev(1), rondas: [] }], { winner: 0, score: [40, 20] }));
  assert.deepEqual([c.caidas, c.limpias, c.rondas, c.won, c.score], [[1, 2], [1, 0], [0, 0], false, [20, 40]]);
});

test("a Cuarenta match's figures: caídas, limpias and rondas per side, the number of players counted apart", () => {
  const s = cuarenta([{ caidas: ev(0, 1, 0), limpias: ev(0), rondas: ev(1) }, { caidas: [null, { side: 2 }, { side: 1 }], limpias: null }]);
  const fig = matchFigures(rec({ updated: "soon" }), s);
  assert.deepEqual([fig.caidas, fig.limpias, fig.rondas, fig.players, fig.when, fig.hands], [[2, 2], [1, 0], [0, 1], 2, 0, 2]);
  assert.equal(matchFigures(rec(), cuarenta([], { players: 4 })).players, 4);
});

test("an unfinished match is not won; a level or score the record lacks is null; a summary without hands is refused", () => {
  const fig = matchFigures(rec({ match: {} }), cuatrola([], { finished: false, winner: 0, score: [1] }));
  assert.deepEqual([fig.finished, fig.won, fig.level, fig.score], [false, false, null, null]);
  assert.equal(matchFigures(rec({ match: { meta: { level: "" } } }), cuatrola([])).level, null);
  for (const bad of [null, {}, { hands: "x" }]) assert.throws(() => matchFigures(rec(), bad), TypeError);
});

test("totals per game, players and level: matches finished and won, playing, hands, results oldest first", () => {
  const a = matchFigures(rec({ updated: 30 }), cuatrola([hand(0), hand(0, "solo", 0)], { score: [3, 1] }));
  const b = matchFigures(rec({ updated: 10 }), cuatrola([hand(1)], { winner: 1, score: [0, 2] }));
  const c = matchFigures(rec({ updated: 20 }), cuatrola([hand(0)], { finished: false, winner: null }));
  const d = matchFigures(rec({ match: { meta: { level: "novice" } } }), cuatrola([hand(0)]));
  const e = matchFigures(rec(), cuarenta([{ caidas: ev(0), limpias: ev(1), rondas: ev(0, 0) }]));
  const f = matchFigures(rec(), cuarenta([{ caidas: ev(1) }], { players: 4 }));
  const groups = totals([a, b, c, d, e, f]);
  assert.deepEqual(groups.map(groupKey), ["cuatrola||expert", "cuatrola||novice", "cuarenta|2|expert", "cuarenta|4|expert"]);
  const [g] = groups;
  assert.deepEqual([g.matches, g.won, g.playing, g.hands, g.handsWon], [2, 1, 1, 4, 3]);
  assert.deepEqual(g.contracts.solo, { ours: 1, oursMade: 1, theirs: 0, theirsFailed: 0 });
  assert.deepEqual(g.results, [{ when: 10, won: false, score: [0, 2], margin: -2 }, { when: 30, won: true, score: [3, 1], margin: 2 }]);
  assert.deepEqual([groups[2].caidas, groups[2].limpias, groups[2].rondas], [[1, 0], [0, 1], [2, 0]]);
  assert.deepEqual(groups[3].caidas, [0, 1]);
  assert.deepEqual(totals([]), []);
});

test("totals add up whatever the order of the matches (property)", () => {
  const figArb = fc.record({ won: fc.boolean(), finished: fc.boolean(), hands: fc.nat(20), us: fc.nat(50), them: fc.nat(50),
    when: fc.nat(1e6), level: fc.constantFrom("expert", "novice", null) })
    .map((x) => matchFigures(rec({ updated: x.when, match: { meta: { level: x.level } } }),
      cuatrola(Array.from({ length: x.hands }, (_, i) => hand(i % 2)), { finished: x.finished, winner: x.won ? 0 : 1, score: [x.us, x.them] })));
  fc.assert(fc.property(fc.array(figArb, { maxLength: 30 }), (figs) => {
    const groups = totals(figs);
    const back = totals([...figs].reverse());
    const byKey = (gs) => Object.fromEntries(gs.map((g) => [groupKey(g), { ...g, results: g.results.map((r) => r.when) }]));
    assert.deepEqual(Object.keys(byKey(groups)).sort(), Object.keys(byKey(back)).sort());
    for (const g of groups) {
      const mine = figs.filter((f) => groupKey(f) === groupKey(g));
      assert.equal(g.matches + g.playing, mine.length);
      assert.equal(g.won, mine.filter((f) => f.finished && f.won).length);
      assert.equal(g.hands, mine.reduce((n, f) => n + f.hands, 0));
      assert.equal(g.results.length, g.matches);
      assert.ok(g.results.every((r, i) => i === 0 || g.results[i - 1].when <= r.when), "oldest first");
    }
  }), fcRuns(300));
});

// ---------------------------------------------------------------- the chart
const result = (won, margin, when = 0) => ({ won, margin, when, score: won ? [margin, 0] : [0, -margin] });
const bars = (svg) => [...svg.matchAll(/<rect class="(win|loss)" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)]
  .map(([, cls, x, y, w, h]) => ({ cls, x: +x, y: +y, w: +w, h: +h }));

test("the chart: a bar per match, oldest first, up for a win and down for a loss, as long as the margin", () => {
  const results = [result(true, 4), result(false, -1), result(true, 0), result(false, -8)];
  const got = bars(chartSVG(results));
  assert.deepEqual(got.map((b) => b.cls), ["win", "loss", "win", "loss"]);
  for (const [b, r] of got.map((b, i) => [b, results[i]])) {
    if (r.won) assert.ok(Math.abs(b.y + b.h - 32) < 0.06, "a win stands on the base line");
    else assert.ok(Math.abs(b.y - 32) < 0.06, "a loss hangs from it");
    assert.ok(Math.abs(b.h - Math.max(2, (Math.abs(r.margin) / 8) * 29)) < 0.06, `${b.h} for ${r.margin}`);
  }
  assert.ok(got.every((b, i) => i === 0 || b.x > got[i - 1].x), "left to right");
  assert.ok(got.every((b) => b.x >= 0 && b.x + b.w <= 200.01));
  const svg = chartSVG(results);
  assert.ok(svg.includes('aria-hidden="true"') && svg.includes('<line class="base"') && !svg.includes("<text"));
  assert.deepEqual(bars(chartSVG([])), []);
  assert.equal(bars(chartSVG([result(true, 0)]))[0].h, 2, "a draw-like margin still shows");
});

test("the chart shows the latest CHART_MATCHES; its caption says it in words, in every language", () => {
  const many = Array.from({ length: 25 }, (_, i) => result(i % 3 !== 0, i % 3 ? i : -i, i));
  const g = { results: many };
  assert.equal(chartResults(g).length, CHART_MATCHES);
  assert.deepEqual(chartResults(g), many.slice(-CHART_MATCHES));
  assert.deepEqual(chartResults({}), []);
  for (const lang of ["en", "es", "de", "fr"]) {
    useLang(lang);
    const cat = readCatalog(lang);
    const shown = chartResults(g);
    const won = shown.filter((r) => r.won).length;
    const form = (key, n) => (cat[`${key}.${new Intl.PluralRules(lang).select(n)}`] ?? cat[key] ?? cat[`${key}.other`]).replace("{n}", n);
    const last = shown[shown.length - 1];
    const want = `${cat["stats.chart_summary"].replace("{matches}", form("stats.chart_latest", 20)).replace("{won}", form("stats.chart_won", won))
      .replace("{lost}", form("stats.chart_lost", 20 - won))} ${cat[last.won ? "stats.chart_last_won" : "stats.chart_last_lost"]
      .replace("{us}", last.score[0]).replace("{them}", last.score[1])}`;
    assert.equal(chartCaption(g), want, lang);
  }
  useLang("en");
  assert.equal(chartCaption({ results: [result(false, -3)] }), "1 finished match, oldest first: 0 won and 1 lost. The latest lost 0–3.");
});

test("the chart's scale: the largest margin above and below 0, with a minus sign; its key and axis in every language", (t) => {
  useLang("en");
  assert.deepEqual(chartScale([result(true, 3), result(false, -8), result(true, 1)]), ["+8", "0", "−8"]);
  assert.deepEqual(chartScale([]), ["+1", "0", "−1"]);
  assert.deepEqual(chartScale([result(true, 0)]), ["+1", "0", "−1"], "never a scale of 0");
  useLang("fr");
  assert.deepEqual(chartScale([result(true, 1500)]).map((x) => x.replace(/[\u00A0\u202F]/g, " ")), ["+1 500", "0", "−1 500"]);
  // the scale's top is the tallest bar's length: the bars are drawn against the same largest margin
  const svg = chartSVG([result(true, 8), result(false, -4)]);
  const [tall, half] = bars(svg);
  assert.ok(Math.abs(half.h * 2 - tall.h) < 0.11, svg);
  const warn = t.mock.method(console, "warn", () => {});
  for (const lang of ["en", "es", "de", "fr"]) {
    useLang(lang);
    const cat = readCatalog(lang);
    const { key, axis } = chartKey();
    assert.deepEqual(key, [cat["stats.chart_key_won"], cat["stats.chart_key_lost"], cat["stats.chart_key_height"]], lang);
    assert.deepEqual(axis, [cat["stats.chart_oldest"], cat["stats.chart_newest"]], lang);
    assert.ok([...key, ...axis].every((w) => w.length >= 4 && !w.includes("stats.")), lang);
  }
  assert.equal(warn.mock.callCount(), 0);
  // the key's swatches: a bar above the base line for a win, below it for a loss, in the bars' classes
  for (const [kind, above] of [["win", true], ["loss", false]]) {
    const m = /<rect class="(\w+)" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/.exec(swatchSVG(kind));
    assert.equal(m[1], kind);
    const [y, h] = [Number(m[2]), Number(m[3])];
    assert.ok(above ? y + h <= 8 : y >= 8, swatchSVG(kind));
    assert.ok(swatchSVG(kind).includes('<line class="base"') && swatchSVG(kind).includes('aria-hidden="true"'));
  }
});
