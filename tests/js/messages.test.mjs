// The messages of a table played together (web/together/messages.js; docs/play-together.md,
// "Messages"): what each side accepts, every refusal code, the builders, and the rate limit
// of a guest's messages. The messages crossing a real data channel are the browser's tests.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";

import { MAX_ACTION, MAX_ACTIONS, PROTOCOL, ProtocolError, RateLimit, checkFromGuest, checkFromHost, msg }
  from "../../web/together/messages.js";
import { fcRuns } from "./helpers.mjs";

const KEY = "ABCDEFGHIJKLMNOP";
const seats = (n) => Array.from({ length: n }, (_, seat) => ({ seat, kind: seat ? "person" : "host", live: true, computer: false }));
const view = (seat, extra = {}) => ({ seat, hand: seat === null ? [] : ["1O"], legal: seat === null ? [] : ["1O"], ...extra });
const welcome = (o = {}) => msg.welcome({ table: "0a1b2c3d", seat: 1, game: "cuarenta", players: 2, seats: seats(2), n: 0,
  view: view(1), ...o });

/** The ProtocolError's code, or "ok". */
function codeOf(check, m, ctx) {
  try {
    check(m, ctx);
    return "ok";
  } catch (e) {
    assert.ok(e instanceof ProtocolError, e);
    return e.code;
  }
}

test("a guest's hello, act and summary pass, checked down to their fields", () => {
  assert.deepEqual(checkFromGuest(msg.hello(KEY)), { t: "hello", key: KEY });
  assert.deepEqual(checkFromGuest(msg.act(0, "pass")), { t: "act", n: 0, action: "pass" });
  assert.deepEqual(checkFromGuest(msg.askSummary()), { t: "summary" });
  // extra fields are dropped, not passed on
  assert.deepEqual(checkFromGuest({ ...msg.act(3, "1O"), evil: "x" }), { t: "act", n: 3, action: "1O" });
  assert.equal(codeOf(checkFromGuest, msg.act(MAX_ACTIONS, "x".repeat(MAX_ACTION))), "ok");
});

test("every refusal of a guest's message, by code", () => {
  const cases = [
    [null, "not_object"], ["hello", "not_object"], [[msg.hello(KEY)], "not_object"], [42, "not_object"],
    [{ t: "hello", key: KEY }, "version"], [{ ...msg.hello(KEY), v: PROTOCOL - 1 }, "version"], [{ ...msg.hello(KEY), v: "2" }, "version"],
    [{ v: PROTOCOL, t: "welcome" }, "unknown_type"], [{ v: PROTOCOL, t: "move" }, "unknown_type"], [{ v: PROTOCOL }, "unknown_type"],
    [msg.hello("abcdefghijklmnop"), "bad_field"], [msg.hello(KEY.slice(1)), "bad_field"], [msg.hello(`${KEY}A`), "bad_field"],
    [msg.hello(KEY.replace("A", "1")), "bad_field"], [msg.hello(null), "bad_field"],
    [msg.act(-1, "pass"), "bad_field"], [msg.act(MAX_ACTIONS + 1, "pass"), "bad_field"], [msg.act(1.5, "pass"), "bad_field"],
    [msg.act("1", "pass"), "bad_field"], [msg.act(1, ""), "bad_field"], [msg.act(1, "x".repeat(MAX_ACTION + 1)), "bad_field"],
    [msg.act(1, 7), "bad_field"], [{ v: PROTOCOL, t: "act", action: "pass" }, "bad_field"],
  ];
  assert.deepEqual(cases.map(([m]) => codeOf(checkFromGuest, m)), cases.map(([, want]) => want));
});

