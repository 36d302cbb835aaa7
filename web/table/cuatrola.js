// The Cuatrola table: your hand large at the bottom, partner opposite, rivals at the
// sides, the trick in the middle, the shown trump card, bidding, cantes, últimas and
// the end-of-hand breakdown. Everything shown comes from the engine's seat view.
import { t } from "../i18n.js";
import { h, clear, dialog, toast, announce, sleep } from "../ui.js";
import { cardName, suitName, suitSymbolSVG, useDeck } from "../cards.js";
import { Session, DamagedMatch, speed } from "./session.js";
import { position, seatName, sideName, cardButton, cardFace, backs, rovingKeys, topBar, tableMenu, damagedScreen, TableBase } from "./common.js";

const SEATS = 4;
const BIDS = ["pass", "solo", "cuatrola", "quintola"];

export class CuatrolaTable extends TableBase {
  constructor(root, record) {
    super();
    this.root = root;
    this.record = record;
    this.session = new Session(record, this);
    useDeck("cuatrola");
    this.frozen = null;        // a finished trick kept on the table for a moment
    this.thinkingSeat = null;
    this.lastShown = new Set();
  }

  /** Draw the stored last view before Python is ready (nothing can be played yet). */
  preview(view) {
    this.build();
    this.render(view);
    this.root.dataset.preview = "stored";
  }

  async mount() {
    this.build();
    try {
      const view = await this.session.open();
      if (this.destroyed) return;
      delete this.root.dataset.preview;
      this.build();
      this.render(view);
    } catch (err) {
      if (err instanceof DamagedMatch) { damagedScreen(this.root, this.record, err.message); return; }
      throw err;
    }
    this.session.run();
  }

  destroy() { this.destroyed = true; this.session.destroy(); }

  build() {
    clear(this.root);
    const top = topBar({ title: t("game.cuatrola"), onMenu: () => this.menu() });
    this.top = top;
    this.seatEls = {};
    const felt = h("div", { class: "felt" });
    for (const seat of [1, 2, 3]) {
      const pos = position(seat, SEATS);
      const el = h("div", { class: `seat pos-${pos}`, dataset: { seat: String(seat) } });
      this.seatEls[seat] = el;
      felt.append(el);
    }
    this.trickEl = h("div", { class: "trick", role: "group", "aria-label": t("table.trick") });
    this.trumpEl = h("div", { class: "trump-box" });
    this.bannerEl = h("div", { class: "banner", "aria-hidden": "true" });
    this.infoEl = h("div", { class: "felt-info" });
    felt.append(h("div", { class: "center" }, this.trickEl), this.trumpEl, this.infoEl, this.bannerEl);
    this.meEl = h("div", { class: "seat me", dataset: { seat: "0" } });
    this.promptEl = h("div", { class: "prompt" });
    this.controlsEl = h("div", { class: "controls", role: "group", "aria-label": t("table.controls") });
    this.handEl = h("div", { class: "hand", role: "group", "aria-label": t("table.your_hand") });
    rovingKeys(this.handEl);
    rovingKeys(this.controlsEl);
    const tools = h("div", { class: "tools" },
      this.lastTrickBtn = h("button", { type: "button", class: "btn small", onclick: () => this.showLastTrick() }, t("table.last_trick")));
    this.root.append(h("section", { class: "table cuatrola", "aria-label": t("game.cuatrola") },
      top.bar, felt,
      h("div", { class: "bottom" }, h("div", { class: "me-row" }, this.meEl, this.promptEl, tools), this.controlsEl, this.handEl)));
  }

