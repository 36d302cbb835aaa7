// A stored match's file, out of the app: the history's and the table's "Export", the
// damaged-match screen's raw record.
import { h } from "../ui.js";
import * as store from "../store.js";

function fileName(rec) {
  const d = new Date(rec.updated || Date.now()).toISOString().slice(0, 16).replace(/[:T]/g, "-");
  return `tapete-${(rec.match && rec.match.game) || "match"}-${d}.json`;
}

/** Download a record's match file (or, for a damaged record, the raw record). */
export function exportRecord(rec, raw = false) {
  let text;
  try {
    text = raw || store.recordProblem(rec) ? JSON.stringify(rec, null, 1) : JSON.stringify(rec.match, null, 1) + "\n";
  } catch {
    text = String(rec);
  }
  download(new Blob([text], { type: "application/json" }), fileName(rec || {}));
}

/** Download `blob` as a file named `name` (the browser's downloads). */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}
