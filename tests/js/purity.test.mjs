// The pure modules (pure.mjs) touch nothing of the page when imported, and each has tests
// here; a module of web/ that looks pure is listed (pure.mjs says why these checks exist).
// No web/ module is imported before the page's globals are traps: only dynamic imports below.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { NOT_PURE, PAGE_GLOBALS, PURE } from "./pure.mjs";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const WEB = fileURLToPath(new URL("../../web/", import.meta.url));
/** What the scan takes for the page (PAGE_GLOBALS and the browser's other page APIs). */
const PAGE_NAMES = [...PAGE_GLOBALS, "postMessage", "importScripts",
  "matchMedia", "requestAnimationFrame", "MutationObserver", "RTCPeerConnection", "IntersectionObserver"];

function files(dir, ext) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, ext));
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

/** The code of `text` without its comments and string literals' contents (roughly: enough
 * to tell whether a name is used, not to parse). */
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1")
    .replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
}

/** The web/ paths a module imports statically. */
function staticImports(path, text) {
  const out = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']/gm)) {
    out.push(relative(WEB, join(path, "..", m[1])).split("\\").join("/"));
  }
  return out;
}

test("every pure module is imported with the page's globals as traps that throw, and touches none", async () => {
  const touched = [];
  for (const name of PAGE_GLOBALS) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() { touched.push(name); throw new Error(`the page's ${name}, at import`); },
      set() { touched.push(name); throw new Error(`the page's ${name}, set at import`); },
    });
  }
  try {
    for (const path of Object.keys(PURE)) {
      touched.length = 0;
      await assert.doesNotReject(import(new URL(path, new URL("../../web/", import.meta.url))), path);
      assert.deepEqual(touched, [], `${path} touched the page at import`);
    }
  } finally {
    for (const name of PAGE_GLOBALS) delete globalThis[name];
  }
});

test("the traps catch a module that touches the page at import", async () => {
  // (the check above can fail: a module reading location on import is refused)
  for (const name of ["location", "document", "localStorage"]) {
    Object.defineProperty(globalThis, name, { configurable: true, get() { throw new Error(`the page's ${name}`); } });
  }
  try {
    const src = "export const here = location.href;";
    await assert.rejects(import(`data:text/javascript,${encodeURIComponent(src)}`), /the page's location/);
    const src2 = "export const n = typeof localStorage;";
    await assert.rejects(import(`data:text/javascript,${encodeURIComponent(src2)}`), /the page's localStorage/);
  } finally {
    for (const name of ["location", "document", "localStorage"]) delete globalThis[name];
  }
});

test("every pure module has a test file of tests/js that imports it", () => {
  const tests = files(HERE, ".test.mjs").filter((p) => !p.endsWith("purity.test.mjs"));
  const imported = new Set();
  for (const p of tests) {
    for (const m of readFileSync(p, "utf8").matchAll(/from\s+["']((?:\.\.\/)+web\/[^"']+)["']/g)) {
      imported.add(relative(WEB, join(p, "..", m[1])).split("\\").join("/"));
    }
  }
  const untested = Object.keys(PURE).filter((p) => !imported.has(p));
  assert.deepEqual(untested, [], "listed as pure, but no test file of tests/js imports them");
});

test("the list names existing modules, and every module of web/ that looks pure is listed", () => {
  const all = files(WEB, ".js").map((p) => relative(WEB, p).split("\\").join("/"));
  for (const p of [...Object.keys(PURE), ...Object.keys(NOT_PURE)]) assert.ok(all.includes(p), `${p}: no such module`);
  const word = (name) => new RegExp(`(?<![\\w.$])${name}(?![\\w$])`);
  const missing = [];
  for (const path of all) {
    if (PURE[path] || NOT_PURE[path]) continue;
    const text = readFileSync(join(WEB, path), "utf8");
    const body = code(text);
    const pageFree = !PAGE_NAMES.some((name) => word(name).test(body));
    if (pageFree && staticImports(join(WEB, path), text).every((m) => PURE[m])) missing.push(path);
  }
  assert.deepEqual(missing, [], "these name nothing of the page and import only pure modules: list them in "
    + "tests/js/pure.mjs (and test them), or in NOT_PURE with the reason");
});