test("a host's messages pass when they fit what the guest knows (its seat, the players)", () => {
  const me = { seat: 1, players: 2 };
  assert.equal(codeOf(checkFromHost, welcome()), "ok");                              // before the welcome too
  assert.equal(codeOf(checkFromHost, welcome({ seat: null, view: view(null) })), "ok");  // a watcher's
  assert.equal(codeOf(checkFromHost, welcome({ game: "cuatrola", players: 4, seats: seats(4), seat: 3, view: view(3) })), "ok");
  assert.equal(codeOf(checkFromHost, msg.move(1, 0, "pass", view(1)), me), "ok");
  assert.equal(codeOf(checkFromHost, msg.refused(0, "pass", "not_your_turn", { seat: 0 }, "Not your turn"), me), "ok");
  assert.equal(codeOf(checkFromHost, msg.seats(seats(2)), me), "ok");
  assert.equal(codeOf(checkFromHost, msg.summary({ hands: [] }), me), "ok");
  assert.equal(codeOf(checkFromHost, msg.over({ game: "cuarenta", actions: [] }), me), "ok");
  assert.equal(codeOf(checkFromHost, msg.bye("left")), "ok");
  assert.equal(codeOf(checkFromHost, msg.move(1, 1, "pass", view(null)), { seat: null, players: 2 }), "ok");
});

test("every refusal of a host's message, by code", () => {
  const me = { seat: 1, players: 2 };
  const cases = [
    [null, me, "not_object"], [{ ...msg.bye("left"), v: 1 }, me, "version"], [{ v: PROTOCOL, t: "act" }, me, "unknown_type"],
    [msg.move(1, 0, "pass", view(1)), {}, "not_welcomed"], [msg.seats(seats(2)), { seat: 1 }, "not_welcomed"],
    [msg.summary({ hands: [] }), {}, "not_welcomed"], [msg.over({ game: "cuarenta", actions: [] }), {}, "not_welcomed"],
    [msg.refused(0, "x", "c", {}, "e"), {}, "not_welcomed"],
    // the welcome's fields
    [welcome({ table: "" }), {}, "bad_field"], [welcome({ table: "x".repeat(33) }), {}, "bad_field"],
    [welcome({ players: 5 }), {}, "bad_field"], [welcome({ players: 1 }), {}, "bad_field"],
    [welcome({ seat: 2 }), {}, "bad_field"], [welcome({ seat: -1 }), {}, "bad_field"],
    [welcome({ game: "poker" }), {}, "bad_field"], [welcome({ game: "constructor" }), {}, "bad_field"],
    [welcome({ n: -1 }), {}, "bad_field"], [welcome({ view: view(0) }), {}, "bad_field"],
    [welcome({ view: { seat: 1, hand: ["1O"] } }), {}, "bad_field"],
    [welcome({ seat: null, view: view(null, { hand: ["1O"] }) }), {}, "bad_field"],     // a watcher is shown no hand
    [welcome({ seat: null, view: view(null, { legal: ["1O"] }) }), {}, "bad_field"],
    [welcome({ seats: seats(3) }), {}, "bad_field"], [welcome({ seats: [seats(2)[1], seats(2)[0]] }), {}, "bad_field"],
    [welcome({ seats: [{ ...seats(2)[0], kind: "alien" }, seats(2)[1]] }), {}, "bad_field"],
    [welcome({ seats: [{ ...seats(2)[0], live: "yes" }, seats(2)[1]] }), {}, "bad_field"],
    // the others'
    [msg.move(0, 0, "pass", view(1)), me, "bad_field"], [msg.move(1, 2, "pass", view(1)), me, "bad_field"],
    [msg.move(1, 0, "", view(1)), me, "bad_field"], [msg.move(1, 0, "pass", view(0)), me, "bad_field"],
    [msg.refused(0, "x", 3, {}, "e"), me, "bad_field"], [msg.refused(0, "x", "c", [], "e"), me, "bad_field"],
    [msg.refused(-1, "x", "c", {}, "e"), me, "bad_field"], [msg.refused(0, "x", "c", {}, null), me, "bad_field"],
    [msg.seats(seats(3)), me, "bad_field"], [msg.summary({}), me, "bad_field"], [msg.summary(null), me, "bad_field"],
    [msg.over({ game: "poker", actions: [] }), me, "bad_field"], [msg.over({ game: "cuarenta" }), me, "bad_field"],
    [msg.bye(""), me, "bad_field"], [msg.bye("x".repeat(41)), me, "bad_field"],
  ];
  assert.deepEqual(cases.map(([m, ctx]) => codeOf(checkFromHost, m, ctx)), cases.map(([, , want]) => want));
});

