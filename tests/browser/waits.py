"""Waits for conditions, never for a fixed time (docs/testing.md, "No fixed waits").

A browser test that needs something to have happened waits for a sign of it the page gives
(an element, a data attribute, an event); one that needs something *not* to happen proves
that what could have started it was handled (``inputs_handled``, ``engine_round_trip``) and
then looks at what the app did (``engine_calls``: every request the page sent to the engine);
one that needs a control to have been on screen for a while, as the tap guard asks of a
person (web/ui.js, ``TAP_FRESH_MS``), waits until the page's own clock says so (``seen_for``).
"""

from __future__ import annotations

#: A person's tap, for the tap guard (web/ui.js TAP_FRESH_MS is 350 ms): a control seen this long.
PERSONS_TAP_MS = 400


def resize(page, width: int, height: int) -> None:
    """The window at ``width`` x ``height``, and the page laid out for it (the layout is CSS
    only: read after the page's own size says so, it is the new one)."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])


#: Counts the probe keys the page has handled (``inputs_handled``).
_PROBE = """() => {
  if (window.__probes === undefined) {
    window.__probes = 0;
    addEventListener('keyup', (e) => { if (e.key === 'Shift') window.__probes += 1; }, true);
  }
  return window.__probes;
}"""


def inputs_handled(page) -> None:
    """Every input event sent to the page so far has been handled, and what each started at
    once with it (a click's handler and its promise callbacks: a request to the engine, a
    dialog closed): a key pressed after them (Shift, which the app ignores) has reached the
    page. Chromium hands a page its input events in the order they were sent, the click a
    tap makes included (it is made when the finger comes up, before the call that lifted
    the finger returns)."""
    n = page.evaluate(_PROBE)
    page.keyboard.press("Shift")
    page.wait_for_function("(n) => window.__probes > n", arg=n)


def engine_mark(page) -> int:
    """Where the page's log of engine requests stands now (``engine_calls(page, since=...)``).
    The log (``window.__engineLog``, conftest.WATCH) starts with each page load."""
    return page.evaluate("window.__engineLog.length")


def engine_calls(page, since: int = 0, op: str | None = None) -> list[str]:
    """The requests the page sent to the engine's worker since ``since`` ("act 7S", "bot",
    "view", ...), of ``op`` only if given."""
    calls = page.evaluate("(n) => window.__engineLog.slice(n)", since)
    return [c for c in calls if op is None or c.split(" ")[0] == op]


def engine_round_trip(page) -> None:
    """One request to the engine answered: the worker answers in order, so every request the
    page sent before it has been answered too."""
    assert page.evaluate("async () => (await (await import('./engine.js')).engine.call({op: 'games'})).ok")


#: Watches when the control ``sel`` was last put on screen, as the tap guard counts it (it,
#: or a node around it, inserted, or shown again: ``hidden`` or ``open`` changed), and
#: resolves once that was ``ms`` ago by the page's clock (performance.now()).
_SEEN_FOR = """([sel, ms]) => new Promise((resolve) => {
  let last = performance.now();
  const mo = new MutationObserver((records) => {
    const el = document.querySelector(sel);
    for (const r of records) {
      const nodes = r.type === 'childList' ? [...r.addedNodes] : [r.target];
      if (el && nodes.some((n) => n.contains && n.contains(el))) last = performance.now();
    }
  });
  mo.observe(document.documentElement, { childList: true, subtree: true, attributes: true,
                                         attributeFilter: ['hidden', 'open'] });
  const look = () => {
    const age = performance.now() - last;
    if (document.querySelector(sel) && age >= ms) { mo.disconnect(); resolve(age); }
    else setTimeout(look, Math.max(ms - age, 16));
  };
  look();
})"""


def seen_for(page, selector: str, ms: int = PERSONS_TAP_MS) -> None:
    """Until ``selector`` has been on screen, unchanged around it, for ``ms`` by the page's
    clock: a person's tap on it then counts (web/ui.js, the tap guard)."""
    page.evaluate(_SEEN_FOR, [selector, ms])


def frames(page, n: int = 2) -> None:
    """Until the page has drawn ``n`` more frames (what it was about to draw is on screen)."""
    page.evaluate("(n) => new Promise((done) => { const next = (k) => k ? requestAnimationFrame(() => next(k - 1)) : done(); next(n); })", n)


#: Every animation of the page that ends has ended (an endless one, the thinking dots, is left
#: to run), and the web fonts are loaded.
STILL = """() => document.fonts.status === 'loaded' && document.getAnimations().every((a) =>
  a.playState !== 'running' || (a.effect && a.effect.getComputedTiming().iterations === Infinity))"""


def still(page, timeout: int = 30_000) -> None:
    """Until nothing on the page moves (its animations done, its fonts loaded) and that is on
    screen: before a screenshot."""
    page.wait_for_function(STILL, timeout=timeout)
    frames(page)
