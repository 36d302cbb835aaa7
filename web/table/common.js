// What both tables share: seats around the table, card buttons, the top bar, the table
// menu, the damaged-match screen, and TableBase: the life of a table (drawn from the stored
// view, mounted, destroyed), the handling of a play's result, the announcement line, the
// score sheet, the end of a match. Each game's class keeps only its drawing and its input.
//
// Drawing updates the nodes that changed instead of rebuilding the table: the lists (cards
// in hand, on the table, the controls) are keyed (keyed()), so an element survives as long
// as what it shows does, and with it the focus and a finger that is on it.
import { t, has } from "../i18n.js";
import { h, clear, dialog, toast, announce, dockToast, buzz, motionOn } from "../ui.js";
import { cardSVG, cardName, useDeck } from "../cards.js";
import * as store from "../store.js";
import { engineText } from "../engine-text.js";
import { Session, DamagedMatch } from "./session.js";
// the menu's share and export are loaded when first used (not needed to draw the table)
const shareMatch = async (...a) => (await import("../share.js")).shareMatch(...a);
const exportRecord = async (...a) => (await import("../screens/history.js")).exportRecord(...a);

/** Vibration patterns (ms): your turn, a trick (or a capture) won by your side. */
export const HAPTIC = { turn: 35, won: [20, 70, 30] };
/** How long the cards of a finished trick take to slide to the seat that won them. */
export const GATHER_MS = 300;
/** Delay between two cards of a deal sliding into your hand. */
export const DEAL_STEP_MS = 70;

// ------------------------------------------------------------------ the person's perspective
// A table is drawn from the seat of its view (`view.seat`): locally the person is seat 0; a
// guest at a table played together may be any seat. Positions, names ("you", "partner",
// "left") and sides ("us", "them") are relative to it. One table is on screen at a time, so
// the perspective is set once per view (TableBase.render), like the deck (useDeck).
let me = 0;
let mySide = 0;

/** Draw from `seat`'s place (its side: `side`, by default the seat's parity). */
export function usePerspective(seat, side = seat % 2) { me = seat; mySide = side; }
/** The person's seat and side. */
export function mySeat() { return me; }
export function isMe(seat) { return seat === me; }
export function isUs(side) { return side === mySide; }
/** A per-side pair ([side 0, side 1]) in the person's order: [us, them]. */
export function ours(pair) { return [pair[mySide], pair[1 - mySide]]; }
/** The other seats, in playing order after the person's. */
export function others(seats) { return Array.from({ length: seats - 1 }, (_, i) => (me + 1 + i) % seats); }

/** Where a seat sits on screen for the person. */
export function position(seat, seats, nextSits = "right") {
  const rel = ((seat - me) % seats + seats) % seats;
  if (seats === 2) return rel === 0 ? "bottom" : "top";
  const order = nextSits === "left" ? ["bottom", "left", "top", "right"] : ["bottom", "right", "top", "left"];
  return order[rel];
}

export function seatName(seat, seats, nextSits = "right") {
  if (seat === me) return t("seat.you");
  if (seats === 2) return t("seat.rival");
  return t(`seat.${position(seat, seats, nextSits)}`);
}

export function sideName(side) { return t(isUs(side) ? "side.us" : "side.them"); }

/**
 * A message about a seat: the catalog has "<key>.you" (the person, second person: "You play
 * the ace") and "<key>.other" (anyone else, by name: "Left plays the ace").
 */
export function personal(key, seat, params = {}) {
  return t(`${key}.${isMe(seat) ? "you" : "other"}`, params);
}

/**
 * A message about a side. With partners: "<key>.us" / "<key>.them" ("We reach 40"); two
 * players head to head: "<key>.you" / "<key>.other" with the rival's name ("You reach 40").
 */
export function sided(key, side, players, params = {}) {
  if (players === 2) return t(`${key}.${isUs(side) ? "you" : "other"}`, { name: t("seat.rival"), ...params });
  return t(`${key}.${isUs(side) ? "us" : "them"}`, params);
}

