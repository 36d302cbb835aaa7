// The shell's one list of games (web/games.js). That it is the engine's list is
// tests/browser/test_static.py's (test_the_shells_games_are_the_engines, with the engine).
import { test } from "node:test";
import assert from "node:assert/strict";

import { GAMES, GAME_IDS, deckOf, isGame, playerCounts, tableOf } from "../../web/games.js";

test("the games in home's order, each with its deck, numbers of players and daily rules", () => {
  assert.deepEqual(GAME_IDS, ["cuatrola", "cuarenta"]);
  assert.deepEqual(GAME_IDS.map(deckOf), ["spanish", "french"]);
  assert.deepEqual(GAME_IDS.map((g) => [...playerCounts(g)]), [[4], [2, 4]]);
  assert.deepEqual(GAMES.cuarenta.daily, { players: 2 });
  assert.deepEqual(GAMES.cuatrola.daily, {});
  for (const g of GAME_IDS) assert.equal(typeof GAMES[g].table, "function");
});

test("a game not in the list: not a game, the Spanish deck, no players, no table", () => {
  for (const odd of ["mus", "", "constructor", "__proto__", "toString", "hasOwnProperty", null, undefined, 42, {}, ["cuatrola"], "Cuatrola"]) {
    assert.equal(isGame(odd), false, String(odd));
    assert.equal(deckOf(odd), "spanish");
    assert.deepEqual(playerCounts(odd), []);
    assert.equal(tableOf(odd), null);
  }
  assert.equal(isGame("cuatrola") && isGame("cuarenta"), true);
});

test("the list cannot be changed by a caller", () => {
  assert.ok(Object.isFrozen(GAMES) && Object.isFrozen(GAME_IDS) && Object.isFrozen(GAMES.cuarenta.players));
  assert.throws(() => { GAMES.mus = {}; }, TypeError);
  assert.throws(() => { GAMES.cuarenta.players.push(3); }, TypeError);
  assert.throws(() => { GAME_IDS.push("mus"); }, TypeError);
});
