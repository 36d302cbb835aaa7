// The words and the styles of keeping the app and its data: home's install offer, the note
// on Safari's storage and Settings' backup (web/install-offer.js, web/backup.js). A later
// folder (build.py LATER): a first visit fetches none of it; each is loaded when one of them
// is shown. The words (web/keeping/i18n/<lang>.json: the `install.*`, `notice.*` and
// `backup.*` keys) are added to the UI catalog, again after a change of language (which
// replaces the catalog); the stylesheet (keeping.css) is linked once.
import { lang, has, addStrings } from "../i18n.js";

let words = null;   // {lang, probe}: the words added to the catalog, and one of their keys
const STYLE_ID = "keeping-css";

function useStyles() {
  let link = document.getElementById(STYLE_ID);
  if (link) return link.ready || Promise.resolve();
  link = document.createElement("link");
  link.rel = "stylesheet";
  link.id = STYLE_ID;
  link.href = new URL("./keeping.css", import.meta.url).href;
  link.ready = new Promise((resolve) => { link.onload = resolve; link.onerror = resolve; });   // (unstyled, not broken)
  document.head.append(link);
  return link.ready;
}

/** Resolves once the words of the current language are in the catalog and the styles are
 * linked. Rejects when the words cannot be read (the caller says so; offline, the service
 * worker has them after the later stage). */
export async function useKeeping() {
  const styled = useStyles();
  if (!(words && words.lang === lang && has(words.probe))) {
    const at = lang;
    const res = await fetch(new URL(`./i18n/${at}.json`, import.meta.url));
    if (!res.ok) throw new Error(`keeping/i18n/${at}.json: HTTP ${res.status}`);
    const strings = await res.json();
    if (at === lang) {
      addStrings(strings);
      words = { lang: at, probe: Object.keys(strings)[0] };
    } else {
      return useKeeping();   // (the language changed meanwhile)
    }
  }
  await styled;
}
