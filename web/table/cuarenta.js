// The Cuarenta table (2 players, or 4 in partnerships): the table cards, your hand,
// choosing among captures (each choice highlights what it takes), caída, limpia and
// ronda announced, the ronda claim at the end of a hand, the cartón and the score,
// also drawn the traditional way with tantos (2 points) and perros (10 points).
// Every capture, claim and point comes from the engine's view and events.
import { t, plural } from "../i18n.js";
import { h, buzz, keyed, patch, fill, setText, setAttr } from "../ui.js";
import { cardName, cardNames, cardTag, theCard } from "../card-faces.js";
import { noteText } from "../engine-text.js";
import { speed } from "./session.js";
import { isOver } from "./source.js";
import { TableBase, HAPTIC } from "./base.js";
import { cardButton, updateCard, cardFace, backs, dealIn, rovingKeys } from "./card-nodes.js";
import { topBar, drawScore } from "./bar.js";
import { breakdownTable } from "./dialogs.js";

const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"];
/** Events that make a pause of their own (points scored, the end of a game). */
const SCORING = ["caida", "limpia", "ronda", "four", "claim", "noclaim", "carton", "game", "match"];
/** The longest pause on a scoring event. */
const SCORING_MAX_MS = 900;
/** How much longer than a trick's pause a scoring event stays. */
const SCORING_EXTRA_MS = 300;

/** Tantos (2 points, face-up markers) and perros (10 points, face-down) for a score. */
export function tally(score) {
  const perros = Math.floor(score / 10);
  const tantos = Math.floor((score % 10) / 2);
  return { perros, tantos, rest: score % 2 };
}

function tallySVG(score) {
  const { perros, tantos } = tally(score);
  let x = 2;
  let body = "";
  for (let i = 0; i < perros; i++, x += 9) body += `<rect x="${x}" y="4" width="12" height="20" rx="2" fill="#8e1f24" stroke="#fff" stroke-width="1.2"/>`;
  if (perros) x += 8;
  for (let i = 0; i < tantos; i++, x += 9) body += `<rect x="${x}" y="4" width="12" height="20" rx="2" fill="#fffdf6" stroke="#5c1216" stroke-width="1.2"/><circle cx="${x + 6}" cy="14" r="2.4" fill="#c0262d"/>`;
  const w = Math.max(x + 6, 20);
  return `<svg viewBox="0 0 ${w} 28" width="${w}" height="28" aria-hidden="true" focusable="false">${body}</svg>`;
}

function rankName(r) { return t(`card.fr.rank.${r}`); }

export class CuarentaTable extends TableBase {
  constructor(root, record, options = {}) {
    super(root, record, "cuarenta", options);
    this.selected = null;      // a hand card whose captures are offered
    this.lit = null;           // the capture whose cards are highlighted
  }

  name(seat) { return this.persp.seatName(seat, this.players, this.nextSits); }
  pos(seat) { return this.persp.position(seat, this.players, this.nextSits); }

  /** Where the seats sit comes from the view: 2 or 4 players; the next seat at the right or,
   * with the clockwise option, at the left. */
  layoutOf(view) {
    this.players = view.players;
    this.nextSits = view.next_seat_sits;
    return `${view.players}/${view.next_seat_sits}`;
  }

