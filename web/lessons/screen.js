// "Learn to play" (#/learn[/<game>]): every lesson of each game with its stars, and a lesson
// at the real table (#/learn/<game>?lesson=<id>): the game's own table (web/table/<game>.js)
// with a coach above the hand (the step's goal, why a move was not the lesson's), the cards
// and controls the step points at marked, the lesson's introduction first and its stars last.
// Loaded with import() when first shown (app.js ROUTES), never on first paint.
import { t, plural, gameName } from "../i18n.js";
import { h, clear, dialog, announce, setText, setAttr } from "../ui.js";
import { engine } from "../engine.js";
import { GAME_IDS, isGame, tableOf } from "../games.js";
import { resultText } from "../table/dialogs.js";
import { loadLessons, loadWords, lessonHref } from "./lessons.js";
import { readProgress, starsOf, recordStars } from "./progress.js";
import { LessonSource } from "./source.js";
import { starsFor } from "./steps.js";

const MAX_STARS = 3;
/** Card texts of both decks ("1O", "12B", "7H", "QS"): a highlight of a card marks the card,
 * any other highlight (a bid, a capture, a claim) the control that plays it. */
const CARD = /^(?:(?:1[0-2]|[13])[OCEB]|[A2-7JQK][HDCS])$/;

/** The lessons' stylesheet, once (it holds nothing the rest of the app needs). */
function useStyles() {
  let link = document.getElementById("lessons-css");
  if (link) return link.ready;
  link = h("link", { rel: "stylesheet", id: "lessons-css", href: new URL("./lessons.css", import.meta.url).href });
  link.ready = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });
  document.head.append(link);
  return link.ready;
}

/** "★★☆", named for screen readers ("2 of 3 stars"; "Not played yet"). */
export function starsNode(stars) {
  const label = stars ? plural("lessons.stars", stars) : t("lessons.not_yet");
  return h("span", { class: `stars s${stars}`, role: "img", "aria-label": label },
    "★".repeat(stars) + "☆".repeat(MAX_STARS - stars));
}

function errorPage(root, message, game = null) {
  clear(root).append(h("section", { class: "page", role: "alert" },
    h("h1", { text: t("lessons.title") }),
    h("p", { class: "error-text", text: message }),
    h("a", { class: "btn primary", href: game ? lessonHref(game) : "#/learn" }, t("lessons.all"))));
}

// ------------------------------------------------------------------ the list
export async function showLessons(root, game, isCurrent = () => true) {
  clear(root).append(h("section", { class: "page" }, h("p", { class: "muted", text: t("boot.waiting") })));
  let docs;
  try {
    [docs] = await Promise.all([Promise.all(GAME_IDS.map(loadLessons)), loadWords(), useStyles()]);
  } catch (err) {
    if (isCurrent()) errorPage(root, err.message);
    return {};
  }
  if (!isCurrent()) return {};
  const progress = readProgress();
  const page = h("section", { class: "page learn" }, h("h1", { text: t("lessons.title") }),
    h("p", { text: t("lessons.intro") }));
  GAME_IDS.forEach((g, k) => {
    const lessons = docs[k].lessons;
    const done = lessons.filter((l) => starsOf(progress, g, l.id)).length;
    page.append(h("section", { class: "learn-game", id: `learn-${g}`, "aria-labelledby": `learn-${g}-title` },
      h("h2", { id: `learn-${g}-title`, text: gameName(g) }),
      h("p", { class: "muted learn-progress", text: t("lessons.progress", { done, n: lessons.length }) }),
      h("ol", { class: "lesson-list" }, lessons.map((l, i) => h("li", {},
        h("a", { class: "btn lesson-item", href: lessonHref(g, l.id), id: `lesson-${g}-${l.id}` },
          h("span", { class: "lesson-n", "aria-hidden": "true", text: String(i + 1) }),
          h("span", { class: "btn-title", text: t(l.title) }),
          starsNode(starsOf(progress, g, l.id))))))));
  });
  clear(root).append(page);
  const el = game && page.querySelector(`#learn-${CSS.escape(game)}`);
  if (el) requestAnimationFrame(() => el.scrollIntoView());
  return {};
}

// ------------------------------------------------------------------ the coach
/** What the lesson says above the hand: the step (n of m), its goal once it is the person's
 * turn, why the last try was not the lesson's, a button to read the introduction again. */
class Coach {
  constructor(game, lesson, { onIntro }) {
    this.lesson = lesson;
    this.shown = -1;        // the step whose goal is on screen
    this.stepEl = h("span", { class: "coach-step" });
    this.goalEl = h("span", { class: "coach-goal" });
    this.feedbackEl = h("p", { class: "coach-feedback", hidden: true });
    this.el = h("section", { class: "coach", "aria-label": t("lessons.coach") },
      h("div", { class: "coach-row" },     // (the "?" first: it floats, the goal runs beside and under it)
        h("button", { type: "button", class: "icon-btn coach-intro", "aria-label": t("lessons.read_again"), onclick: onIntro },
          h("span", { "aria-hidden": "true", text: "?" })),
        h("p", { class: "coach-text" }, this.stepEl, this.goalEl)),
      this.feedbackEl);
  }

