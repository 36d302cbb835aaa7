/* Tapete's service worker: a versioned precache of the whole app (docs/app.md).
 *
 * build.py injects VERSION and PRECACHE: every file of dist/ as [path, integrity, size,
 * stage], stage "first" (fetched on a first visit) or "later" (not: see LATER).
 * - install: fills the cache "tapete-<VERSION>". A file whose integrity is unchanged is
 *   copied from the previous version's cache instead of fetched again, so an update
 *   downloads only what changed. Every fetched file is checked against its SHA-256.
 *   While it installs it reports progress (bytes) to the pages. On a first install the
 *   page is starting Python at the same time, from the network: the files Python loads are
 *   copied in once the page says its engine is up (see PYTHON_FILES). A first install
 *   leaves the "later" files out, unless the HTTP cache already holds them.
 * - the later stage: the "later" files, fetched when a page asks (once its first visit is
 *   done, and on every later start); each is also fetched and kept when first used.
 * - a new version waits: the page offers to reload and sends "skip-waiting".
 * - activate: deletes older tapete caches, takes control of open pages.
 * - fetch: same-origin GETs come from the cache (navigations get index.html);
 *   anything missing goes to the network. Nothing off-origin is ever requested.
 */
const VERSION = "__TAPETE_VERSION__";
const PRECACHE = /*__TAPETE_PRECACHE__*/[];
// What a first visit does not fetch (build.py LATER: the catalogs of the other languages,
// play together and its QR libraries, the review and the replay, the lessons): path -> integrity
const LATER = new Map(PRECACHE.filter((e) => e[3] === "later").map(([path, integrity]) => [path, integrity]));
const PREFIX = "tapete-";
const CACHE = PREFIX + VERSION;
const META = "__tapete_meta__.json";   // per cache: {path: integrity}
const SCOPE = new URL(self.registration.scope);
const url = (path) => new URL(path, SCOPE).href;
// index.html is fetched as the scope URL ("./"): that is the URL the page itself was
// loaded from on a first visit, so the HTTP cache revalidates it instead of a 2nd download.
const source = (path) => (path === "index.html" ? "./" : path);

async function broadcast(msg) {
  const pages = await self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  for (const p of pages) p.postMessage(msg);
}

// The SRI string of a response's body ("sha256-<base64>").
async function integrityOf(res) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await res.clone().arrayBuffer()));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

async function oldCopies() {
  // path -> Response from an earlier version's cache when the integrity matches (a "later"
  // file kept after that cache's install, so not in its meta file, is checked by its bytes)
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const meta = await cache.match(url(META));
    if (!meta) continue;
    let table;
    try { table = await meta.json(); } catch { continue; }
    for (const [path, integrity] of PRECACHE) {
      if (found.has(path)) continue;
      if (table[path] === integrity) {
        const res = await cache.match(url(path));
        if (res) found.set(path, res);
      } else if (!(path in table) && LATER.has(path)) {
        const res = await cache.match(url(path));
        if (res && (await integrityOf(res).catch(() => null)) === integrity) found.set(path, res);
      }
    }
  }
  return found;
}

async function fetchChecked(path, integrity) {
  // The HTTP cache's copy first, as it is (on a first visit the page and Python's worker
  // have just fetched the same bytes: each file crosses the network once, and there is not
  // even a revalidation); the integrity check is the validation: a stale or broken copy
  // fails it and is fetched afresh. (A revalidation would also renew the HTTP cache entry's
  // response time, which is what V8's code cache of the wasm is checked against.)
  try {
    const res = await fetch(url(source(path)), { cache: "force-cache", integrity });
    if (res.ok) return res;
  } catch { /* fall through */ }
  const res = await fetch(url(source(path)), { cache: "reload", integrity });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res;
}

