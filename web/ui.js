// Small DOM helpers shared by the screens: element builder, updating nodes in place (keyed
// lists, patches), toasts, the live region, modal dialogs. No strings here: callers pass
// catalog strings.
import { t } from "./i18n.js";
import { getSettings } from "./store.js";

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

// ------------------------------------------------------------------ updating nodes
// A screen drawn again (a table after each action) updates the nodes that changed instead of
// rebuilding them: a node lives as long as what it shows, and with it the focus and a finger
// that is on it.

/** Set a node's text only when it changed. */
export function setText(el, text) {
  const s = String(text);
  if (el.textContent !== s) el.textContent = s;
  return el;
}

/** Set (or with null remove) an attribute only when it changed. */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) {
    el.setAttribute(name, String(value));
  }
  return el;
}

/** Append the nodes (or texts) of `kids` to `el`, skipping null, undefined and false. */
export function fill(el, ...kids) {
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== false) el.append(k);
  return el;
}

/**
 * Redraw what `el` holds only when its description `sig` changed (for parts that hold no
 * control: labels, chips, backs).
 */
export function patch(el, sig, draw) {
  const s = typeof sig === "string" ? sig : JSON.stringify(sig);
  if (el.dataset.sig === s) return el;
  el.dataset.sig = s;
  clear(el);
  draw(el);
  return el;
}

/**
 * Make `parent`'s children the nodes of `items` in order, keyed by keyOf(item): a node whose
 * key is still wanted is kept (and passed to update), a new key gets make(item, index), an
 * old one is removed. Kept nodes are moved only when their order changed. Returns the new nodes.
 */
export function keyed(parent, items, keyOf, make, update) {
  const keys = items.map((item) => String(keyOf(item)));
  const wanted = new Set(keys);
  const have = new Map();
  for (const el of [...parent.children]) {
    const k = el.dataset.key;
    if (k !== undefined && wanted.has(k) && !have.has(k)) have.set(k, el);
    else el.remove();
  }
  const made = [];
  items.forEach((item, i) => {
    let el = have.get(keys[i]);
    if (!el) {
      el = make(item, i);
      el.dataset.key = keys[i];
      made.push(el);
    }
    if (update) update(el, item, i);
    const at = parent.children[i];
    if (at !== el) parent.insertBefore(el, at || null);
  });
  return made;
}

let toastTimer = 0;
let docked = null;
let heldUntil = 0;        // a warning or an error on the docked line stays until then
let toastNode = null;
const toastEl = () => (toastNode && toastNode.isConnected ? toastNode : (toastNode = document.getElementById("toast") || toastNode));

/**
 * A short message. On most screens it floats near the top for a few seconds and is read out
 * (role=status). A table gives it a line of its own in its layout (dockToast): there it covers
 * nothing and stays until the next message; a warning or an error stays `ms` even then (the
 * next events are shown under it); screen readers get it from the live region.
 */
export function toast(text, { kind = "info", ms = 3200 } = {}) {
  const el = toastEl();
  if (!el) return;
  if (docked && !docked.isConnected) dockToast(null);
  if (!docked) {
    el.textContent = text;
    el.dataset.kind = kind;
    el.classList.add("show");
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => el.classList.remove("show"), ms);
    return;
  }
  const now = Date.now();
  const line = h("span", { class: "msg", dataset: { kind }, text });
  if (kind === "info" && now < heldUntil && el.firstChild) {
    while (el.childNodes.length > 1) el.lastChild.remove();
    el.append(line);
  } else {
    clear(el).append(line);
    heldUntil = kind === "info" ? 0 : now + ms;
  }
  el.dataset.kind = el.firstChild.dataset.kind;    // the held warning's, or this message's
  el.classList.add("show");
  announce(text);
}

/** Give the toast a place in a screen's layout (`host`), or send it back to float (null). */
export function dockToast(host) {
  const el = toastEl();
  if (!el) return;
  clearTimeout(toastTimer);
  clear(el);
  el.classList.remove("show");
  el.dataset.kind = "info";
  heldUntil = 0;
  docked = host || null;
  if (host) {
    host.append(el);
    el.classList.add("docked");
    el.setAttribute("aria-live", "off");    // the live region says it
  } else {
    document.body.append(el);
    el.classList.remove("docked");
    el.setAttribute("aria-live", "polite");
  }
}