  build() {
    this.top = topBar({ title: "", onMenu: () => this.menu(), onScores: () => this.openScores() });
    const felt = h("div", { class: "felt" });
    this.seatEls = {};
    for (const seat of this.persp.others(this.players)) {
      const pos = this.pos(seat);
      const label = h("div", { class: "seat-label" });
      const cards = h("div", { class: `backs ${pos === "top" ? "row" : "col"}`, "aria-hidden": "true" });
      const el = h("div", { class: `seat pos-${pos}`, dataset: { seat: String(seat) } }, label, cards);
      this.seatEls[seat] = { el, label, cards };
      felt.append(el);
    }
    this.tableEl = h("div", { class: "table-cards", role: "group", "aria-label": t("table.trick") });
    this.emptyEl = h("div", { class: "muted empty-table", text: t("c40.empty_table") });
    this.finalEl = h("div", { class: "final", role: "group", "aria-label": t("result.title"), hidden: true });
    this.capEl = h("div", { class: "cap-area" });
    this.cartonEls = [0, 1].map((side) => h("div", { class: `carton side-${side}` }));
    this.capEl.append(this.cartonEls[0], this.cartonEls[1]);
    felt.append(h("div", { class: "center" }, this.tableEl, this.emptyEl, this.finalEl), this.capEl);
    this.meEl = h("div", { class: "seat me", dataset: { seat: String(this.persp.seat) } }, h("div", { class: "seat-label" }));
    this.promptEl = h("div", { class: "prompt", "aria-live": "off" });
    this.controlsEl = h("div", { class: "controls", role: "group", "aria-label": t("table.controls") });
    this.handEl = h("div", { class: "hand", role: "group", "aria-label": t("table.your_hand") });
    this.sayEl = h("div", { class: "say-line" });
    rovingKeys(this.handEl);
    rovingKeys(this.controlsEl);
    this.root.append(h("section", { class: `table cuarenta ${this.players === 2 ? "two" : "four"}`, "aria-label": t("game.cuarenta") },
      this.top.bar, felt,
      h("div", { class: "bottom" }, this.sayEl, h("div", { class: "me-row" }, this.meEl, this.promptEl), this.controlsEl, this.handEl)));
  }

  // ---------------------------------------------------------------- drawing
  draw(view) {
    const v = view;
    const fr = this.frozen;
    const head = fr && fr.head ? fr.head : v;    // a hand being finished keeps its own title
    setText(this.top.titleEl, t("table.hand_no_cap", { n: head.hand_no }));
    setText(this.top.subEl, t("c40.deal_of", { n: head.deal_no, of: head.deals_per_hand }) + (head.chica ? ` · ${t("c40.chica", { n: head.chica })}` : ""));
    drawScore(this.top.scoreEl, v.score, this.persp);

    const sizes = fr ? fr.sizes : v.hand_sizes;
    for (const seat of this.persp.others(this.players)) {
      const s = this.seatEls[seat];
      s.el.classList.toggle("turn", v.turn === seat);
      this.seatLabel(s.label, v, seat);
      backs(s.cards, sizes[seat]);
    }
    this.seatLabel(this.meEl.firstChild, v, this.persp.seat);

    // the table: a capture stays a moment (what it takes lit), a capture offered lights its cards
    const over = isOver(v) && !fr;
    const tableCards = fr ? fr.table : v.table;
    const takes = new Set(fr ? fr.takes : (this.lit ? this.lit.takes : []));
    const made = keyed(this.tableEl, over ? [] : tableCards, (c) => c, (c) => cardFace(c), (el, c) => {
      el.classList.toggle("take", takes.has(c));
      el.classList.toggle("dim", takes.size > 0 && !takes.has(c));
      el.classList.toggle("played", !!fr && fr.played === c);
    });
    if (this.drawn) for (const el of made) el.classList.add("just");
    this.emptyEl.hidden = over || tableCards.length > 0;
    this.finalEl.hidden = !over;
    if (over) this.drawFinal(this.finalEl, v);

    // cartón, score drawn with tantos and perros: ours first
    for (const [slot, side] of this.persp.ours([0, 1]).entries()) {
      const sc = v.score[side];
      const { perros, tantos } = tally(sc);
      patch(this.cartonEls[slot], [side, sc, v.captured[side]], (el) => el.append(
        h("div", { text: this.persp.sideName(side) }),
        h("div", { class: "tally", role: "img", "aria-label": t("c40.tally_label", { score: plural("c40.tally.points", sc), perros: plural("c40.tally.perros", perros), tantos: plural("c40.tally.tantos", tantos) }), svg: tallySVG(sc) }),
        h("div", {}, t("c40.carton"), " ", h("b", { text: String(v.captured[side]) }))));
    }

    // prompt, controls, hand
    const mine = this.canAct(v);
    let prompt = "";
    let controls = [];
    if (over) prompt = "";
    else if (!fr && this.persp.isMe(v.turn) && v.phase === "claim") {
      prompt = t("c40.claim_prompt", { name: this.name(v.claim.against) });
      if (mine) controls = this.claimControls(v);
    } else if (!fr && this.persp.isMe(v.turn)) {
      prompt = this.selected ? t("c40.choose_capture") : t("c40.your_turn");
      if (mine) controls = this.playControls(v);
    } else if (v.turn >= 0) {
      prompt = this.waitingPrompt(v.turn, v.phase === "claim" && v.claim
        ? t("c40.claim_prompt", { name: this.name(v.claim.against) }) : t("c40.your_turn"));
      controls = this.awayControls(v.turn);
    }
    setText(this.promptEl, prompt);
    keyed(this.controlsEl, controls, (c) => c.key, (c) => c.make(), (el, c) => c.update && c.update(el));
    const hand = fr ? fr.hand : v.hand;
    const dealt = keyed(this.handEl, hand, (c) => c, (c) => cardButton(c, { onclick: (e) => this.tapCard(c, e) }), (btn, c) => {
      const n = v.captures.filter((o) => o.card === c).length;
      updateCard(btn, { legal: mine && v.phase === "play" && v.legal.includes(c), classes: { selected: this.selected === c },
        label: n ? plural("c40.card_captures", n, { card: cardName(c) }) : null });
      setAttr(btn, "aria-pressed", this.selected === c ? "true" : null);
      setAttr(btn, "data-captures", n || null);
    });
    if (this.drawn) dealIn(dealt);
  }

