// The table's perspective (web/table/perspective.js: seats and sides as the person sees
// them, a watcher's) and the table-source interface (web/table/source.js: every method's
// default, the steps shown in order). Tables drawn from them are the browser's
// (tests/browser/test_table_source.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";

import { Perspective, SEAT_ZERO, seatName } from "../../web/table/perspective.js";
import { DamagedMatch, TableSource, isOver } from "../../web/table/source.js";
import { fcRuns, readCatalog, useLang } from "./helpers.mjs";

useLang("en");
const EN = readCatalog("en");

test("where each seat sits and its name, from seat 0 and from seat 2, the next seat at the right or the left", () => {
  const [you, partner, left, right] = [EN["seat.you"], EN["seat.top"], EN["seat.left"], EN["seat.right"]];
  assert.deepEqual([0, 1, 2, 3].map((s) => SEAT_ZERO.seatName(s, 4)), [you, right, partner, left]);
  const two = new Perspective(2);
  assert.deepEqual([0, 1, 2, 3].map((s) => two.seatName(s, 4)), [partner, left, you, right]);
  assert.deepEqual([0, 1, 2, 3].map((s) => two.position(s, 4)), ["top", "left", "bottom", "right"]);
  assert.deepEqual([0, 1, 2, 3].map((s) => SEAT_ZERO.position(s, 4, "left")), ["bottom", "left", "top", "right"]);
  assert.deepEqual([0, 1].map((s) => new Perspective(1).seatName(s, 2)), [EN["seat.rival"], you]);
  assert.deepEqual([0, 1].map((s) => new Perspective(1).position(s, 2)), ["top", "bottom"]);
  assert.equal(seatName(3, 4), left);
  assert.deepEqual(two.others(4), [3, 0, 1]);
  assert.deepEqual(new Perspective(1).others(2), [0]);
});

test("every seat is at one place, the person's at the bottom, for any seat and table size (property)", () => {
  fc.assert(fc.property(fc.constantFrom(2, 4), fc.nat(), fc.constantFrom("right", "left"), (seats, me, next) => {
    const p = new Perspective(me % seats);
    const places = [...Array(seats).keys()].map((s) => p.position(s, seats, next));
    assert.equal(new Set(places).size, seats);
    assert.equal(places[me % seats], "bottom");
    assert.deepEqual(p.others(seats).length, seats - 1);
    assert.ok(!p.others(seats).includes(me % seats));
  }), fcRuns(200));
});

test("sides: ours first; 'us' and 'them' with partners, 'you' and the rival head to head; a seat's own words", () => {
  const p = new Perspective(1);   // side 1
  assert.deepEqual(p.ours([10, 20]), [20, 10]);
  assert.equal(p.isMe(1) && !p.isMe(3) && p.isUs(1) && !p.isUs(0), true);
  assert.equal(p.sideName(1), EN["side.us"]);
  assert.equal(p.sideName(0), EN["side.them"]);
  assert.equal(new Perspective(3, 0).side, 0, "a side the view gives");
  assert.equal(Perspective.of({ seat: 3, side: 1 }).side, 1);
  assert.equal(Perspective.of({ seat: 3 }).side, 1);
  const params = { n: 21, points: 2 };
  const fill = (key, extra = {}) => EN[key].replace(/\{(\w+)\}/g, (m, k) => String({ ...params, ...extra }[k] ?? m));
  assert.equal(p.sided("c40.ev.carton", 1, 4, params), fill("c40.ev.carton.us"));
  assert.equal(p.sided("c40.ev.carton", 0, 4, params), fill("c40.ev.carton.them"));
  assert.equal(p.sided("c40.ev.carton", 1, 2, params), fill("c40.ev.carton.you"));
  assert.equal(p.sided("c40.ev.carton", 0, 2, params), fill("c40.ev.carton.other", { name: EN["seat.rival"] }));
  assert.equal(p.personal("announce.cante", 1, { points: 20, suit: "oros" }), "You sing 20 in oros");
  assert.equal(p.personal("announce.cante", 2, { points: 20, suit: "oros", name: "Left" }), "Left sings 20 in oros");
  assert.equal(p.watched("watch.hand_won", 1), null, "a player's own words are the caller's");
  assert.throws(() => { p.seat = 0; }, TypeError, "a perspective does not change");
});

const fill2 = (key, params) => EN[key].replace(/\{(\w+)\}/g, (m, k) => String(params[k] ?? m));

