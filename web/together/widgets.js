// The pieces of the play-together screens that both sides use: a connection code shown as a
// QR code and as text (to copy), a link sent through the phone's share sheet (or copied), a
// place to paste or scan the other side's code, and every error of the codes, the links,
// the camera and the connection in the player's language.
import { t, has } from "../i18n.js";
import { h, clear } from "../ui.js";
import { qrSvg } from "./qr.js";

/** An error of code.js (CodeError), peer.js (PeerError), scan.js (ScanError), invite.js
 * (InviteError) or the protocol, in the player's language (catalog "together.err.<code>"). */
export function errorText(err) {
  const code = err && err.code;
  if (code && has(`together.err.${code}`)) return t(`together.err.${code}`);
  return t("together.err.other", { detail: String((err && err.message) || err) });
}

/** A code to show: its QR code and its text (selectable, with a copy button). */
export function codeBox(code, label) {
  const text = h("textarea", { class: "code-text", readonly: true, rows: 3, spellcheck: "false", "aria-label": t("together.code_text"), dataset: { code } });
  text.value = code;
  text.addEventListener("focus", () => text.select());
  const note = h("span", { class: "muted copy-note", role: "status" });
  const copy = h("button", {
    type: "button", class: "btn small", onclick: async () => {
      try { await navigator.clipboard.writeText(code); note.textContent = t("together.copied"); } catch { text.focus(); text.select(); note.textContent = t("together.copy_by_hand"); }
    },
  }, t("together.copy"));
  const svg = qrSvg(code, { label });
  svg.classList.add("qr");
  return h("div", { class: "code-box" }, h("div", { class: "qr-wrap" }, svg), text, h("div", { class: "row" }, copy, note));
}

/**
 * A button that sends `url` through the phone's share sheet (the Web Share API) to any chat
 * app, or copies it where there is none; its note says what happened. `id`: the button's;
 * `onsent()`: called once the link was shared or copied.
 */
export function shareButton({ url, title, text, label, id, onsent = null }) {
  const note = h("span", { class: "muted share-note", role: "status" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      note.textContent = t("together.link_copied");
      if (onsent) onsent();
    } catch { note.textContent = t("together.copy_by_hand"); }
  };
  const btn = h("button", {
    type: "button", class: "btn primary", id, onclick: async () => {
      if (typeof navigator.share === "function") {
        try {
          await navigator.share({ title, text, url });
          note.textContent = t("together.link_shared");
          if (onsent) onsent();
          return;
        } catch (err) {
          if (err && err.name === "AbortError") return;   // the person closed the share sheet
        }
      }
      await copy();
    },
  }, label);
  const field = h("input", { class: "link-field", type: "text", readonly: true, value: url, "aria-label": t("share.link_label"),
    dataset: { link: url } });
  field.addEventListener("focus", () => field.select());
  return h("div", { class: "share-link" }, h("div", { class: "row" }, btn, note), field);
}

/**
 * A place for the other side's code: paste it (and press the button) or scan it with the
 * camera. `use(text)` is called with the code; it returns a promise (errors are shown).
 */
export function codeInput({ label, button, use, idPrefix }) {
  const area = h("textarea", { class: "code-in", id: `${idPrefix}-code`, rows: 3, spellcheck: "false", autocomplete: "off", placeholder: t("together.paste_here") });
  const status = h("p", { class: "code-status", role: "status", "aria-live": "polite" });
  const go = h("button", { type: "button", class: "btn primary", id: `${idPrefix}-use` }, button);
  const video = h("video", { class: "scan-video", muted: true, playsinline: true, hidden: true, "aria-hidden": "true" });
  const scanBtn = h("button", { type: "button", class: "btn", id: `${idPrefix}-scan` }, t("together.scan"));
  let scanning = null;
  const say = (text, kind = "info") => { status.textContent = text; status.dataset.kind = kind; };
  const stopScan = () => { if (scanning) { scanning.abort(); scanning = null; } video.hidden = true; scanBtn.textContent = t("together.scan"); };
  const submit = async (text) => {
    if (!text.trim()) { say(t("together.err.empty"), "warn"); return; }
    go.disabled = true;
    say(t("together.connecting"));
    try {
      await use(text);
      say("");
    } catch (err) {
      say(errorText(err), "error");
    } finally {
      go.disabled = false;
    }
  };
  go.addEventListener("click", () => submit(area.value));
  scanBtn.addEventListener("click", async () => {
    if (scanning) { stopScan(); return; }
    const { scan } = await import("./scan.js");
    scanning = new AbortController();
    video.hidden = false;
    scanBtn.textContent = t("together.stop_scan");
    say(t("together.scanning"));
    try {
      const text = await scan(video, { signal: scanning.signal });
      area.value = text;
      stopScan();
      await submit(text);
    } catch (err) {
      stopScan();
      if (err.code !== "stopped") say(errorText(err), "error");
    }
  });
  const el = h("div", { class: "code-input" },
    h("label", { for: area.id, class: "opt-name", text: label }), area,
    h("div", { class: "row" }, go, scanBtn), video, status);
  return { el, say, stop: stopScan, area };
}

/** Empty `el` and put `nodes` in it. */
export function put(el, ...nodes) { clear(el).append(...nodes.filter(Boolean)); return el; }
