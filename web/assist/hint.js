// The hint's dialog body: the expert's choice for the person's seat and why (docs/api.md,
// `hint`): how far it is ahead of the next best choice, and every choice's value.
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { actionLabel, valueText } from "./labels.js";

export function hintBody(ans) {
  const choice = actionLabel(ans.choice);
  const why = ans.forced ? t("assist.hint_forced")
    : ans.gap > 0 ? t("assist.hint_gap", { gap: valueText(ans.gap, ans.unit, false) })
      : t("assist.hint_tie");
  const rows = (ans.choices || []).filter((c) => c.expert !== null && c.expert !== undefined).map((c) =>
    h("tr", { class: c.action === ans.choice ? "best" : "" },
      h("th", { scope: "row", text: actionLabel(c.action) }), h("td", { text: valueText(c.expert, ans.unit) })));
  return [
    h("p", { class: "hint-choice", text: t("assist.hint_choice", { action: choice }) }),
    h("p", { class: "hint-why", text: why }),
    rows.length ? h("table", { class: "choices" },
      h("caption", { class: "sr-only", text: t("review.choices") }),
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("review.choice") }), h("th", { scope: "col", text: t("review.expert") }))),
      h("tbody", {}, rows)) : null,
  ];
}
