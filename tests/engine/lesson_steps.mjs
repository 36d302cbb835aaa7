// The app's own steps of a lesson (web/lessons/steps.js) fed the plays of the lessons as
// CPython's engine made them (tests/engine/test_lesson_scripts.py, lesson_runner.py): what
// the app would ask, answer and count at every action, without a browser.
//
//   node tests/engine/lesson_steps.mjs < plays.json > steps.json
//
// In: [{lesson, seat, begin (the person's first view), events: [{seat, action, view, tries}]}]
// (tries: the person's moves tried first, not the lesson's: each judged, and a mistake when
// the app would refuse it). Out, one per play: {steps: [{index, asks, judge, tries, reply,
// ended, marks}] (before each event: the step on and what the app does; after it: ended),
// done, mistakes, stars}.
import { readFileSync } from "node:fs";
import { Steps, starsFor } from "../../web/lessons/steps.js";

const plays = JSON.parse(readFileSync(0, "utf8"));
const out = plays.map(({ lesson, seat, begin, events }) => {
  const plan = new Steps(lesson, seat);
  plan.begin(begin);
  const steps = events.map((e) => {
    const at = { index: plan.index, asks: plan.asks(), marks: plan.marks() };
    if (e.seat === seat) {
      at.tries = {};
      for (const t of e.tries || []) {
        at.tries[t] = plan.judge(t);
        if (at.tries[t] === "other") plan.mistake();
      }
      at.judge = plan.judge(e.action);
    } else {
      at.reply = plan.nextReply();
    }
    at.ended = plan.after(e.seat, e.view);
    return at;
  });
  return { steps, done: plan.done, mistakes: plan.mistakes, stars: starsFor(plan.mistakes) };
});
process.stdout.write(JSON.stringify(out));