  // ---------------------------------------------------------------- drawing
  render(view, frozen = this.frozen) {
    if (this.destroyed) return;
    this.root.dataset.moves = String(this.session.match.actions.length);
    this.view = view;
    const v = frozen ? frozen.view : view;
    const active = (s) => v.out !== s;
    this.top.titleEl.textContent = t("game.cuatrola");
    this.top.subEl.textContent = `${t("table.hand_no_cap", { n: v.hand_no })} · ${this.contractLine(v)}`;
    clear(this.top.scoreEl).append(h("span", { text: `${sideName(0)} ${v.score[0]}` }), h("span", { text: `${sideName(1)} ${v.score[1]}` }));
    this.top.scoreEl.setAttribute("aria-label", t("table.score_label", { us: v.score[0], them: v.score[1] }));

    // the three other seats
    for (const seat of [1, 2, 3]) {
      const el = clear(this.seatEls[seat]);
      el.classList.toggle("out", !active(seat));
      el.classList.toggle("turn", v.turn === seat);
      el.classList.toggle("thinking", this.thinkingSeat === seat);
      el.append(this.seatLabel(v, seat), backs(v.hand_sizes[seat], position(seat, SEATS) === "top" ? "row" : "col"));
    }
    clear(this.meEl).append(this.seatLabel(v, 0));

    // trump card
    clear(this.trumpEl);
    this.trumpEl.append(h("div", { class: "trump-label", text: t("table.trump") }));
    if (v.trump_card_held_by_dealer) {
      this.trumpEl.append(cardFace(v.trump_card, "small"));
    } else {
      this.trumpEl.append(h("div", { class: "trump-suit", role: "img", "aria-label": suitName("cuatrola", v.trump_suit), svg: suitSymbolSVG("cuatrola", v.trump_suit) }));
    }
    this.trumpEl.setAttribute("aria-label", t("table.trump_is", { suit: suitName("cuatrola", v.trump_suit) }));

    // tricks won and cantes of this hand
    clear(this.infoEl);
    if (v.phase === "play") {
      this.infoEl.append(h("span", { text: t("table.tricks_won", { us: v.tricks_won[0], them: v.tricks_won[1] }) }));
      for (const k of v.cantes) {
        this.infoEl.append(h("span", { text: t("table.cante_short", { name: seatName(k.seat, SEATS), points: k.points, suit: suitName("cuatrola", k.suit) }) }));
      }
    }

    // the trick
    const plays = frozen ? frozen.plays : v.trick;
    clear(this.trickEl);
    const fresh = new Set();
    for (const p of plays) {
      const pos = position(p.seat, SEATS);
      const key = `${v.hand_no}/${v.tricks.length}/${p.card}`;
      const el = cardFace(p.card, `in-trick pos-${pos}`);
      el.setAttribute("aria-label", `${seatName(p.seat, SEATS)}: ${cardName(p.card)}`);
      if (!this.lastShown.has(key)) el.classList.add(`from-${pos}`);
      if (frozen && frozen.winner === p.seat) el.classList.add("winner");
      fresh.add(key);
      this.trickEl.append(el);
    }
    this.lastShown = fresh;
    this.lastTrickBtn.disabled = !(v.tricks.length || (v.last_hand && v.last_hand.tricks.length));

    // prompt, controls, hand
    const mine = !frozen && view.turn === 0;
    clear(this.controlsEl);
    if (mine && view.phase === "bidding") {
      this.promptEl.textContent = t("table.your_bid");
      for (const b of BIDS) {
        if (!view.legal.includes(b)) continue;
        this.controlsEl.append(h("button", {
          type: "button", class: `btn bid ${b === "pass" ? "" : "primary"}`, dataset: { action: b },
          onclick: () => this.play(b),
        }, t(`bid.${b}`)));
      }
    } else if (mine) {
      this.promptEl.textContent = t("table.your_turn");
    } else if (view.winner !== null && view.winner !== undefined) {
      this.promptEl.textContent = t(view.winner === 0 ? "result.we_won" : "result.they_won");
      this.controlsEl.append(h("a", { class: "btn primary", href: "#/new/cuatrola" }, t("result.again")));
    } else if (view.out === 0 && view.phase === "play") {
      this.promptEl.textContent = t("table.you_sit_out");
    } else {
      this.promptEl.textContent = v.turn >= 0 ? t("table.waiting_for", { name: seatName(v.turn, SEATS) }) : "";
    }
    const hand = frozen ? frozen.hand : view.hand;
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
    clear(this.handEl);
    for (const c of hand) {
      const legal = mine && view.legal.includes(c);
      const btn = cardButton(c, { legal, onclick: () => this.play(c), extraClass: view.phase === "bidding" && !frozen ? "resting" : "" });
      this.handEl.append(btn);
      if (c === focused) btn.focus();
    }
  }