// ------------------------------------------------------------------ updating nodes
/** Set a node's text only when it changed. */
export function setText(el, text) {
  const s = String(text);
  if (el.textContent !== s) el.textContent = s;
  return el;
}

/** Set (or with null remove) an attribute only when it changed. */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) {
    el.setAttribute(name, String(value));
  }
  return el;
}

/** Append the nodes (or texts) of `kids` to `el`, skipping null, undefined and false. */
export function fill(el, ...kids) {
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) el.append(k);
  return el;
}

/**
 * Redraw what `el` holds only when its description `sig` changed (for parts that hold no
 * control: labels, chips, backs).
 */
export function patch(el, sig, draw) {
  const s = typeof sig === "string" ? sig : JSON.stringify(sig);
  if (el.dataset.sig === s) return el;
  el.dataset.sig = s;
  clear(el);
  draw(el);
  return el;
}

/**
 * Make `parent`'s children the nodes of `items` in order, keyed by keyOf(item): a node whose
 * key is still wanted is kept (and passed to update), a new key gets make(item, index), an
 * old one is removed. Kept nodes are moved only when their order changed.
 */
export function keyed(parent, items, keyOf, make, update) {
  const keys = items.map((item) => String(keyOf(item)));
  const wanted = new Set(keys);
  const have = new Map();
  for (const el of [...parent.children]) {
    const k = el.dataset.key;
    if (k !== undefined && wanted.has(k) && !have.has(k)) have.set(k, el);
    else el.remove();
  }
  const made = [];
  items.forEach((item, i) => {
    let el = have.get(keys[i]);
    if (!el) {
      el = make(item, i);
      el.dataset.key = keys[i];
      made.push(el);
    }
    if (update) update(el, item, i);
    const at = parent.children[i];
    if (at !== el) parent.insertBefore(el, at || null);
  });
  return made;
}

// ------------------------------------------------------------------ cards
export function cardButton(text, { onclick } = {}) {
  return h("button", { type: "button", class: "card", dataset: { card: text }, svg: cardSVG(text), onclick });
}

/** A hand card's state: playable or not (dimmed, named so), its accessible name, extra classes. */
export function updateCard(btn, { legal = true, label = null, classes = {} } = {}) {
  const name = label || cardName(btn.dataset.card);
  btn.classList.toggle("illegal", !legal);
  for (const [cls, on] of Object.entries(classes)) btn.classList.toggle(cls, !!on);
  setAttr(btn, "aria-label", legal ? name : t("card.not_playable", { card: name }));
  setAttr(btn, "aria-disabled", legal ? null : "true");
  return btn;
}

export function cardFace(text, extraClass = "") {
  return h("div", { class: `card face ${extraClass}`.trim(), role: "img", "aria-label": cardName(text), dataset: { card: text }, svg: cardSVG(text) });
}

/** The backs of a seat's cards (drawn by app.css). */
export function backs(el, n) {
  return patch(el, String(n), () => { for (let i = 0; i < n; i++) el.append(h("div", { class: "card back" })); });
}

/** The cards of a new deal slide into the hand one after the other. */
export function dealIn(cards) {
  if (!motionOn()) return;
  cards.forEach((el, i) => {
    el.style.setProperty("--deal-delay", `${i * DEAL_STEP_MS}ms`);
    el.classList.add("dealt");
    el.addEventListener("animationend", () => el.classList.remove("dealt"), { once: true });
  });
}

/** Left/right arrow keys move focus between the buttons of a row. */
export function rovingKeys(container) {
  container.addEventListener("keydown", (e) => {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) return;
    const btns = [...container.querySelectorAll("button")];
    const i = btns.indexOf(document.activeElement);
    if (i < 0) return;
    let j = i;
    if (e.key === "ArrowLeft") j = Math.max(0, i - 1);
    if (e.key === "ArrowRight") j = Math.min(btns.length - 1, i + 1);
    if (e.key === "Home") j = 0;
    if (e.key === "End") j = btns.length - 1;
    btns[j].focus();
    e.preventDefault();
  });
}