/** Announce a play through the live region (for screen readers). */
export function announce(text) {
  const live = document.getElementById("live");
  const line = h("p", { text });
  live.append(line);
  while (live.childNodes.length > 6) live.firstChild.remove();
}

// ------------------------------------------------------------------ the tap guard
// A tap acts only on a control that was on screen, and seen, before the finger went down.
// When the screen changes under a finger (a quick second tap on "Start" while the table is
// drawn, a dialog opening), two things can happen, and both taps do nothing:
// - the finger went down on something else: the click that ends the tap lands on a control
//   that was not there then;
// - the finger went down on the new control, but less than TAP_FRESH_MS after it appeared:
//   no person can see a new card and choose it that fast (a visual reaction takes at least
//   about 200-250 ms), so the tap was meant for what was there before.
// One mechanism for every screen change: a MutationObserver notes when each node is put on
// screen (inserted, or shown again: `hidden` removed, a dialog or a fold opened); a control
// counts from the latest such moment of itself or of any node around it. A control that
// moved (a part above it went or came, a card slid along the hand) counts from the change
// that moved it: the guard measures where the controls are after each change. Keyboard clicks
// (detail 0) and the app's own el.click() are untouched.
/** How long (ms) a control must have been on screen before a tap on it counts. */
export const TAP_FRESH_MS = 350;
const CONTROL = "button, a[href], input, select, textarea, summary, label, [role=button], [tabindex]:not([tabindex='-1'])";
const controlOf = (node) => (node && node.closest ? node.closest(CONTROL) : null);
function sameControl(a, b) {
  if (a === b) return true;
  const label = (x, y) => x && x.tagName === "LABEL" && (x.control === y || x.contains(y));
  return label(a, b) || label(b, a);
}

/** When `node` (or the part of the page that holds it) was last put on screen (ms, as
 * performance.now()), 0 when it has been there since the guard started. */
const shownAt = new WeakMap();
function appearedAt(node) {
  let at = 0;
  for (let n = node; n; n = n.parentNode) at = Math.max(at, shownAt.get(n) || 0);
  return at;
}

/** How long (ms) the guard has seen `node` where it is now: since it (or the part of the
 * page that holds it) was last put on screen or moved (tests wait on it, not on a clock). */
export function shownFor(node) {
  return performance.now() - appearedAt(node);
}

/** The guard's delay: TAP_FRESH_MS, unless a test that taps faster than a person has set
 * `__tapeteTapFreshMs` (tests/browser/conftest.py; the guard's own tests keep 350 ms). */
function freshMs() {
  const v = globalThis.__tapeteTapFreshMs;
  return typeof v === "number" && v >= 0 ? v : TAP_FRESH_MS;
}

/** Where each control was when last measured (page coordinates, "x,y"). */
const placeOf = new WeakMap();
const placeNow = (el) => {
  const r = el.getBoundingClientRect();
  return `${Math.round(r.left + scrollX)},${Math.round(r.top + scrollY)}`;
};

export function installTapGuard(doc = document) {
  // after a change, once laid out (the next frame): the controls that moved count from it
  let changedAt = 0;
  const measure = () => {
    const at = changedAt;
    changedAt = 0;
    for (const el of doc.querySelectorAll(CONTROL)) {
      const place = placeNow(el);
      const was = placeOf.get(el);
      if (at && was !== undefined && was !== place) shownAt.set(el, Math.max(at, shownAt.get(el) || 0));
      placeOf.set(el, place);
    }
  };
  const seen = new MutationObserver((records) => {
    const now = performance.now();
    for (const r of records) {
      if (r.type === "childList") for (const n of r.addedNodes) shownAt.set(n, now);
      else if (r.type === "attributes" && (r.attributeName !== "hidden" || !r.target.hidden)) shownAt.set(r.target, now);
    }
    if (!changedAt) requestAnimationFrame(measure);
    changedAt = changedAt || now;
  });
  seen.observe(doc.documentElement, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "open"] });
  let down = null;
  let age = 0;     // how long the control under the finger had been on screen when it went down
  doc.addEventListener("pointerdown", (e) => {
    if (changedAt) measure();      // (a change not measured yet)
    down = e.target;
    const control = controlOf(down);
    age = control ? performance.now() - appearedAt(control) : 0;
  }, true);
  doc.addEventListener("click", (e) => {
    if (!e.isTrusted || e.detail === 0) return;
    const target = controlOf(e.target);
    if (!target) return;
    const start = down && down.isConnected ? controlOf(down) : null;
    if (start && sameControl(start, target) && age >= freshMs()) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);
}