  contractLine(v) {
    if (v.phase === "bidding") return t("table.bidding");
    if (!v.contract || v.contract === "normal") return t("bid.normal");
    return t("contract.by", { contract: t(`bid.${v.contract}`), name: seatName(v.declarer, SEATS) });
  }

  seatLabel(v, seat) {
    const bid = (v.bids || []).find((b) => b.seat === seat);
    return h("div", { class: "seat-label" },
      h("span", { class: "name", text: seatName(seat, SEATS) }),
      v.dealer === seat ? h("span", { class: "chip dealer", title: t("table.dealer"), "aria-label": t("table.dealer"), text: t("table.dealer_short") }) : null,
      v.phase === "bidding" && bid ? h("span", { class: `chip bid ${bid.bid}`, text: t(`bid.${bid.bid}`) }) : null,
      v.out === seat ? h("span", { class: "chip out", text: t("table.sits_out") }) : null,
      v.declarer === seat && v.phase !== "bidding" ? h("span", { class: "chip contract", text: t(`bid.${v.contract}`) }) : null,
      this.thinkingSeat === seat ? h("span", { class: "dots", "aria-label": t("table.thinking") }, h("i"), h("i"), h("i")) : null);
  }

  // ---------------------------------------------------------------- input
  async play(action) {
    const view = this.view;
    if (!view || this.frozen) return;
    if (view.turn !== 0) {
      const msg = view.winner !== null && view.winner !== undefined ? t("table.match_over")
        : t("table.wait_turn", { name: seatName(view.turn, SEATS) });
      toast(msg);
      announce(msg);
      return;
    }
    if (!view.legal.includes(action)) {
      const why = await this.session.why(action);
      if (why) { toast(why, { kind: "warn" }); announce(why); }
      return;
    }
    const res = await this.session.act(action);
    if (!res.ok && res.error) { toast(res.error, { kind: "warn" }); announce(res.error); return; }
    if (res.ok) this.session.run();
  }

  // ---------------------------------------------------------------- events
  async step({ seat, action, prev, view }) {
    if (this.destroyed) return;
    const who = seatName(seat, SEATS);
    if (BIDS.includes(action)) {
      const text = t("announce.bid", { name: who, bid: t(`bid.${action}`) });
      announce(text);
      if (seat !== 0) this.banner(text);
      this.render(view);
      if (view.phase === "play" && prev.phase === "bidding") {
        const line = this.contractLine(view);
        announce(line);
        this.banner(line);
      }
      return;
    }
    announce(t("announce.play", { name: who, card: cardName(action) }));
    const handEnded = view.hands_played > prev.hands_played;
    const trickDone = handEnded || view.tricks.length > prev.tricks.length;
    if (!trickDone) { this.render(view); return; }

    const trick = handEnded ? view.last_hand.tricks[view.last_hand.tricks.length - 1] : view.tricks[view.tricks.length - 1];
    const hand = seat === 0 ? prev.hand.filter((c) => c !== action) : prev.hand;
    const sizes = prev.hand_sizes.map((n, s) => (s === seat ? n - 1 : n));
    const frozenView = { ...prev, hand_sizes: sizes, turn: -1, legal: [] };
    this.frozen = { view: frozenView, plays: trick.cards, winner: trick.winner, hand };
    this.render(view);
    const won = t("announce.trick", { name: seatName(trick.winner, SEATS) });
    announce(won);
    // cantes sung after this trick
    const cantes = handEnded ? view.last_hand.cantes : view.cantes;
    for (const k of cantes.slice(prev.cantes.length)) {
      const text = t("announce.cante", { name: seatName(k.seat, SEATS), points: k.points, suit: suitName("cuatrola", k.suit) });
      announce(text);
      this.banner(text);
      toast(text);
      await sleep(Math.max(speed().trick, 700));
      if (this.destroyed) return;
    }
    await sleep(speed().trick);
    if (this.destroyed) return;
    if (handEnded) {
      const lh = view.last_hand;
      const ult = t("announce.ultimas", { side: sideName(lh.ultimas) });
      announce(ult);
      this.banner(ult);
      await sleep(Math.min(speed().trick, 600));
      if (this.destroyed) return;
      this.frozen = null;
      await this.breakdown(view);
    }
    this.frozen = null;
    this.render(view);
    if (view.winner !== null && view.winner !== undefined) await this.matchOver(view);
  }