test("a watcher: seat 0's place at the bottom, nobody's seat or side, seats by number, sides by their seats", () => {
  const w = Perspective.of({ seat: null, hand_sizes: [10, 10, 10, 10] });
  assert.equal(w.watching, true);
  assert.equal(w.players, 4);
  assert.equal(w.isMe(0) || w.isUs(0), false);
  assert.equal(w.position(0, 4), "bottom");
  assert.deepEqual([0, 1, 2, 3].map((s) => w.seatName(s, 4)), [1, 2, 3, 4].map((n) => EN["watch.seat"].replace("{n}", n)));
  assert.equal(w.sideName(1), EN["watch.side"].replace("{a}", 2).replace("{b}", 4));
  const w2 = Perspective.of({ seat: null, hand_sizes: [5, 5] });
  assert.equal(w2.sideName(1), EN["watch.seat"].replace("{n}", 2));
  assert.equal(w.personal("announce.cante", 0, { points: 40, suit: "copas", name: "Seat 1" }), "Seat 1 sings 40 in copas");
  assert.equal(w.sided("c40.ev.carton", 1, 4, { n: 20, points: 1 }), fill2("c40.ev.carton.other", { n: 20, points: 1, name: w.sideName(1) }));
  assert.equal(w.watched("watch.hand_won", 1), EN["watch.hand_won"].replace("{side}", w.sideName(1)));
});

test("a source's every method has its default: nothing to play, no hint, no file, no hands", async () => {
  const s = new TableSource("cuarenta");
  assert.equal(s.attach("TABLE"), s);
  assert.equal(s.table, "TABLE");
  s.view = { seat: 0 };
  assert.deepEqual(await s.open(), { seat: 0 });
  assert.deepEqual(await s.act("x"), { ok: false, busy: true });
  assert.equal(await s.why("x"), null);
  assert.equal(s.run(), undefined);
  assert.equal(s.moves(), 0);
  assert.equal(s.matchId(), null);
  assert.equal(s.file(), null);
  assert.deepEqual(s.nextMatch(), { game: "cuarenta" });
  assert.equal(await s.playAgain(), false);
  assert.equal(await s.summary(), null);
  assert.equal(s.single() || s.singleOver({}) || s.offersReview() || s.resultDue({}), false);
  assert.equal(await s.resultSeen(1), undefined);
  assert.deepEqual(s.assists(), { hint: false, takeback: false });
  assert.equal(await s.hint(), null);
  assert.equal(await s.takeBack(), null);
  assert.equal(s.seatNote(1), null);
  assert.equal(s.mayLetComputerPlay(1), false);
  assert.equal(s.letComputerPlay(1), undefined);
  assert.deepEqual(s.menuEntries(), []);
  s.destroy();
  assert.equal(s.destroyed, true);
  assert.equal(new DamagedMatch("bad").name, "DamagedMatch");
  assert.equal(isOver({ winner: 0 }) && isOver({ winner: 1 }), true);
  assert.equal(isOver({ winner: null }) || isOver({}) || isOver(null), false);
});

test("steps are shown one at a time in the order the actions happened; a step behind hurries the table", async () => {
  const shown = [];
  let hurried = 0;
  const pending = [];
  const table = {
    step: (e) => new Promise((resolve) => { shown.push(`start ${e.n}`); pending.push(() => { shown.push(`end ${e.n}`); resolve(e.n); }); }),
    hurry: () => { hurried += 1; },
  };
  const s = new TableSource("cuatrola").attach(table);
  const a = s.queueStep({ n: 1 });
  const b = s.queueStep({ n: 2 });
  const c = s.queueStep({ n: 3 }, () => false);   // no longer wanted when its turn comes
  assert.equal(hurried, 2);
  assert.equal(s.behind(), 2);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(shown, ["start 1"], "the second waits for the first");
  pending.shift()();
  assert.equal(await a, 1);
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(shown, ["start 1", "end 1", "start 2"]);
  pending.shift()();
  assert.equal(await b, 2);
  assert.equal(await c, null, "not shown");
  assert.equal(s.behind(), 0);
  // a step that fails does not stop the next; after destroy nothing more is shown
  const t2 = { step: (e) => (e.bad ? Promise.reject(new Error("drawing failed")) : Promise.resolve(e.n)), hurry() {} };
  const s2 = new TableSource("cuatrola").attach(t2);
  const bad = s2.queueStep({ bad: true });
  const good = s2.queueStep({ n: 5 });
  await assert.rejects(bad, /drawing failed/);
  assert.equal(await good, 5);
  s2.destroy();
  assert.equal(await s2.queueStep({ n: 6 }), null);
});
