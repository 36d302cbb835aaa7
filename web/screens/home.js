// Home: a new match of each game (for each number of players it is played by: web/games.js),
// resume, learn to play (and, once, to a first-time player, the first lesson), the daily deal,
// play together, history, statistics, help, settings.
// On screen at once: nothing here waits for Python (nor loads the lessons: web/lessons/).
import { t, fmtDate, gameName } from "../i18n.js";
import { h, clear } from "../ui.js";
import * as store from "../store.js";
import { GAMES, GAME_IDS } from "../games.js";
import { firstVisitOver } from "../sw-update.js";

/** localStorage: when the first lesson was offered (it is offered once). */
const OFFER_KEY = "tapete.lessonOffer";

/**
 * The first lesson of each game offered to a first-time player (no table opened yet, no
 * lesson played, never offered): once, then never again; "Skip" puts it away. Null when not.
 */
function lessonOffer() {
  try {
    const ls = globalThis.localStorage;
    if (ls.getItem(OFFER_KEY) || ls.getItem("tapete.lessons") || ls.getItem("tapete.lastTable")) return null;
    ls.setItem(OFFER_KEY, String(Date.now()));
  } catch {
    return null;   // no storage: it could not be offered only once
  }
  const box = h("section", { class: "lesson-offer", id: "lesson-offer", "aria-labelledby": "lesson-offer-title" },
    h("h2", { id: "lesson-offer-title", text: t("lessons.offer_title") }),
    h("p", { text: t("lessons.offer_body") }),
    h("div", { class: "row" },
      GAME_IDS.map((g) => h("a", { class: "btn primary", href: `#/learn/${g}?first=1`, id: `lesson-offer-${g}` },
        t("lessons.offer_start", { game: gameName(g) }))),
      // (what was below slides up under the finger: the tap guard, web/ui.js, knows it moved)
      h("button", { type: "button", class: "btn", id: "lesson-offer-skip", onclick: () => box.remove() },
        t("lessons.offer_skip"))));
  return box;
}

/**
 * The ways to start a new match, one per game and number of players (web/games.js):
 * {game, players, id: "<prefix>-<game>[-<players>]", href, title, sub}; `query` is added to
 * each new-match link (a table played together: "together=1").
 */
export function newMatchChoices(prefix, query = "") {
  const out = [];
  for (const [game, { players }] of Object.entries(GAMES)) {
    for (const n of players.length > 1 ? players : [null]) {
      const q = [query, n ? `players=${n}` : ""].filter(Boolean).join("&");
      out.push({ game, players: n, id: n ? `${prefix}-${game}-${n}` : `${prefix}-${game}`,
        href: `#/new/${game}${q ? `?${q}` : ""}`, title: t(`home.new_${game}`),
        sub: n ? t("home.players", { n }) : t(`home.${game}_sub`) });
    }
  }
  return out;
}

/** One line about a stored match (home and history). */
export function describeRecord(rec) {
  const game = gameName(rec.game || (rec.match && rec.match.game));
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

/** How long home waits for the stored matches before it is drawn without its resume button.
 * Home is drawn once, with that button in place, so that nothing moves under a finger: added
 * after the rest, it pushed the new-match buttons down, and a tap meant for one of them opened
 * whatever slid into its place. (Reading the list takes milliseconds; a resume button found
 * later still comes.) */
const RESUME_WAIT_MS = 400;

/** The stored match home offers to resume, or null. */
function toResume(all) {
  // (a daily deal or a challenge whose deal is over is not resumed: its result is shown;
  // a later hand's challenge is over once that hand is: meta.challenge.hand)
  const oneHand = (m) => (m.challenge && Number.isInteger(m.challenge.hand) && m.challenge.hand >= 1 ? m.challenge.hand : 1);
  const done = (r) => r.match.meta && (r.match.meta.daily || r.match.meta.challenge) && r.view && r.view.hands_played >= oneHand(r.match.meta);
  return all.find((r) => !store.recordProblem(r) && r.status === "playing" && !done(r)) || null;
}

function resumeButton(rec) {
  return h("a", { class: "btn big resume-btn", href: `#/play/${rec.id}`, id: "resume" },
    h("span", { class: "btn-title", text: t("home.resume") }),
    h("span", { class: "btn-sub", text: `${describeRecord(rec)} · ${fmtDate(rec.updated)}` }));
}

export async function showHome(root, isCurrent = () => true) {
  const all = store.listMatches().catch(() => []);
  const found = all.then(toResume).catch(() => null);
  const LATE = {};
  const first = await Promise.race([found, new Promise((r) => setTimeout(() => r(LATE), RESUME_WAIT_MS))]);
  if (!isCurrent()) return {};
  clear(root);
  // installing, or once a note on keeping the data: at the end, where nothing below it moves
  // when it comes late (web/install.js: a later file, loaded once a first visit is over)
  const offer = h("div", { class: "home-offer", id: "home-offer" });
  const resume = h("div", { class: "resume" });
  if (first && first !== LATE) resume.append(resumeButton(first));
  else if (first === LATE) found.then((rec) => {
    if (rec && resume.isConnected) resume.append(resumeButton(rec));
  });
  root.append(h("section", { class: "page home" },
    h("div", { class: "hero" },
      h("h1", { class: "brand-title", text: "Tapete" }),
      h("p", { class: "tagline", text: t("home.tagline") })),
    lessonOffer(),
    resume,
    h("nav", { class: "home-actions", "aria-label": t("home.new_match") },
      newMatchChoices("new").map((c, i) => h("a", { class: i ? "btn big" : "btn big primary", href: c.href, id: c.id },
        h("span", { class: "btn-title", text: c.title }),
        h("span", { class: "btn-sub", text: c.sub })))),
    h("nav", { class: "home-learn", "aria-label": t("lessons.title") },
      h("a", { class: "btn big", href: "#/learn", id: "home-learn" },
        h("span", { class: "btn-title", text: t("lessons.title") }),
        h("span", { class: "btn-sub", text: t("lessons.home_sub") }))),
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
      h("a", { class: "btn", href: "#/settings" }, t("nav.settings"))),
    offer));
  all.then((list) => firstVisitOver().then(() => import("../install.js"))
    .then((m) => m.offerOnHome(offer, list.filter((r) => r && r.status === "finished").length)))
    .catch((err) => console.warn("install offer:", err));
  return {};
}
