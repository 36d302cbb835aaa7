// TableBase: the life of a table and its steps. It is drawn from the stored view, mounted,
// destroyed; it shows each action its source reports (step), says what happened on the
// announcement line, takes the person's actions to the source and words its refusals. Where
// the views come from and where the actions go is the source's (source.js: a local match, a
// host or a guest at a table played together, a replay); what is relative to the person's
// seat is the perspective's (perspective.js), made anew for each view. Each game's class
// keeps only its drawing and its input (cuatrola.js, cuarenta.js); the dialogs are
// dialogs.js's.
import { t } from "../i18n.js";
import { h, clear, dialog, toast, dockToast, buzz, motionOn } from "../ui.js";
import { getSettings, setSettings } from "../store.js";
import { useDeck } from "../card-faces.js";
import { engineText } from "../engine-text.js";
import { Session } from "./session.js";
import { DamagedMatch, isOver } from "./source.js";
import { Perspective } from "./perspective.js";
import * as dialogs from "./dialogs.js";

/** Vibration patterns (ms): your turn, a trick (or a capture) won by your side. */
export const HAPTIC = { turn: 35, won: [20, 70, 30] };
/** How long the cards of a finished trick take to slide to the seat that won them. */
export const GATHER_MS = 300;
/** The sound cue of a refused tap (web/sound/cues.js). */
const REFUSED_CUE = "refused";
/** A hint that takes longer than this says the expert is thinking (a slow phone). */
export const HINT_PATIENCE_MS = 400;

// the sound cues' player (web/sound/player.js, a LATER file): loaded at the first tap at a
// table with Sound on (not at a tap elsewhere: a tap that leaves for another screen, or
// reloads the app for its new version, would fetch it for nothing); each tap wakes its
// AudioContext (the autoplay rules)
let sound = null;
let soundLoad = null;
const AT_TABLE = /^(play|learn)$/;
function listenForSound() {
  if (soundLoad !== null) return;
  soundLoad = false;
  const wake = () => {
    if (sound) sound.unlock();
    else if (!soundLoad && AT_TABLE.test(document.body.dataset.screen || "") && getSettings().sound !== false) {
      soundLoad = import("../sound/player.js").then((m) => { sound = m; m.unlock(); }, () => { soundLoad = false; });
    }
  };
  for (const type of ["pointerdown", "keydown"]) document.addEventListener(type, wake, true);
}

/**
 * The life of a table. A game's class supplies:
 *   layoutOf(view) -> string   what the skeleton depends on (seats); a change rebuilds it
 *   build(view)                the skeleton, once; it sets this.sayEl (the announcement line)
 *   draw(view)                 brings the nodes up to date with the view (and this.frozen)
 *   show({seat, action, prev, view})   shows one action (through step(), which the source calls)
 *   handHeadline(hand)         one line about a finished hand (who won it, the cartón)
 *   handBreakdown(hand, view)  the nodes of a finished hand's breakdown
 *   sheetRow(hand)             [points side 0, points side 1] of a hand of the engine's summary
 *   name(seat), pos(seat)      a seat's name and place on screen, for this.persp
 */
export class TableBase {
  /** `record`: the stored match (a local table's source is made from it). `options.session`:
   * another source (source.js: a host's or a guest's at a table played together, a replay);
   * it gets this table through attach(). */
  constructor(root, record, game, options = {}) {
    this.root = root;
    this.record = record;
    this.game = game;
    this.players = 4;
    this.nextSits = "right";   // where the next seat in playing order sits (Cuarenta may say left)
    this.source = (options.session || new Session(record)).attach(this);
    this.persp = new Perspective();   // seat 0's until the first view (render)
    useDeck(game);
    this.view = null;
    this.frozen = null;        // a finished trick or capture kept on the table for a moment
    this.thinkingSeat = null;
    this.destroyed = false;
    this.stepping = false;
    this.layoutKey = null;
    this.drawn = false;
    this.previewTap = null;
    listenForSound();
  }

  // ---------------------------------------------------------------- life
  /** Draw the stored last view before Python is ready (nothing can be played yet: a tap on
   * it is kept, see keepTap). */
  preview(view) {
    this.render(view);
    this.root.dataset.preview = "stored";
  }

  /** A tap on the stored view (``tap``: the handler again) is kept, the last one only, and
   * made on the live table as soon as it is drawn: a tap while Python starts is never lost. */
  keepTap(tap) { this.previewTap = tap; }

  /** True (and `tap` kept, see keepTap) when the table is still the stored view: every input
   * handler starts with it, so that its tap is made again, checked, on the live table. */
  onPreview(tap) {
    if (!this.root.dataset.preview) return false;
    this.keepTap(tap);
    return true;
  }

