// The Cuarenta table (2 players, or 4 in partnerships): the table cards, your hand,
// choosing among captures (each choice highlights what it takes), caída, limpia and
// ronda announced, the ronda claim at the end of a hand, the cartón and the score,
// also drawn the traditional way with tantos (2 points) and perros (10 points).
// Every capture, claim and point comes from the engine's view and events.
import { t } from "../i18n.js";
import { h, clear, dialog, toast, announce, sleep } from "../ui.js";
import { cardName, shortCard, useDeck } from "../cards.js";
import { Session, DamagedMatch, speed } from "./session.js";
import { position, seatName, sideName, cardButton, cardFace, backs, rovingKeys, topBar, tableMenu, damagedScreen, TableBase } from "./common.js";

const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"];

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
  constructor(root, record) {
    super();
    this.root = root;
    this.record = record;
    this.session = new Session(record, this);
    useDeck("cuarenta");
    this.players = 4;
    this.nextSits = "right";
    this.selected = null;      // a hand card whose captures are offered
    this.preview = null;       // the capture whose cards are highlighted
    this.frozen = null;        // {table, takes, played} shown for a moment after a capture
    this.thinkingSeat = null;
    this.shownTable = new Set();
  }

  name(seat) { return seatName(seat, this.players, this.nextSits); }
  pos(seat) { return position(seat, this.players, this.nextSits); }

  /** Draw the stored last view before Python is ready (nothing can be played yet). */
  preview(view) {
    this.players = view.players;
    this.nextSits = view.next_seat_sits;
    this.build();
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
    // where the seats sit comes from the view (2 or 4 players; the next seat at the right
    // or, with the clockwise option, at the left)
    this.players = view.players;
    this.nextSits = view.next_seat_sits;
    delete this.root.dataset.preview;
    this.build();
    this.render(view);
    this.session.run();
  }

  destroy() { this.destroyed = true; this.session.destroy(); }

  build() {
    clear(this.root);
    this.top = topBar({ title: t("game.cuarenta"), onMenu: () => tableMenu(this.session) });
    const felt = h("div", { class: "felt" });
    this.seatEls = {};
    for (let seat = 1; seat < this.players; seat++) {
      const el = h("div", { class: `seat pos-${this.pos(seat)}`, dataset: { seat: String(seat) } });
      this.seatEls[seat] = el;
      felt.append(el);
    }
    this.tableEl = h("div", { class: "table-cards", role: "group", "aria-label": t("table.trick") });
    this.bannerEl = h("div", { class: "banner", "aria-hidden": "true" });
    this.capEl = h("div", { class: "cap-area" });
    felt.append(h("div", { class: "center" }, this.tableEl), this.capEl, this.bannerEl);
    this.meEl = h("div", { class: "seat me", dataset: { seat: "0" } });
    this.promptEl = h("div", { class: "prompt", "aria-live": "off" });
    this.controlsEl = h("div", { class: "controls", role: "group", "aria-label": t("table.controls") });
    this.handEl = h("div", { class: "hand", role: "group", "aria-label": t("table.your_hand") });
    rovingKeys(this.handEl);
    rovingKeys(this.controlsEl);
    this.root.append(h("section", { class: `table cuarenta ${this.players === 2 ? "two" : "four"}`, "aria-label": t("game.cuarenta") },
      this.top.bar, felt,
      h("div", { class: "bottom" }, h("div", { class: "me-row" }, this.meEl, this.promptEl), this.controlsEl, this.handEl)));
  }

  // ---------------------------------------------------------------- drawing
  render(view) {
    if (this.destroyed) return;
    this.root.dataset.moves = String(this.session.match.actions.length);
    this.view = view;
    const v = view;
    this.top.titleEl.textContent = t("game.cuarenta");
    this.top.subEl.textContent = `${t("table.hand_no_cap", { n: v.hand_no })} · ` + t("c40.deal_of", { n: v.deal_no, of: v.deals_per_hand }) +
      (v.chica ? ` · ${t("c40.chica", { n: v.chica })}` : "");
    clear(this.top.scoreEl).append(h("span", { text: `${sideName(0)} ${v.score[0]}` }), h("span", { text: `${sideName(1)} ${v.score[1]}` }));
    this.top.scoreEl.setAttribute("aria-label", t("table.score_label", { us: v.score[0], them: v.score[1] }));

    for (let seat = 1; seat < this.players; seat++) {
      const el = clear(this.seatEls[seat]);
      el.classList.toggle("turn", v.turn === seat);
      el.append(this.seatLabel(v, seat), backs(v.hand_sizes[seat], this.pos(seat) === "top" ? "row" : "col"));
    }
    clear(this.meEl).append(this.seatLabel(v, 0));

    // the table
    const fr = this.frozen;
    const tableCards = fr ? fr.table : v.table;
    const takes = new Set(fr ? fr.takes : (this.preview ? this.preview.takes : []));
    clear(this.tableEl);
    const now = new Set();
    for (const c of tableCards) {
      const el = cardFace(c, `${takes.has(c) ? "take" : ""} ${takes.size && !takes.has(c) ? "dim" : ""} ${fr && fr.played === c ? "played" : ""}`);
      if (!this.shownTable.has(c)) el.classList.add("just");
      now.add(c);
      this.tableEl.append(el);
    }
    if (!tableCards.length) this.tableEl.append(h("div", { class: "muted empty-table", text: t("c40.empty_table") }));
    this.shownTable = now;

    // cartón, score drawn with tantos and perros
    clear(this.capEl);
    for (const side of [0, 1]) {
      const s = v.score[side];
      const { perros, tantos } = tally(s);
      this.capEl.append(h("div", { class: `carton side-${side}` },
        h("div", { text: sideName(side) }),
        h("div", { class: "tally", role: "img", "aria-label": t("c40.tally_label", { score: s, perros, tantos }), svg: tallySVG(s) }),
        h("div", {}, t("c40.carton"), " ", h("b", { text: String(v.captured[side]) }))));
      if (side === 0) this.capEl.append(h("div", { class: "last-play", text: this.lastLine || "" }));
    }

    // prompt, controls, hand
    clear(this.controlsEl);
    const mine = !fr && v.turn === 0;
    const over = v.winner !== null && v.winner !== undefined;
    if (over) {
      this.promptEl.textContent = t(v.winner === 0 ? "result.we_won" : "result.they_won");
      this.controlsEl.append(h("a", { class: "btn primary", href: `#/new/cuarenta?players=${this.players}` }, t("result.again")));
    } else if (mine && v.phase === "claim") {
      this.renderClaim(v);
    } else if (mine) {
      this.promptEl.textContent = this.selected ? t("c40.choose_capture") : t("c40.your_turn");
      const takes = v.legal.filter((a) => a.startsWith("take:"));
      for (const a of takes) {
        const cards = a.slice(5).split("+");
        this.controlsEl.append(h("button", { type: "button", class: "btn primary", dataset: { action: a }, onclick: () => this.play(a) },
          t("c40.take_forgotten", { cards: cards.map(cardName).join(", ") })));
      }
      if (this.selected) this.renderCaptureChoices(v);
    } else {
      this.promptEl.textContent = v.turn >= 0 ? t("table.waiting_for", { name: this.name(v.turn) }) : "";
    }
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
    clear(this.handEl);
    for (const c of (fr ? fr.hand : v.hand)) {
      const legal = mine && v.phase === "play" && v.legal.includes(c);
      const n = v.captures.filter((o) => o.card === c).length;
      const btn = cardButton(c, { legal, onclick: () => this.tapCard(c), extraClass: this.selected === c ? "selected" : "",
        label: n ? t("c40.card_captures", { card: cardName(c), n }) : null });
      if (this.selected === c) btn.setAttribute("aria-pressed", "true");
      this.handEl.append(btn);
      if (c === focused) btn.focus();
    }
  }

  seatLabel(v, seat) {
    const ronda = (v.rondas || []).find((r) => r.seat === seat && r.deal === v.deal_no);
    return h("div", { class: "seat-label" },
      h("span", { class: "name", text: this.name(seat) }),
      v.dealer === seat ? h("span", { class: "chip dealer", "aria-label": t("table.dealer"), title: t("table.dealer"), text: t("table.dealer_short") }) : null,
      ronda ? h("span", { class: "chip contract", text: t("term.ronda") + (ronda.rank ? ` ${ronda.rank}` : "") }) : null,
      this.thinkingSeat === seat ? h("span", { class: "dots", "aria-label": t("table.thinking") }, h("i"), h("i"), h("i")) : null);
  }

  renderCaptureChoices(v) {
    const options = v.captures.filter((o) => o.card === this.selected);
    options.forEach((o, i) => {
      const flags = [o.caida ? t("term.caida") : null, o.limpia ? t("term.limpia") : null].filter(Boolean).join(" + ");
      const btn = h("button", {
        type: "button", class: `btn capture-btn ${i === 0 ? "primary" : ""}`, dataset: { action: o.action },
        "aria-label": t("c40.capture_label", { card: cardName(o.card), cards: o.takes.map(cardName).join(", ") }) + (flags ? ` (${flags})` : ""),
        onclick: () => this.play(o.action),
      }, h("span", { class: "btn-title", text: o.takes.map(shortCard).join(" ") }),
      flags ? h("span", { class: "btn-sub", text: flags }) : null);
      const show = () => { this.preview = o; this.highlight(); };
      btn.addEventListener("focus", show);
      btn.addEventListener("pointerenter", show);
      this.controlsEl.append(btn);
    });
    this.controlsEl.append(h("button", { type: "button", class: "btn", dataset: { action: this.selected },
      onclick: () => this.play(this.selected) }, t("c40.lay_down")));
    this.controlsEl.append(h("button", { type: "button", class: "btn", onclick: () => { this.selected = null; this.preview = null; this.render(this.view); } }, t("cancel")));
  }

  highlight() {
    const takes = new Set(this.preview ? this.preview.takes : []);
    for (const el of this.tableEl.querySelectorAll(".card")) {
      el.classList.toggle("take", takes.has(el.dataset.card));
      el.classList.toggle("dim", takes.size > 0 && !takes.has(el.dataset.card));
    }
  }

  renderClaim(v) {
    const c = v.claim;
    this.promptEl.textContent = t("c40.claim_prompt", { name: this.name(c.against) });
    this.controlsEl.append(h("p", { class: "claim-hint", text: t("c40.claim_hint", { cards: c.caida_cards.map(cardName).join(", ") }) }));
    for (const r of RANK_ORDER) {
      const a = `claim:${r}`;
      if (!v.legal.includes(a)) continue;
      this.controlsEl.append(h("button", { type: "button", class: "btn small rank-btn", dataset: { action: a }, "aria-label": t("c40.claim_rank", { rank: rankName(r) }),
        onclick: () => this.play(a) }, r));
    }
    if (v.legal.includes("noclaim")) {
      this.controlsEl.append(h("button", { type: "button", class: "btn small", dataset: { action: "noclaim" }, onclick: () => this.play("noclaim") }, t("c40.no_claim")));
    }
  }

  // ---------------------------------------------------------------- input
  async tapCard(card) {
    const v = this.view;
    if (!v || this.frozen) return;
    if (v.turn !== 0) {
      const msg = v.winner !== null && v.winner !== undefined ? t("table.match_over") : t("table.wait_turn", { name: this.name(v.turn) });
      toast(msg); announce(msg);
      return;
    }
    if (!v.legal.includes(card)) {
      const why = await this.session.why(card);
      if (why) { toast(why, { kind: "warn" }); announce(why); }
      return;
    }
    const options = v.captures.filter((o) => o.card === card);
    if (!options.length) { await this.play(card); return; }
    if (this.selected === card) { this.selected = null; this.preview = null; this.render(v); return; }
    this.selected = card;
    this.preview = options[0];
    this.render(v);
    announce(t("c40.choices_announce", { n: options.length, card: cardName(card) }));
    const first = this.controlsEl.querySelector(".capture-btn");
    if (first && document.activeElement && this.handEl.contains(document.activeElement)) first.focus();
  }

  async play(action) {
    const res = await this.session.act(action);
    if (!res.ok && res.error) { toast(res.error, { kind: "warn" }); announce(res.error); return; }
    if (res.ok) this.session.run();
  }

  // ---------------------------------------------------------------- events
  async step({ seat, action, prev, view }) {
    if (this.destroyed) return;
    this.selected = null;
    this.preview = null;
    const events = view.events || [];
    const lines = [];
    let pause = 0;
    const capture = events.find((e) => e.kind === "capture");
    if (capture) {
      // show what was taken for a moment before it leaves the table
      const hand = seat === 0 ? prev.hand.filter((c) => c !== capture.card) : prev.hand;
      this.frozen = { table: [...prev.table, capture.card], takes: [...capture.takes, capture.card], played: capture.card, hand };
      this.render(view);
      pause = speed().trick;
    }
    for (const e of events) {
      const text = this.eventText(e);
      if (!text) continue;
      lines.push(text);
      announce(text);
      if (["caida", "limpia", "ronda", "four", "claim", "noclaim", "carton", "game", "match"].includes(e.kind)) {
        this.banner(text);
        if (e.kind !== "carton") toast(text);
        pause = Math.max(pause, Math.min(900, speed().trick + 300));
      }
    }
    if (lines.length) this.lastLine = lines[0];
    if (pause) await sleep(pause);
    if (this.destroyed) return;
    this.frozen = null;
    this.render(view);
    if (view.hands_played > prev.hands_played && view.last_hand) await this.breakdown(view);
    if (view.winner !== null && view.winner !== undefined) await this.matchOver(view);
  }

  eventText(e) {
    const who = e.seat !== undefined ? this.name(e.seat) : "";
    const side = e.side !== undefined ? sideName(e.side) : "";
    const note = e.note && e.note !== "right" && e.note !== "wrong" ? ` (${e.note})` : "";
    switch (e.kind) {
      case "lay": return t("c40.ev.lay", { name: who, card: cardName(e.card) });
      case "capture": return t("c40.ev.capture", { name: who, card: cardName(e.card), cards: e.takes.map(cardName).join(", ") });
      case "caida": return t("c40.ev.caida", { name: who, points: e.points, side }) + note;
      case "limpia": return t("c40.ev.limpia", { name: who, points: e.points, side }) + note;
      case "ronda": return (e.rank ? t("c40.ev.ronda_rank", { name: who, points: e.points, rank: rankName(e.rank) }) : t("c40.ev.ronda", { name: who, points: e.points })) + note;
      case "four": return t("c40.ev.four", { name: who, rank: rankName(e.rank) });
      case "deal": return t("c40.ev.deal", { n: e.deal });
      case "take": return t("c40.ev.take", { name: who, cards: e.cards.map(cardName).join(", ") });
      case "claim": return e.right ? t("c40.ev.claim_right", { name: who, rank: rankName(e.rank), points: e.points }) + note
        : t("c40.ev.claim_wrong", { name: who, rank: rankName(e.rank) });
      case "noclaim": return t("c40.ev.noclaim", { name: who });
      case "carton": return t("c40.ev.carton", { side, cards: e.cards, points: e.points }) + note;
      case "game": return t("c40.ev.game", { side }) + (e.note ? ` (${e.note})` : "");
      case "match": return null;
      default: return null;
    }
  }

  async breakdown(view) {
    if (this.destroyed) return;
    const lh = view.last_hand;
    const sum = (kinds) => {
      const p = [0, 0];
      for (const e of lh.events) if (kinds.includes(e.kind) && e.points) p[e.side] += e.points;
      return p;
    };
    const rows = [
      [t("c40.caidas"), sum(["caida"])],
      [t("c40.limpias"), sum(["limpia"])],
      [t("c40.rondas"), sum(["ronda", "four", "claim"])],
      [t("c40.carton"), sum(["carton"])],
    ];
    const row = (label, a, b, cls = "") => h("tr", { class: cls }, h("th", { scope: "row", text: label }), h("td", { text: String(a) }), h("td", { text: String(b) }));
    const table = h("table", { class: "breakdown" },
      h("thead", {}, h("tr", {}, h("th", {}), h("th", { scope: "col", text: sideName(0) }), h("th", { scope: "col", text: sideName(1) }))),
      h("tbody", {},
        row(t("c40.cards_captured"), lh.captured[0], lh.captured[1]),
        rows.map(([label, p]) => row(label, p[0], p[1])),
        row(t("hand.total"), `+${lh.points[0]}`, `+${lh.points[1]}`, "total"),
        row(t("hand.score"), lh.score[0], lh.score[1], "running-score")));
    const carton = lh.carton ? this.eventText(lh.carton) : "";
    announce(`${t("hand.title", { n: lh.hand })}. ${carton}`);
    await dialog({
      title: t("hand.title", { n: lh.hand }),
      body: [carton ? h("p", { class: "hand-result", text: carton }) : null, table],
      buttons: [{ label: view.winner === null || view.winner === undefined ? t("hand.next") : t("ok"), value: true, primary: true }],
      className: "hand-over",
    });
  }

  newMatchHash() { return `#/new/cuarenta?players=${this.players}`; }


  reloaded() { this.render(this.session.view); }
}