/** The table's header: back home, title and subtitle, the trump (Cuatrola), the score (a
 * button: the score sheet), the menu. */
export function topBar({ title, onMenu, onScores, trump = false }) {
  const titleEl = h("h1", { class: "ttitle", text: title });   // the page's heading
  const subEl = h("div", { class: "tsub" });
  const trumpEl = trump ? h("div", { class: "trump-chip", role: "img" }) : null;
  const scoreEl = h("button", { type: "button", class: "score", id: "scores", onclick: onScores });
  const bar = h("header", { class: "tbar" },
    h("a", { class: "icon-btn", href: "#/", "aria-label": t("nav.home"), onclick: goHome }, h("span", { "aria-hidden": "true", text: "‹" })),
    h("div", { class: "tinfo" }, titleEl, subEl),
    trumpEl,
    scoreEl,
    h("button", { type: "button", class: "icon-btn", "aria-label": t("table.menu"), onclick: onMenu },
      h("span", { "aria-hidden": "true", text: "⋯" })));
  return { bar, titleEl, subEl, scoreEl, trumpEl };
}

/** The table's back arrow: home. When home is the entry just before (the usual way in), it
 * goes back to it instead of adding another entry, so the system's back button does not
 * return to the table. */
function goHome(e) {
  const s = history.state;
  if (s && s.tapeteFromHome) { e.preventDefault(); history.back(); }
}

/** The score in the header: a button whose name is what it shows, then what it opens. */
export function drawScore(scoreEl, score) {
  const [us, them] = ours(score);
  patch(scoreEl, [us, them, mySide], () => scoreEl.append(
    h("span", { text: `${t("side.us")} ${us}` }), h("span", { class: "sr-only", text: ", " }),
    h("span", { text: `${t("side.them")} ${them}` }), h("span", { class: "sr-only", text: `. ${t("table.scores_open")}` })));
}

/** "Score: us 3, them 5" for a per-side score. */
function scoreLabel(key, score) {
  const [us, them] = ours(score);
  return t(key, { us, them });
}

export async function tableMenu(session, extra = [], without = []) {
  const choice = await dialog({
    title: t("table.menu"),
    body: h("p", { class: "muted", text: t("table.menu_hint") }),
    buttons: [
      ...extra,
      ...[{ label: t("share.button"), value: "share" }, { label: t("history.export"), value: "export" }]
        .filter((b) => !without.includes(b.value)),
      { label: t("nav.help"), value: "help" },
      { label: t("nav.home"), value: "home" },
      { label: t("close"), value: "close", primary: true },
    ],
    className: "menu",
  });
  if (choice === "share") await shareMatch(session.match);
  else if (choice === "export") await exportRecord(session.record);
  else if (choice === "help") location.hash = `#/help/${session.match.game}`;
  else if (choice === "home") location.hash = "#/";
  return choice;
}

export function damagedScreen(root, record, message) {
  dockToast(null);
  clear(root);
  root.append(h("section", { class: "page damaged", role: "alert" },
    h("h1", { text: t("damaged.title") }),
    h("p", { text: t("damaged.body") }),
    h("p", { class: "error-text", text: message }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", onclick: () => exportRecord(record, true) }, t("damaged.export_raw")),
      h("button", {
        type: "button", class: "btn danger", onclick: async () => {
          await store.deleteMatch(record.id);
          toast(t("history.deleted"));
          location.hash = "#/history";
        },
      }, t("history.delete")),
      h("a", { class: "btn primary", href: "#/" }, t("nav.home")))));
}

export const isOver = (view) => view.winner !== null && view.winner !== undefined;

/** A breakdown table: a header row (us, them) and rows [label, side 0, side 1, class], each
 * shown in the person's order (us first). */
