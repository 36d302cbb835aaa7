// Offering the links of links.js: the share sheet or the clipboard for a deal link and for a
// challenge on one hand of a stored match (with the challenger's result, from the engine's
// summary). Their format and checks are links.js's (docs/share-links.md).
import { t } from "./i18n.js";
import { h, dialog, toast } from "./ui.js";
import { makeChallenge, makeLink } from "./links.js";

/** Offer the link: the Web Share API where the browser has it, else copy to the clipboard. */
export async function shareMatch(match) {
  const { engine } = await import("./engine.js");
  const info = await engine.ready;
  const url = await makeLink(match, info.shuffle);
  const input = h("input", { class: "link-field", type: "text", readonly: true, value: url, "aria-label": t("share.link_label") });
  input.addEventListener("focus", () => input.select());
  const canShare = typeof navigator.share === "function";
  const choice = await dialog({
    title: t("share.title"),
    body: [h("p", { text: t("share.body") }), input],
    buttons: [
      canShare ? { label: t("share.share"), value: "share", primary: true } : { label: t("share.copy"), value: "copy", primary: true },
      { label: t("close"), value: "close" },
    ],
    className: "share",
  });
  if (choice === "share") {
    try {
      await navigator.share({ title: t("share.share_title"), text: t("share.share_text"), url });
    } catch (err) {
      if (err && err.name !== "AbortError") await copy(url);
    }
  } else if (choice === "copy") {
    await copy(url);
  }
  return url;
}

async function copy(url) {
  try {
    await navigator.clipboard.writeText(url);
    toast(t("share.copied"));
  } catch {
    toast(t("share.copy_failed"), { kind: "warn" });
  }
}

/** A stored match's result on hand `hand` (1-based; the engine's `summary`), from the
 * person's side first: {points, detail} or null while that hand is not over. */
export async function handResult(rec, hand = 1) {
  const { engine } = await import("./engine.js");
  const ans = await engine.call({ op: "summary", match: rec.match });
  const row = ans.ok && ans.summary.hands[hand - 1];
  if (!row || !row.points) return null;
  const side = rec.view && Number.isInteger(rec.view.side) ? rec.view.side : (Number.isInteger(rec.seat) ? rec.seat : 0) % 2;
  const detail = row.totals || row.captured || row.points;
  const mine = (pair) => [pair[side], pair[1 - side]];
  return { points: mine(row.points), detail: mine(detail) };
}

/** The match's actions before hand `hand` (1-based): the hands already over (the `replay`
 * op's hand starts). Null if that hand never started. */
async function actionsBefore(match, hand) {
  if (hand === 1) return [];
  const { engine } = await import("./engine.js");
  const ans = await engine.call({ op: "replay", match, seat: 0, upto: 0 });
  if (!ans.ok || !Number.isInteger(ans.hand_starts[hand - 1])) return null;
  return match.actions.slice(0, ans.hand_starts[hand - 1]);
}

/** "Challenge a friend": the link of hand `hand` of a stored match with the person's result
 * (and, after hand 1, the hands before it). */
export async function shareChallenge(id, hand = 1) {
  const [{ engine }, store] = await Promise.all([import("./engine.js"), import("./store.js")]);
  const info = await engine.ready;
  const rec = await store.getMatch(id);
  const result = rec && await handResult(rec, hand);
  if (!result) throw new Error(hand === 1 ? t("challenge.not_yet") : t("challenge.not_yet_hand", { n: hand }));
  const prefix = await actionsBefore(rec.match, hand);
  if (!prefix) throw new Error(t("challenge.not_yet_hand", { n: hand }));
  const level = (rec.match.meta && rec.match.meta.level) || "expert";
  const url = await makeChallenge(rec.match, info.shuffle, level, result, hand, prefix);
  const input = h("input", { class: "link-field", id: "challenge-link", type: "text", readonly: true, value: url, "aria-label": t("share.link_label") });
  input.addEventListener("focus", () => input.select());
  const canShare = typeof navigator.share === "function";
  const choice = await dialog({
    title: t("challenge.title"),
    body: [h("p", { text: t("challenge.body", { mine: result.points[0], theirs: result.points[1] }) }),
      hand > 1 ? h("p", { class: "muted", text: t("challenge.later_hand", { n: hand }) }) : null, input].filter(Boolean),
    buttons: [
      canShare ? { label: t("share.share"), value: "share", primary: true } : { label: t("share.copy"), value: "copy", primary: true },
      { label: t("close"), value: "close" },
    ],
    className: "share challenge",
  });
  if (choice === "share") {
    try {
      await navigator.share({ title: t("challenge.title"), text: t("challenge.share_text"), url });
    } catch (err) {
      if (err && err.name !== "AbortError") await copy(url);
    }
  } else if (choice === "copy") {
    await copy(url);
  }
  return url;
}
