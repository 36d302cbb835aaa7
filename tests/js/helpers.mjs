// What the JS unit tests share: the catalogs of web/i18n/ (the UI's words, given to i18n.js
// with no fetch) and fast-check's settings (seeded: every run tries the same cases).
import { readFileSync } from "node:fs";

import { useCatalog } from "../../web/i18n.js";

export const WEB = new URL("../../web/", import.meta.url);

/** The catalog of `lang` (web/i18n/<lang>.json). */
export function readCatalog(lang) {
  return JSON.parse(readFileSync(new URL(`i18n/${lang}.json`, WEB), "utf8"));
}

/** The UI in `lang`, as setLang leaves it in the app. */
export function useLang(lang) {
  useCatalog(lang, readCatalog(lang));
}

/** fast-check's seed: TAPETE_FC_SEED when set (to replay a run), else a fixed one. A failure
 * prints its seed and counterexample. */
export const FC_SEED = Number(process.env.TAPETE_FC_SEED || 39);

/** fast-check's options: the seed and `numRuns` cases (default 300). */
export const fcRuns = (numRuns = 300, extra = {}) => ({ seed: FC_SEED, numRuns, ...extra });

/** The error `fn()` throws (or the rejection of its promise); fails when it returns. */
export async function thrown(fn) {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an error, got none");
}
