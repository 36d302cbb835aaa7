// The engine's `games` answer (option specs, presets, computer levels), asked once.
import { engine } from "./engine.js";
import { engineText } from "./engine-text.js";

let cache = null;
export function gamesSpec() {
  if (!cache) {
    cache = (async () => {
      await engine.ready;
      const ans = await engine.call({ op: "games" });
      if (!ans.ok) throw new Error(engineText(ans));
      return ans.games;
    })();
    cache.catch(() => { cache = null; });
  }
  return cache;
}