  async breakdown(view) {
    if (this.destroyed) return;
    const lh = view.last_hand;
    const cante = [0, 0];
    for (const k of lh.cantes) cante[k.seat % 2] += k.points;
    const row = (label, a, b, cls = "") => h("tr", { class: cls }, h("th", { scope: "row", text: label }), h("td", { text: String(a) }), h("td", { text: String(b) }));
    let contract = t("contract.normal");
    if (lh.contract !== "normal") {
      contract = t("contract.by", { contract: t(`bid.${lh.contract}`), name: seatName(lh.declarer, SEATS) }) + " · " +
        t(lh.winner === lh.declarer % 2 ? "contract.made" : "contract.failed");
    }
    const table = h("table", { class: "breakdown" },
      h("thead", {}, h("tr", {}, h("th", {}), h("th", { scope: "col", text: sideName(0) }), h("th", { scope: "col", text: sideName(1) }))),
      h("tbody", {},
        row(t("hand.card_points"), lh.card_points[0], lh.card_points[1]),
        row(t("hand.cantes"), cante[0], cante[1]),
        row(t("hand.ultimas"), lh.ultimas === 0 ? 10 : 0, lh.ultimas === 1 ? 10 : 0),
        row(t("hand.total"), lh.totals[0], lh.totals[1], "total"),
        row(t("hand.points"), `+${lh.points[0]}`, `+${lh.points[1]}`, "points"),
        row(t("hand.score"), view.score[0], view.score[1], "running-score")));
    const winnerText = t(lh.winner === 0 ? "hand.we_win" : "hand.they_win");
    announce(`${winnerText}. ${t("table.score_label", { us: view.score[0], them: view.score[1] })}`);
    await dialog({
      title: t("hand.title", { n: lh.hand }),
      body: [h("p", { class: "hand-result", text: winnerText }), h("p", { class: "muted", text: t("hand.contract", { contract }) }), table],
      buttons: [{ label: view.winner === null || view.winner === undefined ? t("hand.next") : t("ok"), value: true, primary: true }],
      className: "hand-over",
    });
  }

  newMatchHash() { return "#/new/cuatrola"; }


  async showLastTrick() {
    const v = this.view;
    if (!v) return;
    let trick = v.tricks[v.tricks.length - 1];
    if (!trick && v.last_hand) trick = v.last_hand.tricks[v.last_hand.tricks.length - 1];
    if (!trick) return;
    const grid = h("div", { class: "trick review" });
    for (const p of trick.cards) {
      const el = cardFace(p.card, `in-trick pos-${position(p.seat, SEATS)} ${p.seat === trick.winner ? "winner" : ""}`);
      el.setAttribute("aria-label", `${seatName(p.seat, SEATS)}: ${cardName(p.card)}`);
      grid.append(el);
    }
    await dialog({
      title: t("table.last_trick"),
      body: [grid, h("p", { text: t("announce.trick", { name: seatName(trick.winner, SEATS) }) })],
      buttons: [{ label: t("close"), value: true, primary: true }],
      className: "last-trick",
    });
  }

  async menu() { await tableMenu(this.session); }

  reloaded() { this.render(this.session.view); }
}