  /** Brings the coach up to date with the table (after each drawing). */
  sync(table, view) {
    const plan = table.source.plan;
    const root = table.root;
    setText(this.stepEl, t("lessons.step", { n: plan.index + 1, of: plan.count() }));
    if (!table.source.started) {
      setText(this.goalEl, t("lessons.watch"));
      return;
    }
    if (plan.done) {
      setText(this.goalEl, t("lessons.well_done"));
      this.feedback(null);
      root.dataset.lessonState = "done";
      return;
    }
    root.dataset.lessonStep = String(plan.index + 1);
    if (this.shown !== plan.index) {
      if (table.canAct(view)) {
        this.shown = plan.index;
        this.feedback(null);
        const goal = t(plan.step().goal);
        setText(this.goalEl, goal);
        announce(goal);
      } else if (this.shown < 0) {
        setText(this.goalEl, t("lessons.watch"));
      }
      this.goalEl.classList.toggle("waiting", this.shown !== plan.index);
    }
    root.dataset.lessonState = table.canAct(view) ? "turn" : "wait";
  }

  /** Why a try was not the lesson's (null: nothing to say). */
  feedback(text, kind = "warn") {
    this.feedbackEl.hidden = !text;
    if (!text) return;
    const sentence = /[.!?…]$/.test(text) ? text : `${text}.`;   // (the engine's refusals end without a stop)
    setText(this.feedbackEl, `${sentence} ${t("lessons.try_again")}`);
    this.feedbackEl.dataset.kind = kind;
    this.feedbackEl.classList.remove("again");
    void this.feedbackEl.offsetWidth;     // (restarts the shake on a second wrong try)
    this.feedbackEl.classList.add("again");
  }
}

/** The game's table class with the lesson's coach, marks and endings. */
function lessonTable(Base, { game, lesson, coach, explaining }) {
  return class LessonTable extends Base {
    /** Silent while the lesson's introduction is open (a sound cue would talk over it). */
    hushed() { return explaining.open > 0; }

    build(view) {
      super.build(view);
      const section = this.root.querySelector(".table");
      if (section) section.classList.add("lesson");
      const home = this.root.querySelector(".tbar a.icon-btn");
      if (home) { home.href = lessonHref(game); setAttr(home, "aria-label", t("lessons.all")); }
      const bottom = this.root.querySelector(".bottom");
      if (bottom) bottom.prepend(coach.el);
    }

    draw(view) {
      super.draw(view);
      setText(this.top.titleEl, t(lesson.title));
      if (this.source.plan.done) setText(this.promptEl, "");   // nobody plays on
      coach.sync(this, view);
      this.mark(view);
    }

    canAct(view) { return !this.source.plan.done && super.canAct(view); }

    /** A refusal or a hint goes to the coach (and the live region), not to the table's line. */
    say(text, kind = "info") {
      if (kind === "info" || this.destroyed) { super.say(text, kind); return; }
      const line = Array.isArray(text) ? text.filter(Boolean).join(" · ") : text;
      coach.feedback(line, kind);
      announce(line);
    }

    /** The step's cards and controls, marked until the person's first move of the step; the
     * expected bid, capture or claim too, once its control is on screen. */
    mark(view) {
      const plan = this.source.plan;
      const on = this.canAct(view) && !plan.done;
      const tokens = on ? plan.marks() : [];
      const actions = on && plan.asks() ? plan.step().expect : [];
      const want = new Set();
      for (const token of tokens) {
        const sel = CARD.test(token) ? `.hand [data-card="${CSS.escape(token)}"], .table-cards [data-card="${CSS.escape(token)}"], .trick [data-card="${CSS.escape(token)}"]`
          : `.controls [data-action="${CSS.escape(token)}"]`;
        for (const el of this.root.querySelectorAll(sel)) want.add(el);
      }
      for (const a of actions) {
        if (CARD.test(a)) continue;
        for (const el of this.root.querySelectorAll(`.controls [data-action="${CSS.escape(a)}"]`)) want.add(el);
      }
      for (const el of this.root.querySelectorAll(".lesson-mark")) if (!want.has(el)) el.classList.remove("lesson-mark");
      for (const el of want) el.classList.add("lesson-mark");
    }

    /** A hand that ends inside a lesson: its breakdown, then the lesson goes on (or ends). */
    async handOver(view) {
      if (this.destroyed || !view.last_hand) return;
      const lh = view.last_hand;
      const headline = this.handHeadline(lh);
      announce(headline);
      await dialog({ title: t("hand.title", { n: lh.hand }), className: "hand-over",
        body: [h("p", { class: "hand-result", text: headline }), this.handBreakdown(lh, view)],
        buttons: [{ label: t("lessons.continue"), value: true, primary: true }] });
    }

    matchOver() { return Promise.resolve(); }     // the lesson's end says what comes next

    drawFinal(el, view) {
      clear(el).append(h("p", { class: "final-result", text: resultText(this, view) }));
    }

    playAgain() { location.hash = lessonHref(game); }

    destroy() {
      super.destroy();
      for (const k of ["lesson", "lessonStep", "lessonState", "lessonStars"]) delete this.root.dataset[k];
    }
  };
}

