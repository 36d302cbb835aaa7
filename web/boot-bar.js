// The boot bar at the bottom of the page (#boot, role progressbar): how far Python's start
// is, then gone; or a message that stays, with a "Try again" button (a failed start,
// offline saving that failed: app.js, sw-update.js).
import { t } from "./i18n.js";
import { h } from "./ui.js";

const bootEl = () => document.getElementById("boot");

/** The page keeps the bar's height free (app.css, "the boot bar"): a screen's last lines and
 * its sticky buttons stay above the bar, so nothing that can be tapped is under it; `null`
 * gives the room back. */
function reserve(el) {
  const root = document.documentElement;
  if (el) {
    root.style.setProperty("--boot-h", `${el.offsetHeight}px`);
    root.dataset.bootBar = "shown";
  } else {
    root.style.removeProperty("--boot-h");
    delete root.dataset.bootBar;
  }
}

/** The bar at `fraction` (0..1; null: no measure) with `text`. */
export function showProgress(fraction, text) {
  const el = bootEl();
  el.hidden = false;
  el.classList.remove("done");   // (shown again after it was put away: a start tried again)
  el.classList.toggle("indeterminate", fraction === null);
  el.querySelector(".boot-fill").style.width = fraction === null ? "" : `${Math.round(fraction * 100)}%`;
  el.querySelector(".boot-text").textContent = text;
  el.setAttribute("aria-label", t("boot.label"));
  el.setAttribute("aria-valuetext", text);
  if (fraction !== null) el.setAttribute("aria-valuenow", String(Math.round(fraction * 100)));
  else el.removeAttribute("aria-valuenow");
  reserve(el);
}

/** The bar fades out (app.css `.done`), then is hidden. */
export function hideProgress() {
  const el = bootEl();
  el.classList.add("done");
  setTimeout(() => { if (el.classList.contains("done")) { el.hidden = true; reserve(null); } }, 400);
}

/** The bar turned into a message that stays, with a "Try again" button doing `retry`. */
export function showFailure(text, retry) {
  const el = bootEl();
  el.classList.remove("done");
  showProgress(0, text);
  el.classList.add("failed");
  el.setAttribute("role", "alert");
  el.querySelector(".boot-retry")?.remove();
  el.append(h("button", { type: "button", class: "btn small primary boot-retry", onclick: retry }, t("start.retry")));
  reserve(el);
}

/** A message of showFailure put away (its "Try again" was pressed): the bar hides. */
export function dismissFailure() {
  hideProgress();
  bootEl().removeAttribute("role");
}
