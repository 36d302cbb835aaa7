// The table's sound cues, heard (docs/app.md, "Sound"): synthesised with the Web Audio API
// from web/sound/cues.js's notes, no sample files. A LATER file of build.py: the table
// imports it at the person's first tap (web/table/base.js), so nothing of it is fetched on
// a first visit or a first paint. The AudioContext is made at a tap (a user gesture: the
// browsers' autoplay rules), never before, and only while the Sound setting is on; nothing
// sounds while the page is hidden (its context is suspended then). Every cue that sounds is
// recorded, in order, in globalThis.__tapeteCues (the last CUE_LOG_MAX): the browser tests'
// hook, which needs no audio device.
import { getSettings } from "../store.js";
import { CUES, LATE, audible, cuesOf, schedule } from "./cues.js";

/** How many cues the test hook keeps (the latest). */
const CUE_LOG_MAX = 200;
/** A note's attack (s) and the level its envelope starts from and falls to (exponential). */
const ATTACK_S = 0.004;
const FLOOR = 0.0001;
/** How long a source runs past its note's end (s), so that the envelope ends first. */
const TAIL_S = 0.02;
/** The noise bursts' band (a card's snap, a deal's riffle). */
const NOISE_Q = 1.2;
/** The length of the noise buffer (s): longer than any noise note. */
const NOISE_S = 0.25;

let ctx = null;
let noise = null;

const log = () => (globalThis.__tapeteCues ||= []);
const soundOn = () => getSettings().sound !== false;

/** At a tap: the AudioContext made (or woken), when the Sound setting is on. */
export function unlock() {
  if (!soundOn() || document.hidden) return;
  const Ctx = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!ctx && Ctx) {
    try { ctx = new Ctx(); } catch { ctx = null; return; }
  }
  if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
}

document.addEventListener("visibilitychange", () => {
  if (ctx && document.hidden) ctx.suspend().catch(() => {});
});

/** Sound the cues `names` one after another (see cues.js audible: nothing while muted,
 * hidden, or `hushed` unless `own`). Returns the names sounded. */
export function play(names, { hushed = false, own = false } = {}) {
  const heard = audible(names, { sound: soundOn(), hidden: document.hidden, hushed, own });
  if (!heard.length) return heard;
  const book = log();
  book.push(...heard);
  if (book.length > CUE_LOG_MAX) book.splice(0, book.length - CUE_LOG_MAX);
  if (!ctx || ctx.state === "closed") return heard;     // no tap yet made it: silent
  const t0 = ctx.currentTime;
  for (const { name, at } of schedule(heard)) {
    for (const n of CUES[name]) voice(n, t0 + at / 1000);
  }
  return heard;
}

/** The cues of one action `event` that `table` shows (TableBase.step): sounded at once, but
 * the person's turn (LATE), which the returned function sounds once the action is shown. */
export function step(table, event) {
  let cues = [];
  try { cues = cuesOf(table.game, event); } catch (err) { console.warn("sound:", err); }   // (never the table's step)
  table.cue(cues.filter((c) => !LATE.includes(c)));
  const late = cues.filter((c) => LATE.includes(c));
  return late.length ? () => table.cue(late) : null;
}

/** One note of a cue, from `start` (the context's time, s). */
function voice(n, start) {
  const from = start + n.at / 1000;
  const end = from + n.ms / 1000;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(FLOOR, from);
  gain.gain.linearRampToValueAtTime(n.gain, from + ATTACK_S);
  gain.gain.exponentialRampToValueAtTime(FLOOR, end);
  gain.connect(ctx.destination);
  let src;
  if (n.wave === "noise") {
    src = ctx.createBufferSource();
    src.buffer = noiseBuffer();
    const band = ctx.createBiquadFilter();
    band.type = "bandpass";
    band.frequency.value = n.hz;
    band.Q.value = NOISE_Q;
    src.connect(band).connect(gain);
  } else {
    src = ctx.createOscillator();
    src.type = n.wave;
    src.frequency.setValueAtTime(n.hz, from);
    if (n.to !== n.hz) src.frequency.exponentialRampToValueAtTime(n.to, end);
    src.connect(gain);
  }
  src.start(from);
  src.stop(end + TAIL_S);
}

/** White noise, made once (a fixed sequence: the same snap every time). */
function noiseBuffer() {
  if (noise) return noise;
  const length = Math.ceil(ctx.sampleRate * NOISE_S);
  noise = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = noise.getChannelData(0);
  let x = 1;
  for (let i = 0; i < length; i++) {
    x = (x * 16807) % 2147483647;            // (Park–Miller: no Math.random, the same bytes)
    data[i] = (x / 2147483647) * 2 - 1;
  }
  return noise;
}
