// Small DOM helpers shared by the screens: element builder, toasts, the live region,
// modal dialogs. No strings here: callers pass catalog strings.
import { t } from "./i18n.js";

export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k === "svg") el.innerHTML = v;          // our own card drawings only
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, kids);
  return el;
}

function append(el, kids) {
  for (const k of kids) {
    if (k === null || k === undefined || k === false) continue;
    if (Array.isArray(k)) append(el, k);
    else el.append(k.nodeType ? k : String(k));
  }
}

export function clear(el) { while (el.firstChild) el.firstChild.remove(); return el; }

let toastTimer = 0;
/** A short message on screen; also read out by screen readers (role=status). */
export function toast(text, { kind = "info", ms = 3200 } = {}) {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.dataset.kind = kind;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), ms);
}

/** Announce a play through the live region (for screen readers). */
export function announce(text) {
  const live = document.getElementById("live");
  const line = h("p", { text });
  live.append(line);
  while (live.childNodes.length > 6) live.firstChild.remove();
}

/**
 * A modal dialog. `body` is a node or array of nodes; `buttons` is [{label, value, primary}].
 * Resolves with the chosen value (or null when dismissed with Escape).
 */
const openDialogs = new Set();
/** Close every open dialog (they belong to the screen being left); each resolves null. */
export function closeDialogs() { for (const close of [...openDialogs]) close(null); }

export function dialog({ title, body, buttons = [{ label: t("ok"), value: true, primary: true }], className = "", id }) {
  return new Promise((resolve) => {
    const dlg = h("dialog", { class: `dlg ${className}`, "aria-labelledby": "dlg-title", id });
    const form = h("div", { class: "dlg-inner" },
      title ? h("h2", { id: "dlg-title", text: title }) : null,
      h("div", { class: "dlg-body" }, body),
      h("div", { class: "dlg-buttons" }, buttons.map((b) => h("button", {
        class: b.primary ? "btn primary" : "btn", type: "button", dataset: { value: String(b.value) },
        onclick: () => close(b.value),
      }, b.label))));
    dlg.append(form);
    const close = (value) => {
      openDialogs.delete(close);
      if (dlg.open) dlg.close();
      dlg.remove();
      resolve(value);
    };
    openDialogs.add(close);
    dlg.addEventListener("cancel", (e) => { e.preventDefault(); close(null); });
    document.body.append(dlg);
    dlg.showModal();
    const primary = dlg.querySelector(".btn.primary") || dlg.querySelector("button");
    if (primary) primary.focus();
  });
}

export function sleep(ms) { return new Promise((r) => setTimeout(r, ms)); }

export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