  async mount() {
    const src = this.source;
    let view;
    try {
      view = await src.open();
    } catch (err) {
      if (err instanceof DamagedMatch) { dialogs.damagedScreen(this.root, this.record, err.message); return; }
      throw err;
    }
    if (this.destroyed) return;
    delete this.root.dataset.preview;
    this.render(view);
    // a daily deal or a challenge whose deal is over: its result
    if (src.singleOver(view)) {
      location.replace(`#/result/${src.matchId()}`);
      return;
    }
    // the tab was closed (or reloaded) while a hand's result was on screen: it again, first
    if (src.resultDue(view)) {
      this.previewTap = null;   // (the tap was on the hand before its result)
      await this.handOver(view);
      if (this.destroyed) return;
    }
    const tap = this.previewTap;
    this.previewTap = null;
    src.run();
    if (tap) tap();
  }

  destroy() {
    if (this.destroyed) return;
    this.destroyed = true;
    this.source.destroy();
    if (this.sayEl && this.sayEl.contains(document.getElementById("toast"))) dockToast(null);
  }

  /** Draw `view`, from its seat (a new perspective); the skeleton again when its layout or
   * seat changed. */
  render(view) {
    if (this.destroyed) return;
    this.persp = Perspective.of(view);
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
    this.root.dataset.moves = String(this.source.moves());
    this.draw(view);
    this.drawn = true;
  }

  /** One action, as the source reports it: while it is being shown (a trick that stays a
   * moment, a dialog) the person cannot act; afterwards the table shows the view as it is. */
  async step(event) {
    this.stepping = true;
    const late = sound && !this.destroyed ? sound.step(this, event) : null;   // its sound cues
    try {
      await this.show(event);
    } finally {
      this.stepping = false;
      if (!this.destroyed && this.view && !this.frozen) this.render(this.view);
    }
    if (late) late();
  }

  /** Sound cues `names` (web/sound/player.js play), once the player is loaded. */
  cue(names, { own = false } = {}) {
    if (sound && !this.destroyed) sound.play(names, { hushed: this.hushed(), own });
  }

  /** Silent now (a lesson's table while its introduction is read). */
  hushed() { return false; }