export function breakdownTable(rows) {
  const row = ([label, a, b, cls]) => {
    const [x, y] = ours([a, b]);
    return h("tr", { class: cls || "" }, h("th", { scope: "row", text: label }), h("td", { text: String(x) }), h("td", { text: String(y) }));
  };
  return h("table", { class: "breakdown" },
    h("thead", {}, h("tr", {}, h("th", {}), h("th", { scope: "col", text: t("side.us") }), h("th", { scope: "col", text: t("side.them") }))),
    h("tbody", {}, rows.map(row)));
}

/**
 * The life of a table. A game's class supplies:
 *   layoutOf(view) -> string   what the skeleton depends on (seats); a change rebuilds it
 *   build(view)                the skeleton, once; it sets this.sayEl (the announcement line)
 *   draw(view)                 brings the nodes up to date with the view (and this.frozen)
 *   show({seat, action, prev, view})   shows one action (through step(), which the session calls)
 *   handHeadline(hand)         one line about a finished hand (who won it, the cartón)
 *   handBreakdown(hand, view)  the nodes of a finished hand's breakdown
 *   sheetRow(hand)             [points us, points them] of a hand of the engine's summary
 */
export class TableBase {
  /** `options.session`: a session other than the local one (a table played together);
   * it gets this table through `attach(table)`. */
  constructor(root, record, game, options = {}) {
    this.root = root;
    this.record = record;
    this.game = game;
    this.players = 4;
    this.session = options.session ? options.session.attach(this) : new Session(record, this);
    useDeck(game);
    this.view = null;
    this.frozen = null;        // a finished trick or capture kept on the table for a moment
    this.thinkingSeat = null;
    this.destroyed = false;
    this.stepping = false;
    this.layoutKey = null;
    this.drawn = false;
  }

  // ---------------------------------------------------------------- life
  /** Draw the stored last view before Python is ready (nothing can be played yet). */
  preview(view) {
    this.render(view);
    this.root.dataset.preview = "stored";
  }

  async mount() {
    let view;
    try {
      view = await this.session.open();
    } catch (err) {
      if (err instanceof DamagedMatch) { damagedScreen(this.root, this.record, err.message); return; }
      throw err;
    }
    if (this.destroyed) return;
    delete this.root.dataset.preview;
    this.render(view);
    // a daily deal or a challenge whose deal is over: its result
    if (this.session.singleOver && this.session.singleOver(view)) {
      location.replace(`#/result/${this.record.id}`);
      return;
    }
    // the tab was closed (or reloaded) while a hand's result was on screen: it again, first
    if (this.session.resultDue && this.session.resultDue(view)) {
      await this.handOver(view);
      if (this.destroyed) return;
    }
    this.session.run();
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.session.destroy();
    if (this.sayEl && this.sayEl.contains(document.getElementById("toast"))) dockToast(null);
  }

  render(view) {
    if (this.destroyed) return;
    usePerspective(view.seat, view.side ?? view.seat % 2);
    const key = `${this.layoutOf(view)}@${view.seat}`;
    if (this.layoutKey !== key || !this.root.contains(this.sayEl)) {
      if (this.sayEl) dockToast(null);
      clear(this.root);
      this.build(view);
      this.assistBar();
      this.layoutKey = key;
      this.drawn = false;
      dockToast(this.sayEl);
    }
    this.view = view;
    this.root.dataset.moves = String(this.session.match.actions.length);
    this.draw(view);
    this.drawn = true;
  }

  /** One action, as the session reports it: while it is being shown (a trick that stays a
   * moment, a dialog) the person cannot act; afterwards the table shows the view as it is. */
  async step(event) {
    this.stepping = true;
    try {
      await this.show(event);
    } finally {
      this.stepping = false;
      if (!this.destroyed && this.view && !this.frozen) this.render(this.view);
    }
  }

