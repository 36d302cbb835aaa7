// Started once by app.js after a first visit, when the service worker has taken control:
// it loads Pyodide's JS modules through the service worker (from Cache Storage) and ends.
// V8 keeps their compiled code with those cached copies, which the next start then uses
// instead of compiling 1.2 MB of JS again (docs/performance.md, "Web start").
Promise.all([import("./pyodide/pyodide.mjs"), import("./pyodide/pyodide.asm.mjs")])
  .then(() => postMessage("done"), (err) => postMessage(`failed: ${err && err.message}`));
