// Home: new Cuatrola, new Cuarenta (2 or 4 players), resume, history, statistics, help,
// settings.
// On screen at once: nothing here waits for Python.
import { t, fmtDate } from "../i18n.js";
import { h, clear } from "../ui.js";
import * as store from "../store.js";

/** One line about a stored match (home and history). */
export function describeRecord(rec) {
  const game = t(`game.${rec.game || (rec.match && rec.match.game)}`);
  const r = rec.result;
  // the person's side (a copy of a match played together at another seat: its `side`)
  const side = r && (r.side === 1 ? 1 : 0);
  const score = r && r.score ? `${r.score[side]}–${r.score[1 - side]}` : "";
  if (rec.status === "finished" && r && r.score) {
    return `${game} · ${t(r.winner === side ? "history.won" : "history.lost")} ${score}`;
  }
  if (r && r.score) return `${game} · ${t("history.in_progress")} ${score}`;
  return `${game} · ${t("history.in_progress")}`;
}

export function showHome(root) {
  clear(root);
  const resume = h("div", { class: "resume" });
  root.append(h("section", { class: "page home" },
    h("div", { class: "hero" },
      h("h1", { class: "brand-title", text: "Tapete" }),
      h("p", { class: "tagline", text: t("home.tagline") })),
    resume,
    h("nav", { class: "home-actions", "aria-label": t("home.new_match") },
      h("a", { class: "btn big primary", href: "#/new/cuatrola", id: "new-cuatrola" },
        h("span", { class: "btn-title", text: t("home.new_cuatrola") }),
        h("span", { class: "btn-sub", text: t("home.cuatrola_sub") })),
      h("a", { class: "btn big", href: "#/new/cuarenta?players=2", id: "new-cuarenta-2" },
        h("span", { class: "btn-title", text: t("home.new_cuarenta") }),
        h("span", { class: "btn-sub", text: t("home.players", { n: 2 }) })),
      h("a", { class: "btn big", href: "#/new/cuarenta?players=4", id: "new-cuarenta-4" },
        h("span", { class: "btn-title", text: t("home.new_cuarenta") }),
        h("span", { class: "btn-sub", text: t("home.players", { n: 4 }) }))),
    h("nav", { class: "home-daily", "aria-label": t("daily.title") },
      h("a", { class: "btn big", href: "#/daily", id: "home-daily" },
        h("span", { class: "btn-title", text: t("daily.title") }),
        h("span", { class: "btn-sub", text: t("daily.home_sub") }))),
    h("nav", { class: "home-together", "aria-label": t("together.title") },
      h("a", { class: "btn big", href: "#/together", id: "home-together" },
        h("span", { class: "btn-title", text: t("together.title") }),
        h("span", { class: "btn-sub", text: t("together.home_sub") })),
      h("a", { class: "btn big", href: "#/join", id: "home-join" },
        h("span", { class: "btn-title", text: t("together.join") }),
        h("span", { class: "btn-sub", text: t("together.join_sub") }))),
    h("nav", { class: "home-links", "aria-label": t("home.more") },
      h("a", { class: "btn", href: "#/history" }, t("nav.history")),
      h("a", { class: "btn", href: "#/stats", id: "home-stats" }, t("nav.stats")),
      h("a", { class: "btn", href: "#/help" }, t("nav.help")),
      h("a", { class: "btn", href: "#/settings" }, t("nav.settings")))));
  store.listMatches().then((all) => {
    // (a daily deal or a challenge whose deal is over is not resumed: its result is shown;
    // a later hand's challenge is over once that hand is: meta.challenge.hand)
    const oneHand = (m) => (m.challenge && Number.isInteger(m.challenge.hand) && m.challenge.hand >= 1 ? m.challenge.hand : 1);
    const done = (r) => r.match.meta && (r.match.meta.daily || r.match.meta.challenge) && r.view && r.view.hands_played >= oneHand(r.match.meta);
    const rec = all.find((r) => !store.recordProblem(r) && r.status === "playing" && !done(r));
    if (!rec) return;
    resume.append(h("a", { class: "btn big resume-btn", href: `#/play/${rec.id}`, id: "resume" },
      h("span", { class: "btn-title", text: t("home.resume") }),
      h("span", { class: "btn-sub", text: `${describeRecord(rec)} · ${fmtDate(rec.updated)}` })));
  }).catch(() => {});
  return {};
}
