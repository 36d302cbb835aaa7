// A table for every eye and every hand: the look chosen in Settings ("Cards and table"),
// applied the same way everywhere: as data attributes on <html>, set at start-up and
// whenever a setting changes. app.css follows them (the theme's colours, the card size,
// the left-handed layout) and so do the card drawings of web/card-faces.js, whose suit colours
// are CSS custom properties and whose faces hold both corner indices: every table, the
// review, the replay and the dialogs look alike with no code of their own.
//
//   html[data-theme=light|dark]   only when chosen; without it the system's
//                                 prefers-color-scheme decides (app.css, no script needed)
//   html[data-suits=four]         four suit colours (both decks; colour-blind safe)
//   html[data-indices=large]      large rank and suit in the corner
//   html[data-hand=left]          the controls on the left
//   html[data-card-size=large|small]
import { getSettings, CHOICES } from "./store.js";

const ATTRS = { theme: "theme", suits: "suits", indices: "indices", hand: "hand", cardSize: "cardSize" };

/** Set <html>'s look from the settings (a setting at its default leaves no attribute). */
export function applyLook(settings = getSettings()) {
  const root = document.documentElement;
  for (const [key, attr] of Object.entries(ATTRS)) {
    const value = settings[key];
    if (value === CHOICES[key][0]) delete root.dataset[attr];
    else root.dataset[attr] = value;
  }
}

/** The theme on screen now: the chosen one, or the system's. */
export function themeNow() {
  const chosen = document.documentElement.dataset.theme;
  if (chosen) return chosen;
  return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