  /** A pause while an action is shown (a finished trick, a capture, a cante): cut short when
   * more actions wait to be shown (the next one comes at once: at a table played together a
   * tap on another phone shows here without waiting for this table's pauses). */
  pause(ms) {
    if (this.destroyed || this.source.behind() > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => { clearTimeout(timer); if (this.wake === done) this.wake = null; resolve(); };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** More actions wait to be shown: end the current pause now. */
  hurry() { if (this.wake) this.wake(); }

  /** A tap on the hand while the table still shows the last trick or capture (the hand
   * dimmed): true, and when the person's turn is next ("Your turn" already on screen), that
   * moment is cut short, so the hand is live at once. The tap plays nothing: it was made on
   * a table about to change (the cards a capture takes are still lying there). */
  tapWhileShown() {
    if (!this.frozen && !this.stepping) return false;
    if (this.frozen && this.view && this.persp.isMe(this.view.turn)) this.hurry();
    return true;
  }

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
    this.cue([REFUSED_CUE]);
    this.say(isOver(view) ? t("table.match_over") : t("table.wait_turn", { name: this.name(view.turn) }));
  }

  // ---------------------------------------------------------------- playing
  /** The person tries `action`: refused → the engine's reason; done → the computer players go on. */
  async submit(action) {
    // a control of the stored view (a Cuarenta capture or claim): kept like a card's tap
    if (this.onPreview(() => this.submit(action))) return { ok: false, kept: true };
    const res = await this.source.act(action);
    if (!res.ok && res.refusal) { this.cue([REFUSED_CUE]); this.say(this.refusalText(res.refusal), "warn"); }
    else if (res.ok) this.source.run();
    return res;
  }

  /** Why a dimmed card cannot be played, in the engine's words (nothing is played). */
  async explain(action) {
    const why = await this.source.why(action);
    if (why) { this.cue([REFUSED_CUE]); this.say(this.refusalText(why), "warn"); }
  }

  /** The table's menu: the source's own entries (the seats of a table played together), the
   * learning aids switched on, sound on or off, share and export (when this device has the
   * match file), help, home. */
  async menu() {
    const extra = [...this.source.menuEntries()];
    const on = getSettings().sound !== false;
    extra.push({ label: t(on ? "table.sound_mute" : "table.sound_unmute"), value: "sound",
      run: () => { setSettings({ sound: !on }); this.say(t(on ? "table.sound_muted" : "table.sound_unmuted")); } });
    const assists = this.source.assists();
    if (assists.hint) extra.unshift({ label: t("assist.hint_button"), value: "hint", run: () => this.showHint() });
    if (assists.takeback) extra.unshift({ label: t("assist.takeback_button"), value: "takeback", run: () => this.takeBack() });
    const choice = await dialogs.tableMenu(this.source, extra.map(({ label, value }) => ({ label, value })));
    const entry = extra.find((e) => e.value === choice);
    if (entry) await entry.run();
  }

  /** Hint and take-back buttons beside the person's seat, when switched on for this match. */
  assistBar() {
    const a = this.source.assists();
    const row = this.root.querySelector(".me-row");
    if (!row || (!a.hint && !a.takeback)) return;
    row.append(h("div", { class: "assist-bar" },
      a.hint ? h("button", { type: "button", class: "btn small", id: "hint-btn", onclick: () => this.showHint() }, t("assist.hint_button")) : null,
      a.takeback ? h("button", { type: "button", class: "btn small", id: "takeback-btn", onclick: () => this.takeBack() }, t("assist.takeback_short")) : null));
  }

  /** The expert's choice for the person now and why (hint switched on for this match). */
  async showHint() {
    if (this.hinting) return;             // (a second tap while the expert thinks)
    if (!this.canAct(this.view || {})) { this.say(t("assist.not_now"), "warn"); return; }
    // the hint is the expert's full budget (the same answer on every phone): on a slow
    // phone it can take a second or two, and the player is told it is coming
    this.hinting = true;
    const button = this.root.querySelector("#hint-btn");
    if (button) button.setAttribute("aria-busy", "true");
    const slow = setTimeout(() => this.say(t("assist.hint_thinking")), HINT_PATIENCE_MS);
    let ans;
    try {
      ans = await this.source.hint();
    } finally {
      clearTimeout(slow);
      this.hinting = false;
      if (button) button.removeAttribute("aria-busy");
    }
    if (!ans || this.destroyed) { this.say(t("assist.not_now"), "warn"); return; }
    if (!ans.ok) { this.say(this.refusalText(ans), "warn"); return; }
    const { hintBody } = await import("../assist/hint.js");
    await dialog({ title: t("assist.hint_title"), body: hintBody(ans), className: "hint" });
  }

  /** Back to the person's previous decision (take-back switched on for this match). */
  async takeBack() {
    if (!this.canAct(this.view || {})) { this.say(t("assist.not_now"), "warn"); return; }
    const ans = await this.source.takeBack();
    if (!ans) { this.say(t("assist.not_now"), "warn"); return; }
    if (!ans.ok) { this.say(this.refusalText(ans), "warn"); return; }
    this.say(t("assist.taken_back"));
  }

  // ---------------------------------------------------------------- the seats
  /** A chip about a seat's player at a table played together ("not connected", "computer"). */
  seatChip(seat) {
    const note = this.source.seatNote(seat);
    return note ? h("span", { class: `chip seat-note ${note}`, text: t(`together.seat.${note}`) }) : null;
  }

  /** The prompt while `seat` has the turn: a friend's seat that is not connected says so.
   * The person's own turn while the table still shows the last play (it cannot act yet) is
   * `mine` (the text of that turn: "Your turn"), never the other players' "{name} to play"
   * with "You". */
  waitingPrompt(seat, mine = t("table.your_turn")) {
    if (this.persp.isMe(seat)) return mine;
    const note = this.source.seatNote(seat);
    return t(note === "away" ? "together.waiting_away" : "table.waiting_for", { name: this.name(seat) });
  }

  /** The host's control while a friend's seat that is not connected has the turn: a computer
   * player takes it until the friend joins again (as from the seats panel). */
  awayControls(seat) {
    const src = this.source;
    if (!src.mayLetComputerPlay(seat)) return [];
    return [{ key: `away:${seat}`, make: () => h("button", { type: "button", class: "btn", dataset: { away: String(seat) },
      onclick: () => src.letComputerPlay(seat) }, t("together.let_computer_name", { name: this.name(seat) })) }];
  }

  /** An engine refusal (code and params) in the player's language, seats named as here. */
  refusalText(answer) {
    return engineText(answer, { game: this.game, seatName: (s) => this.name(s) });
  }

  /** A short buzz when it becomes the person's turn after the others played. */
  turnCue(prev, view) {
    const p = this.persp;
    if (p.isMe(view.turn) && prev && !p.isMe(prev.turn) && !isOver(view)) buzz(HAPTIC.turn);
  }

  /** The cards in `els` slide towards `pos` (the seat that won them), then the caller clears them. */
  async gather(els, pos) {
    if (!els.length || !motionOn()) return;
    for (const el of els) el.classList.add("gather", `to-${pos}`);
    await this.pause(GATHER_MS);
  }

  // ---------------------------------------------------------------- results (dialogs.js)
  handOver(view) { return dialogs.handOver(this, view); }
  openScores() { return dialogs.openScores(this); }
  matchOver(view) { return dialogs.matchOver(this, view); }
  playAgain() { return dialogs.playAgain(this); }
  drawFinal(el, view) { return dialogs.drawFinal(this, el, view); }
}