// First install: the page starts Python at once, from the network (web/boot.js), while this
// service worker installs. So that the install does not compete with Python's start, for the
// network (a browser opens a few connections per server) nor for the CPU, it is registered at
// once and waits, before it copies anything, until a page says its engine has settled (ready
// or failed); then:
// 1. the files the page has already loaded (the shell), from the HTTP cache only (no request
//    leaves the browser);
// 2. Python's files, which its worker has downloaded by then (copying them costs CPU: the
//    bytes, and V8 compiling the scripts put into Cache Storage for its code cache), then
//    what is still missing from the network (screens and tables not shown yet, icons), but
//    not the "later" files: the later stage fetches those, once the first visit is done.
// (Copying the shell at once, while Python started, cost a first visit about a tenth:
// docs/performance.md, "What was tried".)
// Without a word from a page it goes on as soon as no page is open any more (closed while
// Python loaded), and after PYTHON_WAIT ms at most (a slow phone's first start can take a
// minute). An update (a version already active) does not wait: no page is starting Python
// for it. Measured: docs/performance.md, "Web start".
const PYTHON_FILES = (path) => path.startsWith("pyodide/") || path === "engine.zip";
const PYTHON_WAIT = 180_000;
const PAGE_CHECK = 2_000;
let settled;
const engineSettled = new Promise((resolve) => { settled = resolve; });

async function waitForPython() {
  const pages = () => self.clients.matchAll({ includeUncontrolled: true, type: "window" });
  // ask the pages (they answer once their engine has settled; see web/app.js)
  for (const p of await pages()) p.postMessage({ type: "precache-wait", version: VERSION });
  const until = Date.now() + PYTHON_WAIT;
  let waiting = true;
  engineSettled.then(() => { waiting = false; });
  while (waiting && Date.now() < until && (await pages()).length) {
    await Promise.race([engineSettled, new Promise((r) => setTimeout(r, PAGE_CHECK))]);
  }
}

async function precache() {
  if (await (await caches.open(CACHE)).match(url(META))) return;   // complete from an earlier attempt
  await caches.delete(CACHE);             // an attempt cut short (browser closed): start afresh
  const cache = await caches.open(CACHE);
  const old = await oldCopies();
  const firstInstall = !self.registration.active;
  // a first install leaves the "later" files out; an update takes them too (no first visit
  // to keep light)
  const wanted = firstInstall ? PRECACHE.filter(([p]) => !LATER.has(p)) : PRECACHE;
  const total = wanted.reduce((n, e) => n + e[2], 0);
  let done = 0;
  const stored = new Set();
  // stores the files of `queue` (4 at a time); `cachedOnly`: only those the HTTP cache holds
  const store = async (queue, cachedOnly = false) => {
    const worker = async () => {
      while (queue.length) {
        const [path, integrity, size] = queue.shift();
        let res = old.get(path);
        if (!res && cachedOnly) {
          res = await fetch(url(source(path)), { cache: "only-if-cached", mode: "same-origin", integrity })
            .then((r) => (r.ok ? r : null), () => null);
          if (!res) continue;
        }
        res = res || await fetchChecked(path, integrity);
        if (path === "index.html") await cache.put(url("./"), res.clone());
        await cache.put(url(path), res);
        stored.add(path);
        done += size;
        broadcast({ type: "precache-progress", version: VERSION, done: Math.min(done, total), total });
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  };
  const bigFirst = (a, b) => b[2] - a[2];
  if (firstInstall && wanted.some(([p]) => !old.has(p))) await waitForPython();
  if (firstInstall) await store(PRECACHE.filter(([p]) => !PYTHON_FILES(p)), true);
  await store(wanted.filter(([p]) => PYTHON_FILES(p) && !stored.has(p)).sort(bigFirst));
  await store(wanted.filter(([p]) => !stored.has(p)).sort(bigFirst));
  // written last: a cache without it is never taken as complete (a failed install deletes it)
  const table = Object.fromEntries(PRECACHE.filter(([p]) => stored.has(p)).map(([p, i]) => [p, i]));
  await cache.put(url(META), new Response(JSON.stringify(table),
    { headers: { "Content-Type": "application/json" } }));
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE);
    broadcast({ type: "precache-failed", version: VERSION, error: String(err && err.message || err),
      quota: !!(err && err.name === "QuotaExceededError") });
    throw err;
  }));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// ------------------------------------------------------------------ the later stage
