// Play with friends, phone to phone with no server: the host picks the game here, then the
// new-match form (with the seats: a friend or a computer player), and opens the table; each
// friend joins from "Join a table" (screens/join.js). docs/play-together.md.
import { t } from "../i18n.js";
import { h, clear } from "../ui.js";

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
      choice("together-cuatrola", "#/new/cuatrola?together=1", t("home.new_cuatrola"), t("home.cuatrola_sub")),
      choice("together-cuarenta-2", "#/new/cuarenta?together=1&players=2", t("home.new_cuarenta"), t("home.players", { n: 2 })),
      choice("together-cuarenta-4", "#/new/cuarenta?together=1&players=4", t("home.new_cuarenta"), t("home.players", { n: 4 }))),
    h("h2", { text: t("together.join_title") }),
    h("p", { class: "muted", text: t("together.join_intro") }),
    h("a", { class: "btn big primary", href: "#/join", id: "join-table" }, t("together.join")),
    h("p", { class: "muted small-print", text: t("together.network_hint") })));
  return {};
}
