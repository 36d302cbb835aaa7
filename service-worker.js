/* Tapete's service worker: a versioned precache of the whole app (docs/app.md).
 *
 * build.py injects VERSION and PRECACHE: every file of dist/ as [path, integrity, size].
 * - install: fills the cache "tapete-<VERSION>". A file whose integrity is unchanged is
 *   copied from the previous version's cache instead of fetched again, so an update
 *   downloads only what changed. Every fetched file is checked against its SHA-256.
 *   While it installs it reports progress (bytes) to the pages.
 * - a new version waits: the page offers to reload and sends "skip-waiting".
 * - activate: deletes older tapete caches, takes control of open pages.
 * - fetch: same-origin GETs come from the cache (navigations get index.html);
 *   anything missing goes to the network. Nothing off-origin is ever requested.
 */
const VERSION = "__TAPETE_VERSION__";
const PRECACHE = /*__TAPETE_PRECACHE__*/[];
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

async function oldCopies() {
  // path -> Response from an earlier version's cache when the integrity matches
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const meta = await cache.match(url(META));
    if (!meta) continue;
    let table;
    try { table = await meta.json(); } catch { continue; }
    for (const [path, integrity] of PRECACHE) {
      if (!found.has(path) && table[path] === integrity) {
        const res = await cache.match(url(path));
        if (res) found.set(path, res);
      }
    }
  }
  return found;
}

async function fetchChecked(path, integrity) {
  // Revalidate through the HTTP cache first (on a first visit the page has just
  // fetched the same bytes: a 304 keeps each file crossing the network once);
  // a stale or broken copy fails the integrity check and is fetched afresh.
  try {
    const res = await fetch(url(source(path)), { cache: "no-cache", integrity });
    if (res.ok) return res;
  } catch { /* fall through */ }
  const res = await fetch(url(source(path)), { cache: "reload", integrity });
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return res;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = await cache.match(url(META));
  if (have) return;                       // complete from an earlier attempt
  const old = await oldCopies();
  const total = PRECACHE.reduce((n, e) => n + e[2], 0);
  let done = 0;
  const queue = PRECACHE.slice().sort((a, b) => b[2] - a[2]);   // big files first
  const worker = async () => {
    while (queue.length) {
      const [path, integrity, size] = queue.shift();
      const res = old.get(path) || await fetchChecked(path, integrity);
      if (path === "index.html") await cache.put(url("./"), res.clone());
      await cache.put(url(path), res);
      done += size;
      broadcast({ type: "precache-progress", version: VERSION, done, total });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const table = Object.fromEntries(PRECACHE.map(([p, i]) => [p, i]));
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

self.addEventListener("message", (event) => {
  const msg = event.data || {};
  if (msg.type === "skip-waiting") self.skipWaiting();
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
    return res || fetch(req);
  })());
});