// The "later" files this version's cache lacks, fetched (2 at a time, each checked against
// its SHA-256; from the HTTP cache when it holds the very file, e.g. one used on the first
// visit before this service worker was in control) and kept. A page asks once its first
// visit is done (web/sw-update.js) and on every later start: when everything is there
// already, that is one look-up per file. {fetched: [paths], bytes}.
let laterRun = null;
async function cacheLater() {
  const cache = await caches.open(CACHE);
  const missing = [];
  for (const [path, integrity, size] of PRECACHE) {
    if (LATER.has(path) && !(await cache.match(url(path)))) missing.push([path, integrity, size]);
  }
  const fetched = [];
  let bytes = 0;
  const worker = async () => {
    while (missing.length) {
      const [path, integrity, size] = missing.shift();
      await cache.put(url(path), await fetchChecked(path, integrity));
      fetched.push(path);
      bytes += size;
    }
  };
  await Promise.all([worker(), worker()]);
  return { fetched, bytes };
}

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "cache-later") {
    laterRun = laterRun || cacheLater().finally(() => { laterRun = null; });
    const reply = (m) => { if (event.source) event.source.postMessage({ ...m, version: VERSION }); };
    event.waitUntil(laterRun.then((r) => reply({ type: "later-done", ...r }),
      (err) => reply({ type: "later-failed", error: String(err && err.message || err) })));
  } else if (msg.type === "skip-waiting") self.skipWaiting();
  else if (msg.type === "engine-settled") settled();
  else if (msg.type === "version" && event.source) {
    event.source.postMessage({ type: "version", version: VERSION });
  }
});

// Pyodide's WebAssembly compiles much faster from the browser's HTTP cache, where V8
// keeps its compiled code, than from Cache Storage (measured: docs/app.md, "Figures").
// So the wasm is taken from the HTTP cache when it holds the very same file (same ETag,
// or same Last-Modified and length, as the precached copy): no network either way
// ("only-if-cached"), and a stale copy of another version is never used.
async function fromHttpCache(req, cached) {
  try {
    const hit = await fetch(req, { cache: "only-if-cached", mode: "same-origin" });
    if (!hit.ok) return null;
    const same = (h) => !!hit.headers.get(h) && hit.headers.get(h) === cached.headers.get(h);
    if (same("etag") || (same("last-modified") && same("content-length"))) return hit;
  } catch { /* not in the HTTP cache */ }
  return null;
}

let cachePromise = null;
const openCache = () => (cachePromise = cachePromise || caches.open(CACHE));

// A "later" file not in the cache yet (the later stage has not run, or not finished): fetched,
// checked against its SHA-256 and kept. One that fails the check (the server has another
// version) is not used: a page never mixes files of two versions.
async function keepLater(cache, path) {
  const res = await fetchChecked(path, LATER.get(path));
  await cache.put(url(path), res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const u = new URL(req.url);
  if (u.origin !== SCOPE.origin) return;
  event.respondWith((async () => {
    const cache = await openCache();
    let res;
    if (req.mode === "navigate") res = await cache.match(url("index.html"));
    // an exact match is a keyed look-up; ignoreSearch scans the cache (3-4 times slower)
    else res = (await cache.match(req)) || await cache.match(req, { ignoreSearch: true, ignoreVary: true });
    if (res && u.pathname.endsWith(".wasm")) return (await fromHttpCache(req, res)) || res;
    const path = u.pathname.startsWith(SCOPE.pathname) ? u.pathname.slice(SCOPE.pathname.length) : null;
    if (!res && LATER.has(path)) return keepLater(cache, path).catch(() => Response.error());
    return res || fetch(req);
  })());
});