// ------------------------------------------------------------------ dialogs and the back button
// An open dialog has a history entry of its own (the same address, state.tapeteDialog): the
// phone's back button closes the dialog, as in any app, instead of leaving the screen under
// it. A dialog closed by a button or Escape takes its entry back (history.back) and resolves
// once that is done, so that a caller going elsewhere next (location.hash) does not race it.
const openDialogs = [];   // [{token, close}] in the order they opened
let dialogSeq = 0;
const POP_WAIT_MS = 600;  // a history.back() that never reports (no entry to go back to)

const dialogToken = () => (history.state && typeof history.state === "object" ? history.state.tapeteDialog : undefined);
// the entry on show (its state and address), to know at a popstate which entry was left
let shown = null;
const showing = () => { shown = { state: history.state, href: location.href }; };

/** The back button closes dialogs (see above): the listeners on the window, installed once by
 * the app's start (app.js), before its own router's. Nothing is read or listened to before. */
export function installDialogHistory() {
  showing();
  window.addEventListener("hashchange", showing);
  window.addEventListener("popstate", () => {
    const left = shown;
    showing();
    // back from the entry a reload left of a dialog (forgetStaleDialog) lands on the screen's
    // own entry, the same screen: one step more, so that one back (the system's, or the
    // table's arrow) leaves the screen, as it does when no reload came between
    if (left.state && left.state.tapeteStale && !left.state.tapeteDialog && left.href === location.href &&
        !dialogToken() && !openDialogs.length) {
      history.back();
      return;
    }
    const now = dialogToken();
    // back (or forward) away from a dialog's entry: that dialog and any opened after it close
    for (let i = openDialogs.length - 1; i >= 0 && openDialogs[i].token !== now; i--) openDialogs[i].close(null, true);
  });
}

function afterPop() {
  return new Promise((resolve) => {
    const done = () => { clearTimeout(timer); window.removeEventListener("popstate", done); resolve(); };
    const timer = setTimeout(done, POP_WAIT_MS);
    window.addEventListener("popstate", done);
  });
}

/** A page shown again with a dialog's entry (a reload, a tab the phone brought back): the
 * dialog is gone, the entry shows the screen again, marked (tapeteStale) so that back from it
 * skips the screen's own entry under it (the popstate listener above). */
export function forgetStaleDialog() {
  const state = history.state;
  if (state && typeof state === "object" && state.tapeteDialog && !openDialogs.length) {
    const { tapeteDialog, ...rest } = state;
    history.replaceState({ ...rest, tapeteStale: true }, "");
    showing();
  }
}

/** Close every open dialog (they belong to the screen being left); each resolves null. */
export function closeDialogs() { for (const d of [...openDialogs].reverse()) d.close(null); }

/**
 * A modal dialog. `body` is a node or array of nodes; `buttons` is [{label, value, primary}].
 * Resolves with the chosen value (or null when dismissed with Escape or the back button).
 */
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
    const token = `dlg-${++dialogSeq}-${Date.now().toString(36)}`;
    const entry = { token, close: null };
    let closed = false;
    const close = (value, byHistory = false) => {
      if (closed) return;
      closed = true;
      const at = openDialogs.indexOf(entry);
      if (at >= 0) openDialogs.splice(at, 1);
      if (dlg.open) dlg.close();
      dlg.remove();
      if (!byHistory && dialogToken() === token) {   // its entry is the current one: take it back
        afterPop().then(() => resolve(value));
        history.back();
      } else {
        resolve(value);
      }
    };
    entry.close = close;
    const state = history.state && typeof history.state === "object" ? history.state : {};
    history.pushState({ ...state, tapeteDialog: token }, "");
    showing();
    openDialogs.push(entry);
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

/** Animations (dealing, gathering a trick) are on unless the system asks for reduced
 * motion or the player turned them off in Settings. */
export function motionOn() { return getSettings().motion !== false && !reducedMotion(); }

/** html[data-motion=off] turns every animation and transition off (app.css). */
export function applyMotion() { document.documentElement.dataset.motion = motionOn() ? "on" : "off"; }

/** A short vibration (your turn, a trick won), when the device has one and the player wants it. */
export function buzz(pattern) {
  if (getSettings().haptics === false || reducedMotion() || typeof navigator.vibrate !== "function") return false;
  try { return navigator.vibrate(pattern); } catch { return false; }
}
