// Play with friends, phone to phone with no server: the host picks the game here, then the
// new-match form (with the seats: a friend or a computer player), and opens the table; each
// friend joins from "Join a table" (screens/join.js). docs/play-together.md.
import { t } from "../i18n.js";
import { h, clear } from "../ui.js";
import { newMatchChoices } from "./home.js";

export function showTogether(root) {
  clear(root);
  const choice = (id, href, title, sub) => h("a", { class: "btn big", href, id },
    h("span", { class: "btn-title", text: title }), h("span", { class: "btn-sub", text: sub }));
  root.append(h("section", { class: "page together" },
    h("h1", { text: t("together.title") }),
    h("p", { text: t("together.intro") }),
    h("h2", { text: t("together.host_title") }),
    h("p", { class: "muted", text: t("together.host_intro") }),
    h("nav", { class: "home-actions", "aria-label": t("together.host_title") },
      newMatchChoices("together", "together=1").map((c) => choice(c.id, c.href, c.title, c.sub))),
    h("h2", { text: t("together.join_title") }),
    h("p", { class: "muted", text: t("together.join_intro") }),
    h("a", { class: "btn big primary", href: "#/join", id: "join-table" }, t("together.join")),
    h("p", { class: "muted small-print", text: t("together.network_hint") })));
  return {};
}
