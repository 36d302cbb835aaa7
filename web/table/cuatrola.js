// The Cuatrola table: your hand large at the bottom, partner opposite, rivals at the
// sides, the trick in the middle, the trump (in the header and the dealer's shown card),
// bidding, cantes, últimas and the end-of-hand breakdown. Everything shown comes from the
// engine's seat view; the life of the table is TableBase's (base.js), what is relative to
// the person's seat this.persp's (perspective.js).
import { t, plural } from "../i18n.js";
import { h, dialog, buzz, keyed, patch, fill, setText, setAttr } from "../ui.js";
import { cardName, suitName, suitSymbolSVG, theCard } from "../card-faces.js";
import { speed } from "./session.js";
import { isOver } from "./source.js";
import { TableBase, HAPTIC } from "./base.js";
import { cardButton, updateCard, cardFace, backs, dealIn, rovingKeys } from "./card-nodes.js";
import { topBar, drawScore } from "./bar.js";
import { breakdownTable } from "./dialogs.js";

const SEATS = 4;
const BIDS = ["pass", "solo", "cuatrola", "quintola"];

/** One short line under a bid button: what the contract needs and scores under these rules
 * (the engine's contract_terms). Pass: the normal hand, while nobody has bid. */
function termsLine(bid, terms, open) {
  const find = (name) => terms.find((x) => x.contract === name);
  const pts = (x) => plural("terms.pts", x.value);
  if (bid === "pass") { const x = find("normal"); return open && x ? t("terms.pass", { pts: pts(x) }) : ""; }
  const x = find(bid);
  if (!x) return "";
  if (x.needs === "tricks") return t("terms.tricks", { tricks: x.tricks, of: x.of, n: x.of, pts: pts(x) });
  return t(x.partner_sits_out ? "terms.solo" : "terms.pass", { pts: pts(x) });
}
/** The shortest pause on a cante, so that it can be read even at the fastest speeds. */
const CANTE_MIN_MS = 700;
/** The longest pause on the últimas before the hand's breakdown. */
const ULTIMAS_MAX_MS = 600;

export class CuatrolaTable extends TableBase {
  constructor(root, record, options = {}) {
    super(root, record, "cuatrola", options);
    this.players = SEATS;
  }

  name(seat) { return this.persp.seatName(seat, SEATS); }
  pos(seat) { return this.persp.position(seat, SEATS); }
  layoutOf() { return "cuatrola"; }

  build() {
    this.top = topBar({ title: "", onMenu: () => this.menu(), onScores: () => this.openScores(), trump: true });
    this.seatEls = {};
    const felt = h("div", { class: "felt" });
    for (const seat of this.persp.others(SEATS)) {
      const pos = this.pos(seat);
      const label = h("div", { class: "seat-label" });
      const cards = h("div", { class: `backs ${pos === "top" ? "row" : "col"}`, "aria-hidden": "true" });
      const el = h("div", { class: `seat pos-${pos}`, dataset: { seat: String(seat) } }, label, cards);
      this.seatEls[seat] = { el, label, cards };
      felt.append(el);
    }
    this.trickEl = h("div", { class: "trick", role: "group", "aria-label": t("table.trick") });
    this.finalEl = h("div", { class: "final", role: "group", "aria-label": t("result.title"), hidden: true });
    this.trumpEl = h("div", { class: "trump-box" });
    this.infoEl = h("div", { class: "felt-info" });
    felt.append(h("div", { class: "center" }, this.trickEl, this.finalEl), this.trumpEl, this.infoEl);
    this.meEl = h("div", { class: "seat me", dataset: { seat: String(this.persp.seat) } }, h("div", { class: "seat-label" }));
    this.promptEl = h("div", { class: "prompt" });
    this.controlsEl = h("div", { class: "controls", role: "group", "aria-label": t("table.controls") });
    this.handEl = h("div", { class: "hand", role: "group", "aria-label": t("table.your_hand") });
    this.sayEl = h("div", { class: "say-line" });
    rovingKeys(this.handEl);
    rovingKeys(this.controlsEl);
    const tools = h("div", { class: "tools" },
      this.lastTrickBtn = h("button", { type: "button", class: "btn small", onclick: () => this.showLastTrick() }, t("table.last_trick")));
    this.root.append(h("section", { class: "table cuatrola", "aria-label": t("game.cuatrola") },
      this.top.bar, felt,
      h("div", { class: "bottom" }, this.sayEl, h("div", { class: "me-row" }, this.meEl, this.promptEl, tools), this.controlsEl, this.handEl)));
  }

