// The review of a hand (#/review/<id>?hand=N): each decision of the person's seat in that
// hand, in order, with the value of every legal choice with all cards visible and from the
// seat's own view, the choice made, the best one and what the difference cost; costly
// mistakes marked; the hints and take-backs used. The listing is one `analyse` call; each
// decision is its own call after it, so the screen fills progressively and no call is long
// (the worker stays free for play: leaving the screen stops the calls).
import { t, plural } from "../i18n.js";
import { h, clear } from "../ui.js";
import { useDeck } from "../card-faces.js";
import { engine } from "../engine.js";
import { engineText } from "../engine-text.js";
import * as store from "../store.js";
import { actionLabel, valueText } from "../assist/labels.js";

/** The uses of the hint and of take-back recorded in a match file's meta (history, review). */
export function assistUses(meta) {
  const m = meta && typeof meta === "object" ? meta : {};
  const list = (x) => (Array.isArray(x) ? x.filter((e) => e && typeof e === "object") : []);
  return { hints: list(m.hints), takebacks: list(m.takebacks) };
}

export function showReview(root, id, query) {
  const q = new URLSearchParams(query || "");
  let gen = 0;
  const page = h("section", { class: "page review" });
  clear(root).append(page);
  const head = h("div", { class: "review-head" });
  const status = h("p", { class: "review-status", role: "status", "aria-live": "polite" });
  const list = h("ol", { class: "review-list" });
  page.append(h("h1", { text: t("review.title") }), head, status, list);

  (async () => {
    const my = ++gen;
    const rec = await store.getMatch(id).catch(() => null);
    if (my !== gen) return;
    if (!rec || store.recordProblem(rec)) {
      status.textContent = t("play.not_found");
      page.append(h("a", { class: "btn primary", href: "#/history" }, t("nav.history")));   // not a dead end
      return;
    }
    const m = rec.match;
    const seat = Number.isInteger(rec.seat) ? rec.seat : 0;
    useDeck(m.game);
    status.textContent = t("boot.waiting");
    await engine.ready;
    if (my !== gen) return;
    const hands = await handsOver(m, seat);
    let hand = Number(q.get("hand")) || hands.last || 1;
    head.append(nav(id, hand, hands), h("p", { class: "muted", text: t("review.explain") }));
    const listing = await engine.call({ op: "analyse", match: m, seat, hand });
    if (my !== gen) return;
    if (!listing.ok) { status.textContent = engineText(listing); status.setAttribute("role", "alert"); return; }
    const ds = listing.decisions;
    const uses = assistUses(m.meta);
    const inHand = (e) => ds.some((d) => d.action === e.action) ||
      (Number.isInteger(e.action) && ds.length && e.action >= ds[0].action && e.action <= ds[ds.length - 1].action);
    const usedHints = uses.hints.filter(inHand);
    const usedBacks = uses.takebacks.filter((e) => Number.isInteger(e.to) && ds.length && e.to >= ds[0].action && e.to <= ds[ds.length - 1].action + 1);
    if (usedHints.length || usedBacks.length) {
      head.append(h("p", { class: "review-assists", id: "review-assists", text:
        [usedHints.length ? plural("review.hints_used", usedHints.length) : "",
          usedBacks.length ? plural("review.takebacks_used", usedBacks.length) : ""].filter(Boolean).join(" · ") }));
    }
    if (!ds.length) { status.textContent = t("review.none"); return; }
    const items = ds.map((d) => {
      const li = h("li", { class: "decision pending", dataset: { action: String(d.action) } },
        h("div", { class: "d-head" },
          h("span", { class: "d-where", text: where(d) }),
          h("span", { class: "d-played", text: t("review.played", { action: actionLabel(d.played) }) }),
          usedHints.some((e) => e.action === d.action) ? h("span", { class: "chip hint-used", text: t("review.hint_used") }) : null),
        h("p", { class: "d-wait muted", text: d.forced ? t("review.forced") : t("review.analysing") }));
      list.append(li);
      return [d, li];
    });
    let done = 0, mistakes = 0;
    const lost = new Map();   // unit -> what the costly mistakes cost in it
    const progress = () => {
      status.textContent = done < ds.length ? plural("review.progress", ds.length, { done })
        : `${plural("review.mistakes", mistakes)}${mistakes ? ` · ${t("review.lost", { v: [...lost].map(([unit, v]) => valueText(v, unit, false)).join(", ") })}` : ""}`;
    };
    progress();
    for (const [d, li] of items) {
      if (my !== gen) return;
      const a = await engine.call({ op: "analyse", match: m, seat, action: d.action });
      if (my !== gen) return;
      li.classList.remove("pending");
      li.querySelector(".d-wait").remove();
      if (!a.ok) li.append(h("p", { class: "error-text", text: engineText(a) }));
      else {
        fillDecision(li, a);
        if (a.mistake.expert) { mistakes += 1; lost.set(a.unit, (lost.get(a.unit) || 0) + a.cost.expert); }
      }
      done += 1;
      progress();
    }
    page.dataset.done = "true";
  })().catch((err) => {
    status.textContent = err.message;
    status.setAttribute("role", "alert");
  });
  return { destroy() { gen++; } };
}