  /** A pause while an action is shown (a finished trick, a capture, a cante): cut short when
   * more actions wait to be shown (the next one comes at once: at a table played together a
   * tap on another phone shows here without waiting for this table's pauses). */
  pause(ms) {
    if (this.destroyed || (this.session.behind && this.session.behind() > 0)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); if (this.wake === done) this.wake = null; resolve(); };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** More actions wait to be shown: end the current pause now. */
  hurry() { if (this.wake) this.wake(); }

  /** Whether the person can act in `view` now (not while an action is being shown). */
  canAct(view) { return !this.frozen && !this.stepping && view.turn === view.seat; }

  thinking(seat) {
    if (this.destroyed || this.thinkingSeat === seat) return;
    this.thinkingSeat = seat;
    if (this.view && !this.frozen) this.render(this.view);
  }

  // ---------------------------------------------------------------- saying
  /** Show (in the announcement line) and announce (live region) one event: one line, or
   * several parts of one action joined. */
  say(text, kind = "info") {
    if (this.destroyed) return;
    const line = Array.isArray(text) ? text.filter(Boolean).join(" · ") : text;
    if (line) toast(line, { kind, ms: 4000 });
  }

  notYourTurn(view) {
    this.say(isOver(view) ? t("table.match_over") : t("table.wait_turn", { name: this.name(view.turn) }));
  }

  // ---------------------------------------------------------------- playing
  /** The person tries `action`: refused → the engine's reason; done → the computer players go on. */
  async submit(action) {
    const res = await this.session.act(action);
    if (!res.ok && res.refusal) this.say(this.refusalText(res.refusal), "warn");
    else if (res.ok) this.session.run();
    return res;
  }

  /** Why a dimmed card cannot be played, in the engine's words (nothing is played). */
  async explain(action) {
    const why = await this.session.why(action);
    if (why) this.say(this.refusalText(why), "warn");
  }

  /** The table's menu: share, export, help, home; a session may add its own entries (the
   * seats of a table played together) or leave some out (a guest has no match file). */
  async menu() {
    const extra = this.session.menuEntries ? this.session.menuEntries() : [];
    const assists = this.session.assists ? this.session.assists() : {};
    if (assists.hint) extra.unshift({ label: t("assist.hint_button"), value: "hint", run: () => this.showHint() });
    if (assists.takeback) extra.unshift({ label: t("assist.takeback_button"), value: "takeback", run: () => this.takeBack() });
    const choice = await tableMenu(this.session, extra.map(({ label, value }) => ({ label, value })),
      this.session.remote ? ["share", "export"] : []);
    const entry = extra.find((e) => e.value === choice);
    if (entry) await entry.run();
  }

  /** Hint and take-back buttons beside the person's seat, when switched on for this match. */
  assistBar() {
    const a = this.session.assists ? this.session.assists() : {};
    const row = this.root.querySelector(".me-row");
    if (!row || (!a.hint && !a.takeback)) return;
    row.append(h("div", { class: "assist-bar" },
      a.hint ? h("button", { type: "button", class: "btn small", id: "hint-btn", onclick: () => this.showHint() }, t("assist.hint_button")) : null,
      a.takeback ? h("button", { type: "button", class: "btn small", id: "takeback-btn", onclick: () => this.takeBack() }, t("assist.takeback_short")) : null));
  }

  /** The expert's choice for the person now and why (hint switched on for this match). */
  async showHint() {
    if (!this.canAct(this.view || {})) { this.say(t("assist.not_now"), "warn"); return; }
    const ans = await this.session.hint();
    if (!ans || this.destroyed) { this.say(t("assist.not_now"), "warn"); return; }
    if (!ans.ok) { this.say(this.refusalText(ans), "warn"); return; }
    const { hintBody } = await import("../learn/hint.js");
    await dialog({ title: t("assist.hint_title"), body: hintBody(ans), className: "hint" });
  }

  /** Back to the person's previous decision (take-back switched on for this match). */
  async takeBack() {
    if (!this.canAct(this.view || {})) { this.say(t("assist.not_now"), "warn"); return; }
    const ans = await this.session.takeBack();
    if (!ans) { this.say(t("assist.not_now"), "warn"); return; }
    if (!ans.ok) { this.say(this.refusalText(ans), "warn"); return; }
    this.say(t("assist.taken_back"));
  }

