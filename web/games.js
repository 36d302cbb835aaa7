// The games the shell knows: its one list of them. A game's rules (options, presets,
// computer levels) are the engine's (engine/games.py; the `games` op, `gamesSpec` below);
// what the shell must know of a game before Python is up is here, one entry per game:
//
//   table    loads the game's table (web/table/<game>.js) and resolves with its class
//   deck     the deck its cards are drawn from: "spanish" (oros, copas…) or "french"
//   players  its numbers of players; with more than one, home offers one button each
//            ("Cuarenta for 2", "for 4") and the statistics count each apart
//   daily    the rules of its daily deal beside the engine's defaults (docs/app.md)
//
// The order is the order of home's buttons, help's sections and the statistics' groups.
// Adding a game: an entry here, the engine's registry, the game's table and its catalog
// strings (`game.<id>`, `home.new_<id>`, `home.<id>_sub` for a game of one number of
// players, `help.<id>.<n>`). This module imports nothing statically (boot.js and the
// worker protocol's checks load it on their own).

export const GAMES = Object.freeze({
  cuatrola: Object.freeze({
    table: () => import("./table/cuatrola.js").then((m) => m.CuatrolaTable),
    deck: "spanish",
    players: Object.freeze([4]),
    daily: Object.freeze({}),
  }),
  cuarenta: Object.freeze({
    table: () => import("./table/cuarenta.js").then((m) => m.CuarentaTable),
    deck: "french",
    players: Object.freeze([2, 4]),
    daily: Object.freeze({ players: 2 }),
  }),
});

/** The games' ids, in order. */
export const GAME_IDS = Object.freeze(Object.keys(GAMES));

/** Whether `id` names a game of this list (an own key: never "constructor" and the like). */
export function isGame(id) {
  return typeof id === "string" && Object.hasOwn(GAMES, id);
}

/** The table class of `game` (a promise), or null for a game the shell does not know. */
export function tableOf(game) {
  return isGame(game) ? GAMES[game].table() : null;
}

/** The deck of `game`'s cards; the Spanish deck for a game the shell does not know. */
export function deckOf(game) {
  return isGame(game) ? GAMES[game].deck : "spanish";
}

/** The numbers of players of `game` (none for a game the shell does not know). */
export function playerCounts(game) {
  return isGame(game) ? GAMES[game].players : [];
}

// The engine's `games` answer (option specs, presets, computer levels), asked once.
let cache = null;
export function gamesSpec() {
  if (!cache) {
    cache = (async () => {
      const [{ engine }, { engineText }] = await Promise.all([import("./engine.js"), import("./engine-text.js")]);
      await engine.ready;
      const ans = await engine.call({ op: "games" });
      if (!ans.ok) throw new Error(engineText(ans));
      return ans.games;
    })();
    cache.catch(() => { cache = null; });
  }
  return cache;
}
