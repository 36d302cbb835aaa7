// The replay of a stored match (#/replay/<id>?hand=N or ?at=K): step forward and back
// through every action, jump to a hand. The table is the game's own table (web/table/*.js)
// drawn from the engine's view of the log's prefix (the `replay` op); nothing is playable.
// Every seat's cards are shown once the hand of that position is over in the whole match
// (the engine says so: `hands`), only the person's view while it is still being played.
import { t } from "../i18n.js";
import { h, clear } from "../ui.js";
import { engine } from "../engine.js";
import { engineText } from "../engine-text.js";
import * as store from "../store.js";
import { actionLabel } from "../assist/labels.js";
import { TableSource } from "../table/source.js";
import { cardFace } from "../table/card-nodes.js";
import { isGame, tableOf } from "../games.js";

/** The source of a table that only shows (source.js; nothing can be played): the match up
 * to the replay's position. */
class ReplaySession extends TableSource {
  constructor(record) {
    super(record.match.game);
    this.record = record;
    this.match = { ...record.match, actions: [] };
    this.seat = Number.isInteger(record.seat) ? record.seat : 0;
  }
  moves() { return this.match.actions.length; }
  file() { return { match: this.match, record: this.record }; }
  nextMatch() { return { game: this.match.game, rules: this.match.rules }; }
  async summary() {
    const ans = await engine.call({ op: "summary", match: this.match });
    return ans.ok ? ans.summary : null;
  }
}

export function showReplay(root, id, query) {
  const q = new URLSearchParams(query || "");
  let gen = 0;
  let table = null;
  const host = h("div", { class: "replay-host" });
  const status = h("p", { class: "replay-last", role: "status", "aria-live": "polite" });
  const pos = h("span", { class: "replay-pos" });
  const handSel = h("select", { id: "replay-hand", "aria-label": t("replay.jump") });
  const btn = (idName, label, text, fn) => h("button", { type: "button", class: "btn small", id: idName, "aria-label": label, onclick: fn }, text);
  const first = btn("replay-first", t("replay.first"), "«", () => go(handStart()));
  const back = btn("replay-back", t("replay.back"), "◀", () => go(at - 1));
  const fwd = btn("replay-forward", t("replay.forward"), "▶", () => go(at + 1));
  const last = btn("replay-last", t("replay.last"), "»", () => go(count));
  const review = h("a", { class: "btn small", id: "replay-review", href: "#/" }, t("replay.review"));
  const all = h("section", { class: "replay-hands", "aria-label": t("replay.hands") });
  const controls = h("nav", { class: "replay-controls", "aria-label": t("replay.title") },
    h("div", { class: "row" }, first, back, pos, fwd, last),
    h("div", { class: "row" }, handSel, review), status, all);
  clear(root).append(h("div", { class: "replay" }, host, controls));
  let at = 0, count = 0, starts = [0], session = null, rec = null;
  const handStart = () => Math.max(0, ...starts.filter((s) => s < at));   // this hand's start, or the previous one

  async function go(k) {
    if (!rec || k < 0 || k > count) return;
    const my = ++gen;
    const ans = await engine.call({ op: "replay", match: rec.match, seat: session.seat, upto: k });
    if (my !== gen || !ans.ok) { if (!ans.ok) status.textContent = engineText(ans); return; }
    at = k;
    count = ans.count;
    starts = ans.hand_starts;
    session.match = { ...rec.match, actions: rec.match.actions.slice(0, k) };
    session.view = ans.view;
    table.render(ans.view);
    root.dataset.at = String(k);
    pos.textContent = t("replay.pos", { k, n: count });
    first.disabled = back.disabled = k === 0;
    fwd.disabled = last.disabled = k === count;
    status.textContent = ans.last ? `${table.name(ans.last.seat)}: ${actionLabel(ans.last.action)}` : t("replay.start");
    const hand = starts.filter((s) => s <= Math.min(k, Math.max(0, count - 1))).length || 1;
    handSel.value = String(hand);
    review.href = `#/review/${id}?hand=${hand}`;
    drawHands(ans.hands);
    history.replaceState(history.state, "", `#/replay/${id}?at=${k}`);
  }

  function drawHands(hands) {
    clear(all);
    all.hidden = !hands;
    if (!hands) return;
    all.append(h("h2", { text: t("replay.hands") }));
    hands.forEach((cards, seat) => {
      all.append(h("div", { class: "replay-seat", dataset: { seat: String(seat) } },
        h("span", { class: "name", text: table.name(seat) }),
        h("div", { class: "cards" }, cards.length ? cards.map((c) => cardFace(c, "mini")) : h("span", { text: "—" }))));
    });
  }

  (async () => {
    rec = await store.getMatch(id).catch(() => null);
    if (!rec || store.recordProblem(rec) || !isGame(rec.match.game)) {
      clear(root).append(h("section", { class: "page" }, h("h1", { text: t("play.not_found") }),
        h("a", { class: "btn primary", href: "#/history" }, t("nav.history"))));
      return;
    }
    const Table = await tableOf(rec.match.game);
    session = new ReplaySession(rec);
    table = new Table(host, rec, { session });
    table.canAct = () => false;      // nothing is playable in a replay
    status.textContent = t("boot.waiting");
    await engine.ready;
    const probe = await engine.call({ op: "replay", match: rec.match, seat: session.seat, upto: 0 });
    if (!probe.ok) { status.textContent = engineText(probe); return; }
    starts = probe.hand_starts;
    count = probe.count;
    starts.forEach((s, i) => handSel.append(h("option", { value: String(i + 1), text: t("table.hand_no_cap", { n: i + 1 }) })));
    handSel.addEventListener("change", () => go(starts[Number(handSel.value) - 1] || 0));
    const hand = Number(q.get("hand"));
    const k = q.has("at") ? Number(q.get("at")) : hand ? (starts[hand - 1] ?? 0) : 0;
    await go(Number.isInteger(k) && k >= 0 && k <= count ? k : 0);
    root.dataset.replay = "ready";
  })().catch((err) => { status.textContent = err.message; });

  return { destroy() { gen++; if (table) table.destroy(); delete root.dataset.at; delete root.dataset.replay; } };
}
