"""A table resumed before Python is up: drawn from its stored view, or, without one (an older
record), a readable waiting text."""

from __future__ import annotations

from .helpers import (my_turn, new_match, put_raw, set_settings, stored, wait_ready)


# ---------------------------------------------------------------- 3. resuming a Cuarenta match
def _python_held(page):
    """The next start of Python never comes (a snapshot restore that hangs, with no deadline):
    what the table shows before Python, for as long as the test looks. ``_python_back`` then
    starts the app again as usual (restored from its snapshot)."""
    page.wait_for_function("""async () => { const root = await navigator.storage.getDirectory();
      try { await root.getFileHandle('tapete-snapshot.bin'); return true; } catch { return false; } }""",
                           timeout=60_000)
    page.evaluate(f"localStorage.setItem('tapete.debug.snapshot', 'hang,timeout={HELD_MS}')")


#: The held restore's deadline (ms): longer than any test looks at the page before Python.
HELD_MS = 600_000


def _python_back(page):
    page.evaluate("localStorage.removeItem('tapete.debug.snapshot')")
    page.reload()
    wait_ready(page)


def test_a_resumed_cuarenta_match_is_drawn_from_its_stored_view(phone, app_url):
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuarenta", {}, seed="resume-40", query="?players=2")
    my_turn(phone)
    hand = phone.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)")
    warnings = []
    warn = lambda m: warnings.append(m.text) if "stored view" in m.text else None   # noqa: E731
    phone.on("console", warn)
    try:
        _python_held(phone)
        phone.reload()
        phone.wait_for_selector("#screen[data-preview=stored] .table.cuarenta .hand button.card", timeout=10_000)
        assert phone.evaluate("() => window.__tapete.ready") is False
        assert phone.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)") == hand
        assert phone.locator(".spinner").count() == 0
        assert not warnings, warnings
    finally:
        phone.remove_listener("console", warn)
        _python_back(phone)
    # (the stored view turning live when Python comes: test_snapshot.py, the resumed match)
    phone.wait_for_function("() => !document.getElementById('screen').dataset.preview", timeout=30_000)
    my_turn(phone)
    assert stored(phone, mid)["status"] == "playing"


CONTRAST = """(sel) => {
  const lum = (c) => { const [r, g, b] = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(v => v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const el = document.querySelector(sel);
  let bg = null;
  for (let e = el; e; e = e.parentElement) {
    const c = getComputedStyle(e).backgroundColor;
    if (c && !/rgba\\(.*,\\s*0\\)$/.test(c) && c !== 'transparent') { bg = c; break; }
  }
  const a = lum(getComputedStyle(el).color), b = lum(bg || 'rgb(255,255,255)');
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}"""


def test_the_waiting_text_on_a_table_is_readable(phone, app_url):
    """A match without a stored view (an older record) waits for Python with a spinner: its
    text has at least WCAG AA contrast (4.5:1) on the table's background."""
    set_settings(phone, speed="instant", lang="en")
    mid = new_match(phone, app_url, "cuatrola", {}, seed="spinner-1")
    rec = stored(phone, mid)
    rec.pop("view")
    put_raw(phone, rec)
    try:
        _python_held(phone)
        phone.reload()
        phone.wait_for_selector(".waiting-page p", timeout=10_000)
        assert phone.evaluate("() => window.__tapete.ready") is False
        ratio = phone.evaluate(CONTRAST, ".waiting-page p")
        assert ratio >= 4.5, ratio
    finally:
        _python_back(phone)
    phone.wait_for_selector(".table .hand button.card", timeout=30_000)