  /** A chip about a seat's player at a table played together ("not connected", "computer"). */
  seatChip(seat) {
    const note = this.session.seatNote ? this.session.seatNote(seat) : null;
    return note ? h("span", { class: `chip seat-note ${note}`, text: t(`together.seat.${note}`) }) : null;
  }

  /** The prompt while `seat` has the turn: a friend's seat that is not connected says so.
   * The person's own turn while the table still shows the last play (it cannot act yet) is
   * `mine` (the text of that turn: "Your turn"), never the other players' "{name} to play"
   * with "You". */
  waitingPrompt(seat, mine = t("table.your_turn")) {
    if (isMe(seat)) return mine;
    const note = this.session.seatNote ? this.session.seatNote(seat) : null;
    return t(note === "away" ? "together.waiting_away" : "table.waiting_for", { name: this.name(seat) });
  }

  /** The host's control while a friend's seat that is not connected has the turn: a computer
   * player takes it until the friend joins again (as from the seats panel). */
  awayControls(seat) {
    const s = this.session;
    if (!s.letComputerPlay || !s.seatNote || s.seatNote(seat) !== "away") return [];
    return [{ key: `away:${seat}`, make: () => h("button", { type: "button", class: "btn", dataset: { away: String(seat) },
      onclick: () => s.letComputerPlay(seat) }, t("together.let_computer_name", { name: this.name(seat) })) }];
  }

  /** An engine refusal (code and params) in the player's language, seats named as here. */
  refusalText(answer) {
    return engineText(answer, { game: this.game, seatName: (s) => this.name(s) });
  }

  /** A short buzz when it becomes the person's turn after the others played. */
  turnCue(prev, view) {
    if (isMe(view.turn) && prev && !isMe(prev.turn) && !isOver(view)) buzz(HAPTIC.turn);
  }

  /** The cards in `els` slide towards `pos` (the seat that won them), then the caller clears them. */
  async gather(els, pos) {
    if (!els.length || !motionOn()) return;
    for (const el of els) el.classList.add("gather", `to-${pos}`);
    await this.pause(GATHER_MS);
  }

  // ---------------------------------------------------------------- results
  resultText(view) {
    if (this.players === 2) return t(isUs(view.winner) ? "result.you_won" : "result.rival_won");
    return t(isUs(view.winner) ? "result.we_won" : "result.they_won");
  }

  /** The match-over dialog. */
  async matchOver(view) {
    if (this.destroyed) return;
    // a player's first finished match: the moment to ask the browser to keep the storage (once)
    import("../persist.js").then((p) => p.askOnce("match")).catch(() => {});
    const text = this.resultText(view);
    announce(text);
    const choice = await dialog({
      title: t("result.title"),
      body: [h("p", { class: "hand-result", text }), h("p", { text: scoreLabel("table.score_label", view.score) })],
      buttons: [{ label: t("result.again"), value: "again", primary: true }, { label: t("nav.home"), value: "home" }, { label: t("close"), value: "close" }],
      className: "match-over",
    });
    if (choice === "again") await this.playAgain();
    else if (choice === "home") location.hash = "#/";
  }

  /** A new match at once with the same rules and computer players (a new seed). */
  async playAgain() {
    try {
      const { startMatch } = await import("../screens/newmatch.js");
      const m = this.session.match;
      const rec = await startMatch({ game: m.game, rules: m.rules, level: this.session.level || undefined });
      location.replace(`#/play/${rec.id}`);
    } catch (err) {
      this.say(err.quota ? t("store.quota") : err.message, "error");
    }
  }