  seatLabel(el, v, seat) {
    const ronda = (v.rondas || []).find((r) => r.seat === seat && r.deal === v.deal_no);
    const sig = [seat, v.dealer === seat, ronda ? ronda.rank || "" : null, this.thinkingSeat === seat,
      this.source.seatNote(seat)];
    patch(el, sig, () => fill(el,
      h("span", { class: "name", text: this.name(seat) }),
      this.seatChip(seat),
      sig[1] ? h("span", { class: "chip dealer", "aria-label": t("table.dealer"), title: t("table.dealer"), text: t("table.dealer_short") }) : null,
      ronda ? h("span", { class: "chip contract", text: t("term.ronda") + (ronda.rank ? ` ${ronda.rank}` : "") }) : null,
      sig[3] ? h("span", { class: "dots", role: "img", "aria-label": t("table.thinking") }, h("i"), h("i"), h("i")) : null));
  }

  /** The person's controls at a play: a forgotten sequence to take, and the captures offered
   * for the selected card (each lights what it takes), lay it down, cancel. */
  playControls(v) {
    const out = v.legal.filter((a) => a.startsWith("take:")).map((a) => ({
      key: a,
      make: () => h("button", { type: "button", class: "btn primary", dataset: { action: a }, onclick: () => this.submit(a) },
        t("c40.take_forgotten", { cards: cardNames(a.slice(5).split("+")) })),
    }));
    if (!this.selected) return out;
    const card = this.selected;
    v.captures.filter((o) => o.card === card).forEach((o, i) => {
      const flags = [o.caida ? t("term.caida") : null, o.limpia ? t("term.limpia") : null].filter(Boolean).join(" + ");
      out.push({
        key: o.action,
        make: () => {
          // its name: what it shows ("2♥ caída", each card in its suit's colour: card-faces.js
          // cardTag), then the whole sentence for screen readers
          const btn = h("button", {
            type: "button", class: `btn capture-btn ${i === 0 ? "primary" : ""}`, dataset: { action: o.action },
            onclick: () => this.submit(o.action),
          }, h("span", { class: "btn-title", svg: o.takes.map((c) => cardTag(c)).join(" ") }),
          flags ? h("span", { class: "btn-sub", text: flags }) : null,
          h("span", { class: "sr-only", text: `: ${t("c40.capture_label", { the_card: theCard(o.card), cards: cardNames(o.takes) })}` }));
          const show = () => { this.lit = o; this.highlight(); };
          btn.addEventListener("focus", show);
          btn.addEventListener("pointerenter", show);
          return btn;
        },
      });
    });
    out.push({ key: `lay:${card}`, make: () => h("button", { type: "button", class: "btn", dataset: { action: card }, onclick: () => this.submit(card) }, t("c40.lay_down")) });
    out.push({ key: "cancel", make: () => h("button", { type: "button", class: "btn", onclick: () => this.cancelChoice() }, t("cancel")) });
    return out;
  }