  // ---------------------------------------------------------------- drawing
  draw(view) {
    const frozen = this.frozen;
    const v = frozen ? frozen.view : view;
    setText(this.top.titleEl, t("table.hand_no_cap", { n: v.hand_no }));
    setText(this.top.subEl, this.contractLine(v));
    drawScore(this.top.scoreEl, view.score, this.persp);     // (a finished hand's points count at once)
    const trumpName = suitName("cuatrola", v.trump_suit);
    patch(this.top.trumpEl, v.trump_suit, (el) => el.append(
      h("span", { class: "trump-icon", svg: suitSymbolSVG("cuatrola", v.trump_suit) }),
      h("span", { class: "trump-text" }, h("span", { class: "trump-word", text: t("table.trump") }), h("b", { text: trumpName }))));
    setAttr(this.top.trumpEl, "aria-label", t("table.trump_is", { suit: trumpName }));

    // the three other seats
    for (const seat of this.persp.others(SEATS)) {
      const s = this.seatEls[seat];
      s.el.classList.toggle("out", v.out === seat);
      s.el.classList.toggle("turn", v.turn === seat);
      s.el.classList.toggle("thinking", this.thinkingSeat === seat);
      this.seatLabel(s.label, v, seat);
      backs(s.cards, v.hand_sizes[seat]);
    }
    this.seatLabel(this.meEl.firstChild, v, this.persp.seat);

    // the dealer's shown card (until played), else the trump suit's symbol
    patch(this.trumpEl, [v.trump_card_held_by_dealer, v.trump_card, v.trump_suit], (el) => {
      el.append(h("div", { class: "trump-label", text: t("table.trump") }));
      el.append(v.trump_card_held_by_dealer ? cardFace(v.trump_card, "small")
        : h("div", { class: "trump-suit", role: "img", "aria-label": trumpName, svg: suitSymbolSVG("cuatrola", v.trump_suit) }));
    });
    setAttr(this.trumpEl, "aria-label", t("table.trump_is", { suit: trumpName }));

    // tricks won and cantes of this hand
    const [wonUs, wonThem] = this.persp.ours(v.tricks_won);
    const info = v.phase === "play" ? [t("table.tricks_won", { us: wonUs, them: wonThem }),
      ...v.cantes.map((k) => this.persp.personal("table.cante_short", k.seat, { name: this.name(k.seat), points: k.points, suit: suitName("cuatrola", k.suit) }))] : [];
    patch(this.infoEl, info, (el) => { for (const line of info) el.append(h("span", { text: line })); });

    // the trick (a finished one stays a moment, its winner lit) or, at the end, the final position
    const over = isOver(view) && !frozen;
    this.trickEl.hidden = over;
    this.finalEl.hidden = !over;
    if (over) this.drawFinal(this.finalEl, view);
    const plays = frozen ? frozen.plays : v.trick;
    const made = keyed(this.trickEl, plays, (p) => `${v.hand_no}/${v.tricks.length}/${p.card}`,
      (p) => { const el = cardFace(p.card, `in-trick pos-${this.pos(p.seat)}`); el.dataset.pos = this.pos(p.seat); return el; },
      (el, p) => {
        setAttr(el, "aria-label", `${this.name(p.seat)}: ${cardName(p.card)}`);
        el.classList.toggle("winner", !!frozen && frozen.winner === p.seat);
      });
    if (this.drawn) for (const el of made) el.classList.add(`from-${el.dataset.pos}`);
    this.lastTrickBtn.disabled = !(v.tricks.length || (v.last_hand && v.last_hand.tricks.length));

    // prompt, controls, hand
    const mine = this.canAct(view);
    const bidding = mine && view.phase === "bidding";
    let prompt = "";
    if (!frozen && this.persp.isMe(view.turn)) prompt = t(view.phase === "bidding" ? "table.your_bid" : "table.your_turn");
    else if (isOver(view)) prompt = "";
    else if (this.persp.isMe(view.out) && view.phase === "play") prompt = t("table.you_sit_out");
    else if (v.turn >= 0) prompt = this.waitingPrompt(v.turn, t(view.phase === "bidding" ? "table.your_bid" : "table.your_turn"));
    setText(this.promptEl, prompt);
    const open = !(view.bids || []).some((b) => b.bid !== "pass");
    const controls = bidding ? BIDS.filter((b) => view.legal.includes(b)).map((b) => ({ key: `bid:${b}:${open}`, make: () => {
      const line = termsLine(b, view.contract_terms || [], open);
      return h("button", { type: "button", class: `btn bid ${b === "pass" ? "" : "primary"}`, dataset: { action: b }, onclick: () => this.play(b) },
        h("span", { class: "btn-title", text: t(`bid.${b}`) }), line ? h("span", { class: "btn-sub", text: line }) : null);
    } })) : (!frozen && !isOver(view) && v.turn >= 0 && !this.persp.isMe(v.turn) ? this.awayControls(v.turn) : []);
    keyed(this.controlsEl, controls, (c) => c.key, (c) => c.make());
    const hand = frozen ? frozen.hand : view.hand;
    const dealt = keyed(this.handEl, hand, (c) => c, (c) => cardButton(c, { onclick: () => this.play(c) }),
      (btn, c) => updateCard(btn, { legal: mine && view.legal.includes(c), classes: { resting: view.phase === "bidding" && !frozen } }));
    if (this.drawn) dealIn(dealt);
  }