  /** Where a finished match ends: its result, the final score, the last hand and the sheet. */
  drawFinal(el, view) {
    patch(el, { w: view.winner, s: view.score, l: this.layoutKey }, () => el.append(
      h("p", { class: "final-result", text: this.resultText(view) }),
      h("p", { class: "final-score", text: scoreLabel("table.final_score", view.score) }),
      h("div", { class: "final-actions" },
        h("button", { type: "button", class: "btn", dataset: { show: "hand" }, onclick: () => this.openScores() }, t("table.scores")),
        h("button", { type: "button", class: "btn primary", dataset: { show: "again" }, onclick: () => this.playAgain() }, t("result.again")))));
  }

  /** The end-of-hand dialog (after a hand, at the table). */
  async handOver(view) {
    if (this.destroyed || !view.last_hand) return;
    const lh = view.last_hand;
    const headline = this.handHeadline(lh);
    announce(headline);
    const id = this.record && this.record.id;
    const single = this.session.single && this.session.single();
    // learning from the hand: its review; a challenge on that hand, after any hand (not at a
    // table with friends: a guest has no match file, a host's friends are people; not in a
    // daily deal or a challenge)
    const local = id && !this.session.remote && !((this.session.match.meta || {}).together);
    const buttons = [{ label: single ? t("daily.see_result") : isOver(view) ? t("ok") : t("hand.next"), value: true, primary: true }];
    if (local && !single) buttons.push({ label: t("review.button"), value: "review" });
    if (local && !single) buttons.push({ label: t("challenge.button"), value: "challenge" });
    const choice = await dialog({
      title: t("hand.title", { n: lh.hand }),
      body: [h("p", { class: "hand-result", text: headline }), this.handBreakdown(lh, view)],
      buttons,
      className: "hand-over",
    });
    if (this.destroyed) return;
    if (this.session.resultSeen) await this.session.resultSeen(lh.hand);
    if (single) location.hash = `#/result/${id}`;
    else if (choice === "review") location.hash = `#/review/${id}?hand=${lh.hand}`;
    else if (choice === "challenge") {
      const { shareChallenge } = await import("../share.js");
      await shareChallenge(this.record.id, lh.hand).catch((err) => this.say(err.message, "error"));
    }
  }

  /** The score sheet, any time: the last hand's breakdown and every hand's points. */
  async openScores() {
    if (this.destroyed || !this.view) return;
    const view = this.view;
    const summary = await this.session.summary().catch(() => null);
    if (this.destroyed) return;
    const hands = summary ? summary.hands : [];
    const sum = [0, 0];
    const rows = hands.map((hand) => {
      const points = this.sheetRow(hand);
      sum[0] += points[0]; sum[1] += points[1];
      const [a, b] = ours(points);
      const [x, y] = ours(hand.score || sum);
      return h("tr", {}, h("th", { scope: "row", text: String(hand.hand) }), h("td", { text: String(a) }), h("td", { text: String(b) }),
        h("td", { text: `${x}–${y}` }));
    });
    const sheet = h("table", { class: "breakdown sheet" },
      h("caption", { text: t("table.sheet") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("table.sheet_hand") }), h("th", { scope: "col", text: t("side.us") }),
        h("th", { scope: "col", text: t("side.them") }), h("th", { scope: "col", text: t("hand.score") }))),
      h("tbody", {}, rows));
    const last = view.last_hand;
    await dialog({
      title: t("table.scores"),
      body: [
        h("p", { class: "hand-result", text: scoreLabel("table.score_label", view.score) }),
        last ? h("h3", { text: t("hand.title", { n: last.hand }) }) : h("p", { class: "muted", text: t("table.no_hand_yet") }),
        last ? h("p", { class: "hand-headline", text: this.handHeadline(last) }) : null,
        last ? this.handBreakdown(last, view) : null,
        rows.length ? sheet : null,
      ],
      buttons: [{ label: t("close"), value: true, primary: true }],
      className: "scores",
    });
  }
}

/** A rule note of the engine in the UI language when the catalog knows it. */
export function noteText(note) {
  const key = `note.${String(note).toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "")}`;
  return has(key) ? t(key) : note;
}
