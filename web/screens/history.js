// History: every stored match, finished or not, with its result; open, export, delete;
// import a match file. A damaged record is listed as such and never hides the others.
import { t, plural, fmtDate } from "../i18n.js";
import { h, clear, dialog, toast } from "../ui.js";
import { engine } from "../engine.js";
import { engineText } from "../engine-text.js";
import * as store from "../store.js";
import { exportRecord } from "../services/export.js";
import { describeRecord } from "./home.js";

/**
 * Import a match file: the engine validates it first. Resolves {record, existing}: a file
 * whose match is already stored (the same one imported twice, or exported and brought back
 * unchanged) is not stored again; `existing` is then true and `record` the stored one.
 */
export async function importText(text) {
  await engine.ready;
  const ans = await engine.call({ op: "validate", match: text });
  if (!ans.ok) throw new Error(t("history.import_bad", { error: engineText(ans) }));
  const { matchIdentity } = await import("../canonical.js");   // (a later file: only an import needs it)
  const id = matchIdentity(ans.match);
  const same = (await store.listMatches()).find((r) => !store.recordProblem(r) && matchIdentity(r.match) === id);
  if (same) return { record: same, existing: true };
  const view = await engine.call({ op: "view", match: ans.match, seat: 0 });
  const finished = ans.finished;
  const result = view.ok ? { score: view.view.score, winner: finished ? view.view.winner : null } : null;
  const record = await store.addMatch({ id: store.newId(), game: ans.match.game, origin: "import", match: ans.match,
    status: finished ? "finished" : "playing", result, view: view.ok ? view.view : undefined });
  return { record, existing: false };
}

/** " · 2 hints · 1 take-back": the learning aids used in a match (its meta). */
function assistText(meta) {
  const m = meta && typeof meta === "object" ? meta : {};
  const n = (x) => (Array.isArray(x) ? x.length : 0);
  const parts = [];
  if (n(m.hints)) parts.push(plural("history.hints", n(m.hints)));
  if (n(m.takebacks)) parts.push(plural("history.takebacks", n(m.takebacks)));
  return parts.length ? ` · ${parts.join(" · ")}` : "";
}

export function showHistory(root) {
  clear(root);
  const list = h("ul", { class: "history-list", "aria-live": "polite" });
  const fileIn = h("input", { type: "file", accept: ".json,application/json", id: "import-file", class: "sr-only", tabindex: "-1", "aria-label": t("history.import") });
  fileIn.addEventListener("change", async () => {
    const f = fileIn.files && fileIn.files[0];
    fileIn.value = "";
    if (!f) return;
    try {
      const { record: rec, existing } = await importText(await f.text());
      toast(t(existing ? "history.already" : "history.imported"));
      await fill();
      const el = list.querySelector(`[data-id="${rec.id}"]`);
      if (el) { el.classList.add("new"); el.scrollIntoView({ block: "nearest" }); }
    } catch (err) {
      toast(err.quota ? t("store.quota") : err.message, { kind: "error", ms: 7000 });
    }
  });
  root.append(h("section", { class: "page history" },
    h("h1", { text: t("nav.history") }),
    h("div", { class: "row" },
      h("button", { type: "button", class: "btn", id: "import", onclick: () => fileIn.click() }, t("history.import")), fileIn),
    list));

  // read first, then replace the list in one step: it never stands empty while the
  // records are read (a re-fill after an import made a long history vanish for a moment)
  async function fill() {
    let all;
    try {
      all = await store.listMatches();
    } catch (err) {
      list.replaceChildren(h("li", { class: "error-text", role: "alert", text: t("store.unavailable", { error: err.message }) }));
      return;
    }
    list.replaceChildren(...(all.length ? all.map(item) : [h("li", { class: "muted", text: t("history.empty") })]));
  }

  function item(rec) {
    const problem = store.recordProblem(rec);
    const id = rec && typeof rec.id === "string" ? rec.id : null;
    const li = h("li", { class: `history-item ${problem ? "damaged" : rec.status}`, dataset: { id: id || "" } });
    if (problem) {
      li.append(h("div", { class: "hi-main" },
        h("span", { class: "hi-title", text: t("history.damaged") }),
        h("span", { class: "hi-sub", text: t("history.damaged_why", { why: problem }) })));
    } else {
      li.append(h("a", { class: "hi-main", href: `#/play/${rec.id}` },
        h("span", { class: "hi-title", text: describeRecord(rec) }),
        h("span", { class: "hi-sub", text: `${fmtDate(rec.updated)} · ${plural("history.moves", rec.match.actions.length)}` +
          (rec.origin === "link" ? ` · ${t("history.from_link")}` : "") +
          (rec.match.meta && rec.match.meta.daily ? ` · ${t("history.daily", { date: rec.match.meta.daily })}` : "") +
          (rec.match.meta && rec.match.meta.challenge ? ` · ${t("history.challenge")}` : "") + assistText(rec.match.meta) })));
    }
    const actions = h("div", { class: "hi-actions" },
      problem ? null : h("a", { class: "btn small", href: `#/replay/${rec.id}`, "aria-label": t("history.replay_label"), dataset: { go: "replay" } }, t("history.replay")),
      problem ? null : h("a", { class: "btn small", href: `#/review/${rec.id}`, "aria-label": t("history.review_label"), dataset: { go: "review" } }, t("history.review")),
      h("button", { type: "button", class: "btn small", onclick: () => exportRecord(rec, !!problem), "aria-label": t("history.export_label") }, t("history.export")),
      id ? h("button", {
        type: "button", class: "btn small danger", "aria-label": t("history.delete_label"),
        onclick: async () => {
          const ok = await dialog({ title: t("history.delete_title"), body: h("p", { text: t("history.delete_body") }),
            buttons: [{ label: t("cancel"), value: false }, { label: t("history.delete"), value: true, primary: true }] });
          if (!ok) return;
          await store.deleteMatch(id);
          toast(t("history.deleted"));
          fill();
        },
      }, t("history.delete")) : null);
    li.append(actions);
    return li;
  }

  fill();
  const off = store.onChange(() => fill());
  return { destroy: off };
}
