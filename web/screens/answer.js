// A friend's answer opened on the host's phone (#/answer?v=1&a=<answer>&t=<tag>, from a chat
// app). The host's connections live in the page that shows its table, so the answer goes
// there (together/handoff.js): to this very page when it shows the table (app.js gives the
// link to takeHere() and the table stays), else to the tab or window that does, and this
// screen says so and where to go; if no tab holds that table, it says that too, with the
// answer's text to paste. docs/play-together.md, "Invitations and answers".
import { t } from "../i18n.js";
import { h, clear } from "../ui.js";

/** How long this screen waits for the table's tab to say how the answer went. */
const RESULT_MS = 45_000;

/** The link as text (invite.js reads the answer from it). */
const linkText = (query) => `#/answer?${query || ""}`;

/** An answer link opened in the page that holds its table: used there (true), or not ours. */
export async function takeHere(query) {
  const [{ readAnswer }, { takeHere: give }] = await Promise.all([import("../together/invite.js"), import("../together/handoff.js")]);
  let answer;
  try { answer = readAnswer(linkText(query)); } catch { return false; }
  return give(linkText(query), answer.info.table);
}

/** The screen (`r`: app.js's route: el, query, setScreen). */
export async function showAnswer({ el: root, query, setScreen }) {
  let alive = true;
  let timer = null;
  setScreen({ destroy() { alive = false; clearTimeout(timer); } });
  clear(root);
  const status = h("p", { class: "code-status", role: "status", id: "answer-status", text: t("together.answer_giving") });
  const result = h("p", { class: "code-status", role: "status", id: "answer-result" });
  const more = h("div", { class: "answer-more" });
  root.append(h("section", { class: "page answer" }, h("h1", { text: t("together.answer_title") }), status, result, more));
  const [{ readAnswer }, { handOff }, widgets] = await Promise.all([import("../together/invite.js"),
    import("../together/handoff.js"), import("../together/widgets.js")]);
  const say = (el, text, kind = "info") => { el.textContent = text; el.dataset.kind = kind; };
  let answer;
  try {
    answer = readAnswer(linkText(query));
  } catch (err) {
    say(status, widgets.errorText(err), "error");
    more.append(h("p", { class: "muted", text: t("together.answer_ask_again") }));
    return;
  }
  const got = await handOff(linkText(query), answer.info.table, {
    onResult: (m) => {
      clearTimeout(timer);
      if (!alive) return;
      if (m.ok) say(result, t("together.answer_seated"));
      else say(result, widgets.errorText({ code: m.code, message: m.detail }), "error");
    },
  });
  if (!alive) return;
  if (got === "taken") {
    say(status, t("together.answer_given"));
    say(result, t("together.connecting"));
    timer = setTimeout(() => { if (alive) say(result, t("together.answer_no_word"), "warn"); }, RESULT_MS);
  } else {
    say(status, t("together.answer_no_table"), "error");
    more.append(h("p", { class: "muted", text: t("together.answer_paste") }),
      widgets.codeBox(`${answer.code}/${answer.tag}`, t("together.answer_qr_label")));
  }
}
