// The table's sound cues, as data and as a pure mapping (no page, no audio: the player,
// web/sound/player.js, synthesises them with the Web Audio API). cuesOf() turns one action
// as the table shows it ({seat, action, prev, view}: the step the source reports, seen from
// the person's seat) into the names of the cues it makes, in order; CUES holds each cue's
// synthesis: notes (an oscillator or a burst of filtered noise) with their start, length,
// pitch and peak gain. Quiet by design: no cue is longer than CUE_MAX_MS nor louder than the
// card snap (the "play" cue), which tests/js/sound.test.mjs checks. Nothing here decides a
// rule: who took a trick, a caída, the end of a hand all come from the engine's views.

/** The longest a cue may sound (ms). */
export const CUE_MAX_MS = 250;
/** The silence between two cues of one action (ms). */
export const CUE_GAP_MS = 40;
/** The card snap's peak gain: the loudest a cue may be. */
export const SNAP_GAIN = 0.22;
/** The bids of Cuatrola (an action that is not a card). */
const BIDS = ["pass", "solo", "cuatrola", "quintola"];
/** The cues sounded once an action has been shown (the person's turn back), not at its start. */
export const LATE = ["turn"];

// a note: {wave: "sine" | "triangle" | "square" | "noise", at: ms from the cue's start,
// ms: its length, hz: its pitch (noise: the band's centre), to: the pitch it glides to,
// gain: its peak}
const note = (wave, at, ms, hz, gain, to = hz) => ({ wave, at, ms, hz, to, gain });

/** Every cue: its notes. */
export const CUES = {
  play: [note("noise", 0, 45, 2400, SNAP_GAIN)],                      // the card snap
  deal: [note("noise", 0, 30, 3200, 0.12), note("noise", 60, 30, 3200, 0.12), note("noise", 120, 30, 3200, 0.12)],
  take_us: [note("triangle", 0, 90, 523, 0.11), note("triangle", 80, 140, 784, 0.11)],
  take_them: [note("triangle", 0, 90, 392, 0.1), note("triangle", 80, 140, 294, 0.1)],
  caida: [note("sine", 0, 200, 880, 0.14, 440)],
  limpia: [note("sine", 0, 70, 659, 0.12), note("sine", 70, 70, 880, 0.12), note("sine", 140, 100, 1319, 0.1)],
  ronda: [note("triangle", 0, 60, 587, 0.12), note("triangle", 70, 60, 587, 0.12), note("triangle", 140, 100, 587, 0.12)],
  bid: [note("sine", 0, 120, 440, 0.12, 494)],
  cante: [note("sine", 0, 110, 698, 0.11), note("sine", 100, 150, 880, 0.11)],
  turn: [note("sine", 0, 160, 988, 0.1)],
  hand_won: [note("triangle", 0, 80, 523, 0.13), note("triangle", 80, 80, 659, 0.13), note("triangle", 160, 90, 784, 0.13)],
  hand_lost: [note("triangle", 0, 110, 392, 0.1), note("triangle", 110, 140, 330, 0.1)],
  refused: [note("sine", 0, 90, 110, 0.16, 70)],                     // a soft thud, low and short
};

/** How long cue `name` sounds (ms): its last note's end. */
export function cueMs(name) {
  return Math.max(...CUES[name].map((n) => n.at + n.ms));
}

/** The loudest cue `name` can be: the most its notes' peaks add up to where they overlap. */
export function peakGain(name) {
  const notes = CUES[name];
  return Math.max(...notes.map((a) => notes.filter((b) => b.at <= a.at && a.at < b.at + b.ms)
    .reduce((sum, b) => sum + b.gain, 0)));
}

/** When each cue of `names` starts (ms after the first), one after another. */
export function schedule(names) {
  let at = 0;
  return names.map((name) => {
    const start = at;
    at += cueMs(name) + CUE_GAP_MS;
    return { name, at: start };
  });
}

/**
 * The cues that `names` makes heard: none with the sound off (`sound` false), while the page
 * is hidden, or while a lesson explains (`hushed`) unless they are the lesson's own (`own`).
 */
export function audible(names, { sound = true, hidden = false, hushed = false, own = false } = {}) {
  if (sound === false || hidden || (hushed && !own)) return [];
  return names.filter((n) => Object.hasOwn(CUES, n));
}

const over = (v) => !!v && v.winner !== null && v.winner !== undefined;
const sideOf = (v) => v.side ?? v.seat % 2;

/** The person's turn again after others played (not at the end of the match). */
function turnBack(prev, view) {
  return view.turn === view.seat && prev.turn !== view.seat && !over(view);
}

/** A hand won or lost by the person's side: the match's winner at its end; else who won the
 * hand (Cuatrola) or took more points in it (Cuarenta; a tie makes no cue). */
function handCue(view, game) {
  const side = sideOf(view);
  if (over(view)) return view.winner === side ? "hand_won" : "hand_lost";
  const lh = view.last_hand || {};
  if (game === "cuatrola") return lh.winner === side ? "hand_won" : "hand_lost";
  const points = Array.isArray(lh.points) ? lh.points : [0, 0];
  const [us, them] = [points[side], points[1 - side]];
  return us > them ? "hand_won" : us < them ? "hand_lost" : null;
}

function cuatrola({ action, prev, view }) {
  if (BIDS.includes(action)) return ["bid"];
  const out = ["play"];
  const handEnded = view.hands_played > prev.hands_played;
  if (handEnded || view.tricks.length > prev.tricks.length) {
    const done = (handEnded ? view.last_hand.tricks : view.tricks) || [];
    const last = done[done.length - 1];
    if (last) out.push(last.winner % 2 === sideOf(view) ? "take_us" : "take_them");
    const cantes = (handEnded ? view.last_hand.cantes : view.cantes) || [];
    for (let i = (prev.cantes || []).length; i < cantes.length; i++) out.push("cante");
  }
  if (handEnded) {
    out.push(handCue(view, "cuatrola"));
    if (!over(view)) out.push("deal");
  }
  return out;
}

function cuarenta({ prev, view }) {
  const out = [];
  const side = sideOf(view);
  for (const e of view.events || []) {
    if (e.kind === "lay") out.push("play");
    else if (e.kind === "capture") out.push("play", (e.side ?? e.seat % 2) === side ? "take_us" : "take_them");
    else if (e.kind === "caida" || e.kind === "limpia" || e.kind === "ronda") out.push(e.kind);
    else if (e.kind === "claim" && e.right) out.push("ronda");
    else if (e.kind === "deal") out.push("deal");
  }
  if (view.hands_played > prev.hands_played && view.last_hand) {
    const cue = handCue(view, "cuarenta");
    // the hand's result comes before the next hand's deal
    const deal = out.lastIndexOf("deal");
    if (cue && deal >= 0) out.splice(deal, 0, cue);
    else if (cue) out.push(cue);
  }
  return out;
}

/**
 * The cues of one action of `game` as the table shows it: `event` is {seat, action, prev,
 * view}, both views the person's. Ends with "turn" when the person's turn comes back after
 * others played (LATE: the player sounds it once the action has been shown).
 */
export function cuesOf(game, event) {
  const { prev, view } = event;
  if (!prev || !view) return [];
  const out = (game === "cuatrola" ? cuatrola(event) : cuarenta(event)).filter(Boolean);
  if (turnBack(prev, view)) out.push("turn");
  return out;
}