  contractLine(v) {
    if (v.phase === "bidding") return t("table.bidding");
    if (!v.contract || v.contract === "normal") return t("bid.normal");
    return this.persp.personal("contract.by", v.declarer, { contract: t(`bid.${v.contract}`), name: this.name(v.declarer) });
  }

  seatLabel(el, v, seat) {
    const bid = (v.bids || []).find((b) => b.seat === seat);
    const sig = [seat, v.dealer === seat, v.phase === "bidding" && bid ? bid.bid : null, v.out === seat,
      v.declarer === seat && v.phase !== "bidding" ? v.contract : null, this.thinkingSeat === seat,
      this.source.seatNote(seat)];
    patch(el, sig, () => fill(el,
      h("span", { class: "name", text: this.name(seat) }),
      this.seatChip(seat),
      sig[1] ? h("span", { class: "chip dealer", title: t("table.dealer"), "aria-label": t("table.dealer"), text: t("table.dealer_short") }) : null,
      sig[2] ? h("span", { class: `chip bid ${bid.bid}`, text: t(`bid.${bid.bid}`) }) : null,
      sig[3] ? h("span", { class: "chip out", text: t("table.sits_out") }) : null,
      sig[4] ? h("span", { class: "chip contract", text: t(`bid.${v.contract}`) }) : null,
      sig[5] ? h("span", { class: "dots", role: "img", "aria-label": t("table.thinking") }, h("i"), h("i"), h("i")) : null));
  }

  // ---------------------------------------------------------------- input
  async play(action) {
    const view = this.view;
    if (this.onPreview(() => this.play(action))) return;
    if (!view || this.tapWhileShown()) return;
    if (!this.persp.isMe(view.turn)) { this.notYourTurn(view); return; }
    if (!view.legal.includes(action)) { await this.explain(action); return; }
    await this.submit(action);
  }

  // ---------------------------------------------------------------- events
  async show({ seat, action, prev, view }) {
    if (this.destroyed) return;
    const who = this.name(seat);
    if (BIDS.includes(action)) {
      this.render(view);
      const contract = view.phase === "play" && prev.phase === "bidding" ? this.contractLine(view) : null;
      this.say([t("announce.bid", { name: who, bid: t(`bid.${action}`) }), contract]);
      this.turnCue(prev, view);
      return;
    }
    const played = this.persp.personal("announce.play", seat, { name: who, the_card: theCard(action) });
    const handEnded = view.hands_played > prev.hands_played;
    const trickDone = handEnded || view.tricks.length > prev.tricks.length;
    if (!trickDone) {
      this.render(view);
      this.say(played);
      this.turnCue(prev, view);
      return;
    }

    // the finished trick stays on the table a moment, its winner lit
    const trick = handEnded ? view.last_hand.tricks[view.last_hand.tricks.length - 1] : view.tricks[view.tricks.length - 1];
    const hand = this.persp.isMe(seat) ? prev.hand.filter((c) => c !== action) : prev.hand;
    const sizes = prev.hand_sizes.map((n, s) => (s === seat ? n - 1 : n));
    this.frozen = { view: { ...prev, hand_sizes: sizes, turn: -1, legal: [] }, plays: trick.cards, winner: trick.winner, hand };
    this.render(view);
    this.say([played, this.persp.personal("announce.trick", trick.winner, { name: this.name(trick.winner) })]);
    if (this.persp.isUs(trick.winner % 2)) buzz(HAPTIC.won);
    await this.pause(speed().trick);
    if (this.destroyed) return;
    // cantes sung after this trick
    const cantes = handEnded ? view.last_hand.cantes : view.cantes;
    for (const k of cantes.slice(prev.cantes.length)) {
      this.say(this.persp.personal("announce.cante", k.seat, { name: this.name(k.seat), points: k.points, suit: suitName("cuatrola", k.suit) }));
      await this.pause(Math.max(speed().trick, CANTE_MIN_MS));
      if (this.destroyed) return;
    }
    if (handEnded) {
      this.say(this.persp.watched("watch.ultimas", view.last_hand.ultimas) ||
        t(this.persp.isUs(view.last_hand.ultimas) ? "announce.ultimas.us" : "announce.ultimas.them"));
      await this.pause(Math.min(speed().trick, ULTIMAS_MAX_MS));
      if (this.destroyed) return;
    }
    await this.gather([...this.trickEl.children], this.pos(trick.winner));
    if (this.destroyed) return;
    this.frozen = null;
    if (handEnded) await this.handOver(view);
    if (this.destroyed) return;
    this.render(view);
    this.turnCue(prev, view);
    if (isOver(view)) await this.matchOver(view);
  }

