// Starting a match: the engine deals it (the `new` op) and it is stored. The new-match form,
// the daily deal, a challenge, a deal link and a table's "Play again" all start one here.
import { engine } from "../engine.js";
import { engineText } from "../engine-text.js";
import * as store from "../store.js";

/** A new deal code: 12 random base-36 digits. */
export function randomSeed() {
  const r = new Uint8Array(8);
  crypto.getRandomValues(r);
  return Array.from(r, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 12);
}

/** Start a match and store it; resolves with the record (or throws an Error for the player). */
export async function startMatch({ game, rules, seed, level, origin = "new", together = null, assist = null, extra = null }) {
  await engine.ready;
  const meta = { app: "tapete-web" };
  if (level) meta.level = level;
  if (together) meta.together = together;     // a table played together: this phone hosts it
  // hint and take-back, switched on for this match (never with friends: docs/match-format.md)
  else if (assist && (assist.hint || assist.takeback)) meta.assist = { hint: !!assist.hint, takeback: !!assist.takeback };
  if (extra) Object.assign(meta, extra);      // a daily deal or a challenge (web/screens/daily.js)
  const ans = await engine.call({ op: "new", game, rules, seed: seed || randomSeed(), seat: 0, meta });
  if (!ans.ok) throw new Error(engineText(ans, { game }));
  return store.addMatch({ id: store.newId(), game, origin, match: ans.match, view: ans.view, status: "playing" });
}