  claimControls(v) {
    const out = [{ key: "hint", make: () => h("p", { class: "claim-hint" }),
      update: (el) => setText(el, t("c40.claim_hint", { cards: cardNames(v.claim.caida_cards) })) }];
    for (const r of RANK_ORDER) {
      const a = `claim:${r}`;
      if (!v.legal.includes(a)) continue;
      out.push({ key: a, make: () => h("button", { type: "button", class: "btn small rank-btn", dataset: { action: a }, "aria-label": t("c40.claim_rank", { rank: rankName(r) }),
        onclick: () => this.submit(a) }, r) });
    }
    if (v.legal.includes("noclaim")) {
      out.push({ key: "noclaim", make: () => h("button", { type: "button", class: "btn small", dataset: { action: "noclaim" }, onclick: () => this.submit("noclaim") }, t("c40.no_claim")) });
    }
    return out;
  }

  highlight() {
    const takes = new Set(this.lit ? this.lit.takes : []);
    for (const el of this.tableEl.querySelectorAll(".card")) {
      el.classList.toggle("take", takes.has(el.dataset.card));
      el.classList.toggle("dim", takes.size > 0 && !takes.has(el.dataset.card));
    }
  }

  /** The selected card goes back to the hand: its captures are no longer offered, and the
   * announcement line no longer asks to choose one. */
  cancelChoice() {
    const card = this.selected;
    this.selected = null;
    this.lit = null;
    this.render(this.view);
    if (card) this.say(t("c40.choice_cancelled", { the_card: theCard(card) }));
  }

  // ---------------------------------------------------------------- input
  /** A tap on a card of the hand (`e`: its click). A card that can capture is selected and its
   * captures offered; a second tap on it puts it back, but not the second tap of a double tap
   * (one quick gesture: click.detail 2), which would take back what the first one offered. */
  async tapCard(card, e) {
    const v = this.view;
    if (this.onPreview(() => this.tapCard(card, e))) return;
    if (!v || this.tapWhileShown()) return;
    if (!this.persp.isMe(v.turn)) { this.notYourTurn(v); return; }
    if (!v.legal.includes(card)) { await this.explain(card); return; }
    const options = v.captures.filter((o) => o.card === card);
    if (!options.length) { await this.submit(card); return; }
    if (this.selected === card) {
      if (!(e && e.detail === 2)) this.cancelChoice();
      return;
    }
    this.selected = card;
    this.lit = options[0];
    this.render(v);
    this.say(plural("c40.choices_announce", options.length, { the_card: theCard(card) }));
    const first = this.controlsEl.querySelector(".capture-btn");
    if (first && document.activeElement && this.handEl.contains(document.activeElement)) first.focus();
  }

  // ---------------------------------------------------------------- events
  async show({ seat, prev, view }) {
    if (this.destroyed) return;
    this.selected = null;
    this.lit = null;
    const events = view.events || [];
    const handEnded = view.hands_played > prev.hands_played && !!view.last_hand;
    let pause = 0;
    const capture = events.find((e) => e.kind === "capture");
    const lay = events.find((e) => e.kind === "lay");
    const played = capture ? capture.card : lay ? lay.card : null;
    const hand = this.persp.isMe(seat) && played ? prev.hand.filter((c) => c !== played) : prev.hand;
    const sizes = prev.hand_sizes.map((n, s) => (s === seat && played ? n - 1 : n));
    if (capture) {
      // what was taken stays a moment before it leaves the table; the new deal (if this
      // was the deal's last card) comes after it, for everyone at once
      this.frozen = { table: [...prev.table, capture.card], takes: [...capture.takes, capture.card], played: capture.card, hand, sizes, head: prev };
      pause = speed().trick;
    } else if (handEnded) {
      // the hand's last action: its table stays until the hand's breakdown
      this.frozen = { table: played ? [...prev.table, played] : prev.table, takes: [], played, hand, sizes, head: prev };
    }
    this.render(view);
    this.say(events.map((e) => this.eventText(e)).filter(Boolean));
    if (events.some((e) => SCORING.includes(e.kind))) pause = Math.max(pause, Math.min(SCORING_MAX_MS, speed().trick + SCORING_EXTRA_MS));
    if (capture && this.persp.isUs(capture.side ?? capture.seat % 2)) buzz(HAPTIC.won);
    if (pause) await this.pause(pause);
    if (this.destroyed) return;
    if (capture) {
      await this.gather([...this.tableEl.querySelectorAll(".card.take")], this.pos(capture.seat));
      if (this.destroyed) return;
    }
    if (handEnded) {
      // the hand is over: the table is cleared while its breakdown is read, then the new deal
      this.frozen = { table: [], takes: [], played: null, hand: [], sizes: prev.hand_sizes.map(() => 0), head: prev };
      this.render(view);
      await this.handOver(view);
      if (this.destroyed) return;
    }
    this.frozen = null;
    this.render(view);
    this.turnCue(prev, view);
    if (isOver(view)) await this.matchOver(view);
  }