/** Which hands of the match are over (review offers only those): {count, last}. */
async function handsOver(m, seat) {
  const r = await engine.call({ op: "replay", match: m, seat, upto: m.actions.length });
  if (!r.ok) return { count: 1, last: 1 };
  const started = r.hand_starts.length;
  const over = r.view.winner !== null && r.view.winner !== undefined ? started : started - 1;
  return { count: started, last: Math.max(1, over) };
}

function nav(id, hand, hands) {
  const link = (n, key) => h("a", { class: "btn small", href: `#/review/${id}?hand=${n}`, "aria-label": t(`${key}_label`, { n }) }, t(key));
  return h("nav", { class: "row review-nav", "aria-label": t("review.hands") },
    hand > 1 ? link(hand - 1, "review.prev") : null,
    h("span", { class: "review-hand", text: t("table.hand_no_cap", { n: hand }) }),
    hand < hands.last ? link(hand + 1, "review.next") : null,
    h("a", { class: "btn small", id: "review-replay", href: `#/replay/${id}?hand=${hand}` }, t("review.replay")));
}

function where(d) {
  if (d.kind === "bid") return t("review.bid");
  if (d.trick) return t("review.trick", { n: d.trick });
  if (d.deal) return t("review.deal", { n: d.deal });
  return "";
}

function fillDecision(li, a) {
  const mistake = a.mistake.expert || a.mistake.double_dummy;
  li.classList.toggle("mistake", !!a.mistake.expert);
  li.classList.toggle("dd-mistake", !!a.mistake.double_dummy);
  if (a.forced) { li.append(h("p", { class: "muted", text: t("review.forced") })); return; }
  const best = (kind, x) => a.best[kind].includes(x);
  const rows = a.choices.map((c) => h("tr", { class: c.action === a.played ? "played" : "" },
    h("th", { scope: "row", text: actionLabel(c.action) + (c.action === a.played ? ` (${t("review.yours")})` : "") }),
    h("td", { class: best("expert", c.action) ? "best" : "", text: valueText(c.expert, a.unit) + (best("expert", c.action) ? " ★" : "") }),
    h("td", { class: best("double_dummy", c.action) ? "best" : "", text: valueText(c.double_dummy, a.unit) + (best("double_dummy", c.action) ? " ★" : "") })));
  li.append(...[
    h("p", { class: "d-verdict", text: verdict(a) }),
    mistake && a.mistake.expert ? h("p", { class: "d-mistake", text: t("review.mistake") }) : null,
    // a cost under the game's threshold: said, so that "0 costly mistakes" above reads true
    a.cost.expert > 0 && !a.mistake.expert ? h("p", { class: "d-small muted", text: t("review.small_cost") }) : null,
    h("table", { class: "choices" },
      h("caption", { class: "sr-only", text: t("review.choices") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("review.choice") }),
        h("th", { scope: "col", text: t("review.expert") }), h("th", { scope: "col", text: t("review.dd") }))),
      h("tbody", {}, rows))].filter(Boolean));
}

function verdict(a) {
  const e = a.cost.expert, d = a.cost.double_dummy;
  const bestE = a.best.expert.map(actionLabel).join(", ");
  const bestD = a.best.double_dummy.map(actionLabel).join(", ");
  const parts = [e > 0 ? t("review.cost_expert", { best: bestE, cost: valueText(e, a.unit, false) }) : t("review.good_expert")];
  parts.push(d > 0 ? t("review.cost_dd", { best: bestD, cost: valueText(d, a.unit, false) }) : t("review.good_dd"));
  return parts.join(" ");
}