test("every message builder writes the protocol version and its type", () => {
  const made = [msg.hello(KEY), msg.act(0, "x"), msg.askSummary(), welcome(), msg.move(1, 0, "x", {}), msg.refused(0, "x", "c", {}, "e"),
    msg.seats([]), msg.summary({}), msg.over({}), msg.bye("left")];
  assert.deepEqual(made.map((m) => m.v), Array(made.length).fill(PROTOCOL));
  assert.deepEqual(made.map((m) => m.t), ["hello", "act", "summary", "welcome", "move", "refused", "seats", "summary", "over", "bye"]);
});

test("anything a guest sends is passed as checked or refused with a ProtocolError, never anything else (property)", () => {
  const fields = fc.dictionary(fc.constantFrom("v", "t", "n", "action", "key", "x"),
    fc.oneof(fc.constant(PROTOCOL), fc.constantFrom("hello", "act", "summary", "move"), fc.integer(), fc.string(), fc.anything()));
  fc.assert(fc.property(fc.oneof(fields, fc.anything()), (m) => {
    const got = codeOf(checkFromGuest, m);
    assert.ok(["ok", "not_object", "version", "unknown_type", "bad_field"].includes(got), got);
    if (got === "ok") {
      const out = checkFromGuest(m);
      assert.ok(Object.keys(out).every((k) => ["t", "n", "action", "key"].includes(k)));
    }
  }), fcRuns(2000));
  fc.assert(fc.property(fc.anything(), fc.record({ seat: fc.option(fc.integer({ min: 0, max: 3 })), players: fc.option(fc.integer({ min: 2, max: 4 })) }),
    (m, ctx) => {
      const got = codeOf(checkFromHost, m, ctx);
      assert.ok(["ok", "not_object", "version", "unknown_type", "bad_field", "not_welcomed"].includes(got), got);
    }), fcRuns(1000));
});

test("the rate limit: a burst passes, the next is refused, tokens come back at the rate, never above the burst", () => {
  let now = 0;
  const limit = new RateLimit(10, 20, () => now);
  for (let i = 0; i < 20; i++) assert.equal(limit.take(), true, `message ${i + 1} of the burst`);
  assert.equal(limit.take(), false, "the 21st at once");
  assert.equal(limit.take(), false);
  now += 99;
  assert.equal(limit.take(), false, "not a whole token yet after 99 ms at 10/s");
  now += 1;
  assert.equal(limit.take(), true, "one token after 100 ms");
  assert.equal(limit.take(), false);
  now += 60_000;   // a long quiet: the bucket refills to the burst, no more
  for (let i = 0; i < 20; i++) assert.equal(limit.take(), true);
  assert.equal(limit.take(), false);
  // a steady 10 a second passes for good; 11 a second is cut down to the rate
  const steady = new RateLimit(10, 20, () => now);
  let passed = 0;
  for (let i = 0; i < 1100; i++) { now += 1000 / 11; if (steady.take()) passed += 1; }
  assert.ok(passed <= 20 + 10 * 100 + 1 && passed >= 1000, passed);
});

test("the rate limit never lets more through than burst + rate × time (property)", () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 40 }),
    fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 300 }), (rate, burst, gaps) => {
      let now = 1000;
      const limit = new RateLimit(rate, burst, () => now);
      let passed = 0;
      for (const gap of gaps) { now += gap; if (limit.take()) passed += 1; }
      const elapsed = now - 1000;
      assert.ok(passed <= burst + (rate * elapsed) / 1000 + 1e-9, { passed, burst, rate, elapsed });
      if (gaps.length && gaps.length <= burst) assert.equal(passed, gaps.length);   // within the burst: all
    }), fcRuns(500));
});

test("by default the rate limit's clock is performance.now()", () => {
  const limit = new RateLimit();
  assert.equal(limit.rate, 10);
  assert.equal(limit.burst, 20);
  assert.ok(Math.abs(limit.now() - performance.now()) < 1000);
});
