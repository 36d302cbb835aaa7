// The figures of the statistics, worked out with no page and no engine (stats-cache.js collects and
// caches them): one match's from its record and the engine's `summary` of it (who won each
// hand and each contract, every caída, limpia and ronda: the shell counts, it decides no
// rule), and the totals of many per game, number of players and level.
import { playerCounts } from "./games.js";

const SIDES = 2;

/** The person's side in a stored match: 0 (the person plays seat 0), or the side a guest's
 * copy of a match played together records (sides are seat % 2: docs/api.md). */
export function personSide(rec) { return rec && rec.result && rec.result.side === 1 ? 1 : 0; }
export const CONTRACTS = ["solo", "cuatrola", "quintola"];

// ------------------------------------------------------------------ per match
const pair = () => [0, 0];

function countBySide(events, into) {
  for (const e of events || []) if (e && (e.side === 0 || e.side === 1)) into[e.side] += 1;
}

/**
 * The figures of one match from its record and the engine's summary of it. Throws a
 * TypeError on a summary of an unexpected shape (the caller counts the match as damaged).
 */
export function matchFigures(rec, summary) {
  if (!summary || !Array.isArray(summary.hands)) throw new TypeError("summary without hands");
  const meta = (rec.match && rec.match.meta) || {};
  const US = personSide(rec);
  const fig = {
    game: summary.game,
    level: typeof meta.level === "string" && meta.level ? meta.level : null,
    players: playerCounts(summary.game).length > 1 ? summary.players : null,   // counted apart
    finished: summary.finished === true,
    won: summary.finished === true && summary.winner === US,
    hands: summary.hands.length,
    // [ours, theirs] and when it was last played: the chart's results match by match
    score: Array.isArray(summary.score) && summary.score.length === SIDES ? [summary.score[US], summary.score[1 - US]] : null,
    when: typeof rec.updated === "number" ? rec.updated : 0,
  };
  if (summary.game === "cuatrola") {
    fig.handsWon = summary.hands.filter((x) => x.winner === US).length;
    fig.contracts = {};
    for (const c of CONTRACTS) fig.contracts[c] = { ours: 0, oursMade: 0, theirs: 0, theirsFailed: 0 };
    for (const x of summary.hands) {
      const c = fig.contracts[x.contract];
      if (!c || typeof x.declarer !== "number") continue;   // a normal hand
      const side = x.declarer % SIDES;
      const made = x.winner === side;   // the engine's hand winner decides the contract
      if (side === US) { c.ours += 1; if (made) c.oursMade += 1; } else { c.theirs += 1; if (!made) c.theirsFailed += 1; }
    }
  } else if (summary.game === "cuarenta") {
    fig.caidas = pair(); fig.limpias = pair(); fig.rondas = pair();
    for (const x of summary.hands) {
      countBySide(x.caidas, fig.caidas);
      countBySide(x.limpias, fig.limpias);
      countBySide(x.rondas, fig.rondas);
    }
    if (US === 1) for (const p of [fig.caidas, fig.limpias, fig.rondas]) p.reverse();   // [ours, theirs]
  }
  return fig;
}

// ------------------------------------------------------------------ totals per game and level
export function groupKey(fig) { return `${fig.game}|${fig.players ?? ""}|${fig.level ?? ""}`; }

function emptyGroup(fig) {
  const g = { game: fig.game, players: fig.players, level: fig.level, matches: 0, won: 0, playing: 0, hands: 0, results: [] };
  if (fig.game === "cuatrola") {
    g.handsWon = 0;
    g.contracts = {};
    for (const c of CONTRACTS) g.contracts[c] = { ours: 0, oursMade: 0, theirs: 0, theirsFailed: 0 };
  } else if (fig.game === "cuarenta") {
    g.caidas = pair(); g.limpias = pair(); g.rondas = pair();
  }
  return g;
}

/** Sum the figures of many matches per game, number of players and level. */
export function totals(figures) {
  const groups = new Map();
  for (const fig of figures) {
    const key = groupKey(fig);
    if (!groups.has(key)) groups.set(key, emptyGroup(fig));
    const g = groups.get(key);
    if (fig.finished) { g.matches += 1; if (fig.won) g.won += 1; } else g.playing += 1;
    if (fig.finished && fig.score) {
      g.results.push({ when: fig.when || 0, won: fig.won, score: fig.score, margin: fig.score[0] - fig.score[1] });
    }
    g.hands += fig.hands;
    if (g.contracts) {
      g.handsWon += fig.handsWon;
      for (const c of CONTRACTS) for (const k of Object.keys(g.contracts[c])) g.contracts[c][k] += fig.contracts[c][k];
    }
    if (g.caidas) {
      for (const k of ["caidas", "limpias", "rondas"]) for (let s = 0; s < SIDES; s++) g[k][s] += fig[k][s];
    }
  }
  for (const g of groups.values()) g.results.sort((a, b) => a.when - b.when);   // oldest first
  return [...groups.values()];
}