// ------------------------------------------------------------------ a lesson
/**
 * Lesson `?lesson=<id>` of game `r.arg` at its table, in `r.el` (a route of app.js:
 * `r.isCurrent()` turns false when another route is shown, `r.setScreen(table)` makes a route
 * change destroy it).
 */
export async function openLesson(r) {
  const { el, arg: game, query, isCurrent, setScreen } = r;
  const q = new URLSearchParams(query || "");
  if (!isGame(game)) { location.replace("#/learn"); return; }
  clear(el).append(h("section", { class: "page waiting-page" },
    h("div", { class: "spinner", "aria-hidden": "true" }), h("p", { text: t("boot.waiting") })));
  let doc, Table;
  try {
    [doc, Table] = await Promise.all([loadLessons(game), tableOf(game), loadWords(), useStyles()]);
  } catch (err) {
    if (isCurrent()) errorPage(el, err.message, game);
    return;
  }
  if (!isCurrent()) return;
  // ?lesson=<id>, or ?first=1: the game's first lesson (home's offer, which loads no lesson data)
  const index = q.has("lesson") ? doc.lessons.findIndex((l) => l.id === q.get("lesson")) : q.has("first") ? 0 : -1;
  if (index < 0) { errorPage(el, t("lessons.not_found"), game); return; }
  const lesson = doc.lessons[index];
  const next = doc.lessons[index + 1] || null;

  // while the introduction is read the table is silent (its hushed(): no sound cue but the
  // lesson's own)
  const explaining = { open: 0 };
  const intro = async () => {
    explaining.open++;
    try {
      return await dialog({ title: t(lesson.title), className: "lesson-intro",
        body: t(lesson.intro).split("\n\n").map((p) => h("p", { text: p })),
        buttons: [{ label: t("lessons.start"), value: true, primary: true }] });
    } finally {
      explaining.open--;
    }
  };

  let table = null;
  async function finish({ mistakes }) {
    const stars = starsFor(mistakes);
    recordStars(game, lesson.id, stars);
    el.dataset.lessonStars = String(stars);
    const body = [h("p", { class: "lesson-stars" }, starsNode(stars)), h("p", { text: t(lesson.done) }),
      h("p", { class: "muted", text: mistakes ? plural("lessons.tries", mistakes) : t("lessons.no_mistakes") })];
    const buttons = [next ? { label: t("lessons.next"), value: "next", primary: true } : { label: t("lessons.all"), value: "list", primary: true },
      { label: t("lessons.again"), value: "again" }];
    if (next) buttons.push({ label: t("lessons.all"), value: "list" });
    if (table) table.cue(["hand_won"], { own: true });   // the lesson's own cue: done
    const choice = await dialog({ title: t("lessons.done_title"), body, buttons, className: "lesson-done" });
    if (!isCurrent() || !table || table.destroyed) return;
    if (choice === "next") location.hash = lessonHref(game, next.id);
    else if (choice === "again") play();
    else if (choice === "list") location.hash = lessonHref(game);
  }

  async function play() {
    if (table) table.destroy();
    delete el.dataset.lessonStars;
    const coach = new Coach(game, lesson, { onIntro: () => intro() });
    const source = new LessonSource(game, lesson, {
      done: (result) => finish(result),
      menu: () => [{ label: t("lessons.restart"), value: "restart", run: () => play() },
        { label: t("lessons.all"), value: "lessons", run: () => { location.hash = lessonHref(game); } }],
    });
    const LessonTable = lessonTable(Table, { game, lesson, coach, explaining });
    const mine = table = new LessonTable(el, { id: null, game, match: source.match }, { session: source });
    setScreen(mine);
    el.dataset.lesson = `${game}/${lesson.id}`;
    el.dataset.lessonState = "intro";
    await engine.ready;
    if (!isCurrent() || mine.destroyed) return;
    try {
      await mine.mount();
    } catch (err) {
      if (isCurrent()) errorPage(el, t("lessons.broken", { error: err.message }), game);
      return;
    }
    if (!isCurrent() || mine.destroyed) return;
    await intro();
    if (!isCurrent() || mine.destroyed) return;
    source.start();
    mine.render(source.view);     // (the coach: the first goal, when it is the person's turn at once)
  }
  await play();
  return table;
}

/** Does the address's query name a lesson (?lesson=<id>, or ?first=1)? */
export function isLesson(query) {
  const q = new URLSearchParams(query || "");
  return q.has("lesson") || q.has("first");
}

/** The route's screen (app.js): the list, or a lesson when the address names one. */
export function showLearn(r) {
  if (isLesson(r.query)) return openLesson(r);
  return showLessons(r.el, r.arg, r.isCurrent);
}