  // ---------------------------------------------------------------- the hand's breakdown
  handHeadline(lh) { return this.persp.watched("watch.hand_won", lh.winner) || t(this.persp.isUs(lh.winner) ? "hand.we_win" : "hand.they_win"); }

  /** Why the points went where they did (the engine's summary says what decided the hand):
   * "Solo made: 2 points · 75 to 55 in points". */
  handReason(lh) {
    const pts = plural("terms.pts", lh.value);
    const [a, b] = this.persp.ours(lh.totals);
    const totals = t(lh.decided_by === "ultimas_tie" ? "hand.why.tie" : "hand.why.totals", { a, b });
    if (lh.contract === "normal") return `${totals} · ${pts}`;
    const result = t(lh.made ? "hand.why.made" : "hand.why.failed", { contract: t(`bid.${lh.contract}`), pts });
    return lh.decided_by === "tricks" ? result : `${result} · ${totals}`;
  }


  handBreakdown(lh) {
    const cante = [0, 0];
    for (const k of lh.cantes) cante[k.seat % 2] += k.points;
    let contract = t("contract.normal");
    if (lh.contract !== "normal") {
      contract = this.persp.personal("contract.by", lh.declarer, { contract: t(`bid.${lh.contract}`), name: this.name(lh.declarer) }) + " · " +
        t(lh.made ? "contract.made" : "contract.failed");
    }
    const score = this.scoreAfter(lh);
    return [
      h("p", { class: "hand-why", text: this.handReason(lh) }),
      h("p", { class: "muted", text: t("hand.contract", { contract }) }),
      breakdownTable([
        [t("hand.card_points"), lh.card_points[0], lh.card_points[1]],
        [t("hand.cantes"), cante[0], cante[1]],
        // (the últimas are what the totals hold beyond cards and cantes: the engine counts them)
        [t("hand.ultimas"), lh.totals[0] - lh.card_points[0] - cante[0], lh.totals[1] - lh.card_points[1] - cante[1]],
        [t("hand.total"), lh.totals[0], lh.totals[1], "total"],
        [t("hand.points"), `+${lh.points[0]}`, `+${lh.points[1]}`, "points"],
        score ? [t("hand.score"), score[0], score[1], "running-score"] : null,
      ].filter(Boolean), this.persp),
    ];
  }

  /** The score right after hand `lh`: the view's score when lh is the last hand played. */
  scoreAfter(lh) {
    const v = this.view;
    return v && v.last_hand && v.last_hand.hand === lh.hand ? v.score : null;
  }

  sheetRow(hand) { return hand.points; }

  // ---------------------------------------------------------------- the last trick
  async showLastTrick() {
    const v = this.view;
    if (!v) return;
    let trick = v.tricks[v.tricks.length - 1];
    if (!trick && v.last_hand) trick = v.last_hand.tricks[v.last_hand.tricks.length - 1];
    if (!trick) return;
    const grid = h("div", { class: "trick review" });
    for (const p of trick.cards) {
      const led = p.seat === trick.leader;
      const face = cardFace(p.card, p.seat === trick.winner ? "winner" : "");
      face.setAttribute("aria-label", `${this.name(p.seat)}: ${cardName(p.card)}${led ? ` (${t("table.led")})` : ""}`);
      grid.append(h("figure", { class: `review-card ${led ? "led" : ""}`.trim(), dataset: { seat: String(p.seat), pos: this.pos(p.seat) } },
        face,
        h("figcaption", {}, h("span", { class: "name", text: this.name(p.seat) }),
          led ? h("span", { class: "chip led", text: t("table.led") }) : null)));
    }
    await dialog({
      title: t("table.last_trick"),
      body: [grid, h("p", { class: "trick-story", text: [
        this.persp.personal("table.trick_led", trick.leader, { name: this.name(trick.leader) }),
        this.persp.personal("announce.trick", trick.winner, { name: this.name(trick.winner) })].join(" · ") })],
      buttons: [{ label: t("close"), value: true, primary: true }],
      className: "last-trick",
    });
  }
}