  eventText(e) {
    const p = this.persp;
    const name = e.seat !== undefined ? this.name(e.seat) : "";
    const note = e.note && e.note !== "right" && e.note !== "wrong" ? ` (${noteText(e.note)})` : "";
    switch (e.kind) {
      case "lay": return p.personal("c40.ev.lay", e.seat, { name, the_card: theCard(e.card) });
      case "capture": return p.personal("c40.ev.capture", e.seat, { name, the_card: theCard(e.card), cards: cardNames(e.takes) });
      case "caida": return p.personal("c40.ev.caida", e.seat, { name, points: e.points }) + note;
      case "limpia": return p.personal("c40.ev.limpia", e.seat, { name, points: e.points }) + note;
      case "ronda": return (e.rank ? p.personal("c40.ev.ronda_rank", e.seat, { name, points: e.points, rank: rankName(e.rank) })
        : p.personal("c40.ev.ronda", e.seat, { name, points: e.points })) + note;
      case "four": return p.personal("c40.ev.four", e.seat, { name, rank: rankName(e.rank) });
      case "deal": return t("c40.ev.deal", { n: e.deal });
      case "take": return p.personal("c40.ev.take", e.seat, { name, cards: cardNames(e.cards) });
      case "claim": return e.right ? p.personal("c40.ev.claim_right", e.seat, { name, rank: rankName(e.rank), points: e.points }) + note
        : p.personal("c40.ev.claim_wrong", e.seat, { name, rank: rankName(e.rank) });
      case "noclaim": return p.personal("c40.ev.noclaim", e.seat, { name });
      case "carton": return p.sided("c40.ev.carton", e.side, this.players, { n: e.cards, points: e.points }) + note;
      case "game": return p.sided("c40.ev.game", e.side, this.players) + note;
      default: return null;
    }
  }

  // ---------------------------------------------------------------- the hand's breakdown
  handHeadline(lh) {
    return lh.carton ? this.eventText(lh.carton) : t("hand.title", { n: lh.hand });
  }

  handBreakdown(lh) {
    const sum = (kinds) => {
      const p = [0, 0];
      for (const e of lh.events) if (kinds.includes(e.kind) && e.points) p[e.side] += e.points;
      return p;
    };
    const rows = [
      [t("c40.cards_captured"), lh.captured[0], lh.captured[1]],
      ...[[t("c40.caidas"), sum(["caida"])], [t("c40.limpias"), sum(["limpia"])], [t("c40.rondas"), sum(["ronda", "four", "claim"])],
        [t("c40.carton"), sum(["carton"])]].map(([label, p]) => [label, p[0], p[1]]),
      [t("hand.total"), `+${lh.points[0]}`, `+${lh.points[1]}`, "total"],
      [t("hand.score"), lh.score[0], lh.score[1], "running-score"],
    ];
    // the hand is over: the engine's summary shows every ronda's rank, hidden until now
    const rondas = (lh.rondas || []).filter((r) => r.rank);
    const shown = rondas.length ? h("p", { class: "rondas-shown", text: t("c40.rondas_shown", {
      list: rondas.map((r) => t("c40.ronda_of", { name: this.name(r.seat), rank: rankName(r.rank) })).join(", ") }) }) : null;
    return [breakdownTable(rows, this.persp), shown];
  }

  sheetRow(hand) { return hand.points; }
}
