"""The engine's memory snapshot (docs/app.md, "Fast start"): made on a first visit, restored
afterwards, and every kind of bad snapshot falls back to a normal boot unnoticed."""

from __future__ import annotations

import pytest

from .helpers import hand_cards, moves, my_turn, new_match, set_settings, step, stored, wait_ready

# The stored snapshot: one OPFS file, a 4096-byte JSON header then the bytes (web/worker.js).
RECORD = """async () => {
  const root = await navigator.storage.getDirectory();
  let file;
  try { file = await (await root.getFileHandle('tapete-snapshot.bin')).getFile(); } catch { return null; }
  const head = JSON.parse(new TextDecoder().decode(await file.slice(0, 4096).arrayBuffer()));
  return { key: head.key, size: head.size, stored: head.stored, pages: head.pages, checksum: head.checksum,
           body: file.size - 4096 };
}"""

# Each tampering reads the stored file, changes it and writes it back.
TAMPER = """async (kind) => {
  const root = await navigator.storage.getDirectory();
  const handle = await root.getFileHandle('tapete-snapshot.bin');
  const file = await handle.getFile();
  const head = JSON.parse(new TextDecoder().decode(await file.slice(0, 4096).arrayBuffer()));
  let body = new Uint8Array(await file.slice(4096).arrayBuffer());
  let headBytes = null;
  if (kind === 'corrupt') {            // one byte flipped in the middle, sizes and checksum unchanged
    body[body.length >> 1] ^= 0xff;
  } else if (kind === 'truncate') {    // the last stored page cut off, the page map and sizes
    const d = head.pages.search(/[1-9a-f][0]*$/);   // updated to match: only the checksum can tell
    const digit = parseInt(head.pages[d], 16);
    const bit = 31 - Math.clz32(digit);
    const page = d * 4 + bit;
    const len = Math.min(65536, head.size - page * 65536);
    head.pages = head.pages.slice(0, d) + (digit & ~(1 << bit)).toString(16) + head.pages.slice(d + 1);
    body = body.subarray(0, body.length - len);
    head.stored = body.length;
  } else if (kind === 'cut') {         // the last 4 KiB cut off, the stored size updated
    body = body.subarray(0, body.length - 4096);
    head.stored = body.length;
  } else if (kind === 'key') {         // made by another app version
    head.key = head.key.replace(/\\|[^|]*$/, '|0123456789abcdef');
  } else if (kind === 'oversized') {   // larger than any snapshot of this app can be
    const big = new Uint8Array(64 * 1024 * 1024 + 1);
    big.set(body);
    body = big;
    head.size = big.length;
    head.stored = big.length;
  } else if (kind === 'header') {      // a header that is not one
    headBytes = new Uint8Array(4096).fill(0x7b);
  } else if (kind === 'short') {       // cut off inside the header
    body = new Uint8Array(0);
    headBytes = new TextEncoder().encode(JSON.stringify(head)).subarray(0, 20);
  }
  const w = await handle.createWritable();
  await w.write(headBytes || new TextEncoder().encode(JSON.stringify(head).padEnd(4096, ' ')));
  await w.write(body);
  await w.close();
}"""


def boot(page):
    return page.evaluate("() => window.__tapete.boot.snapshot")


def wait_stored(page):
    page.wait_for_function("() => window.__tapete.snapshot && window.__tapete.snapshot.stored",
                           timeout=60_000)


def engine_works(page):
    out = page.evaluate("""async () => {
      const { engine } = await import('./engine.js');
      const g = await engine.call({ op: 'games' });
      const m = await engine.call({ op: 'new', game: 'cuatrola', rules: {}, seed: 'snap', seat: 0, meta: {} });
      return { games: g.ok, match: m.ok };
    }""")
    assert out == {"games": True, "match": True}, out


def draw(page):
    return page.evaluate("async () => (await import('./engine.js')).engine.randomDraw()")


def reload(page):
    page.reload()
    wait_ready(page)


@pytest.fixture
def snap_page(new_browser, app_url):
    """A fresh profile after its first visit: the snapshot has been made and stored."""
    b = new_browser()
    page = b.page()
    page.goto(app_url)
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    assert boot(page)["used"] is False and boot(page)["reason"] == "none"
    wait_stored(page)
    rec = page.evaluate(RECORD)
    assert rec["key"].startswith("314.0.8|") and rec["size"] > rec["stored"] == rec["body"] > 1_000_000
    pages = -(-rec["size"] // 65536)
    assert len(rec["checksum"]) == 32 and len(rec["pages"]) == -(-pages // 4)
    return page


def test_restores_from_the_snapshot_with_fresh_randomness(snap_page):
    page = snap_page
    reload(page)
    assert boot(page)["used"] is True, boot(page)
    engine_works(page)
    first = draw(page)
    reload(page)
    assert boot(page)["used"] is True, boot(page)
    second = draw(page)
    assert first != second, "Python's random is frozen by the snapshot"
    # a restore leaves the stored snapshot as it was (no rewrite)
    assert page.evaluate("() => window.__tapete.snapshot") is None


@pytest.mark.parametrize("kind,reason", [("corrupt", "checksum"), ("truncate", "checksum"), ("cut", "damaged"),
                                         ("key", "key"), ("oversized", "size"),
                                         ("header", "damaged"), ("short", "damaged"),
                                         ("hang", "timeout")])
def test_a_bad_snapshot_falls_back_to_a_normal_boot(snap_page, kind, reason):
    page = snap_page
    good = page.evaluate(RECORD)
    if kind == "hang":
        page.evaluate("localStorage.setItem('tapete.debug.snapshot', 'hang,timeout=1500')")
    else:
        page.evaluate(TAMPER, kind)
    reload(page)
    snap = boot(page)
    assert snap["used"] is False and snap["reason"] == reason, snap
    assert page.evaluate("() => window.__tapete.error") is None
    assert page.locator("#new-cuatrola").count() == 1
    engine_works(page)
    # ... and a good snapshot replaces the bad one; the next start uses it
    wait_stored(page)
    page.evaluate("localStorage.removeItem('tapete.debug.snapshot')")
    again = page.evaluate(RECORD)
    assert again["key"] == good["key"] and again["stored"] == again["body"] <= again["size"] <= 64 * 1024 * 1024
    reload(page)
    assert boot(page)["used"] is True, boot(page)


def test_a_resumed_match_is_drawn_from_its_stored_view_before_python(snap_page, app_url):
    page = snap_page
    set_settings(page, speed="instant", lang="en")
    mid = new_match(page, app_url, "cuatrola", {}, seed="preview-1")
    step(page)
    my_turn(page)
    hand = hand_cards(page)
    n = moves(page)
    assert stored(page, mid)["view"]["hand"] is not None
    # make Python slow to come (a restore that hangs, then a normal boot)
    page.evaluate("localStorage.setItem('tapete.debug.snapshot', 'hang,timeout=4000')")
    page.reload()
    page.wait_for_selector("#screen[data-preview=stored] .table .hand button.card", timeout=10_000)
    assert page.evaluate("() => window.__tapete.ready") is False
    assert hand_cards(page) == hand and moves(page) == n
    page.evaluate("localStorage.removeItem('tapete.debug.snapshot')")
    wait_ready(page)
    page.wait_for_function("() => !document.getElementById('screen').dataset.preview", timeout=30_000)
    my_turn(page)
    assert hand_cards(page) == hand and moves(page) == n
    step(page)
    assert len(stored(page, mid)["match"]["actions"]) > n


# A worker of another tab that holds the snapshot file open (a sync access handle is
# exclusive): served next to the app for this test only.
HOLDER = """const root = await navigator.storage.getDirectory();
const file = await root.getFileHandle('tapete-snapshot.bin');
const handle = await file.createSyncAccessHandle();
postMessage('held');
onmessage = () => { handle.close(); postMessage('released'); };
"""


def test_a_snapshot_held_by_another_tab_falls_back_to_a_normal_boot(snap_page, app_url, server):
    """docs/app.md "Fast start": another tab reading or writing the snapshot file makes this
    start boot normally (reason ``busy``); the stored snapshot is left intact and used again
    once the other tab lets go."""
    page = snap_page
    good = page.evaluate(RECORD)
    # served by this worker's server for this test only (dist/ is shared, never written)
    server.extra["/test-hold-snapshot.js"] = ("text/javascript", HOLDER)
    try:
        other = page.context.new_page()
        other.goto(app_url)
        wait_ready(other)
        assert other.evaluate("""() => new Promise((resolve, reject) => {
          const w = new Worker('test-hold-snapshot.js', { type: 'module' });
          w.onmessage = (e) => { window.__holder = w; resolve(e.data); };
          w.onerror = (e) => reject(new Error(e.message || 'holder failed'));
        })""") == "held"
        reload(page)
        snap = boot(page)
        assert snap["used"] is False and snap["reason"] == "busy", snap
        assert page.evaluate("() => window.__tapete.error") is None
        engine_works(page)
        assert other.evaluate("""() => new Promise((resolve) => {
          window.__holder.onmessage = (e) => resolve(e.data);
          window.__holder.postMessage('release');
        })""") == "released"
        other.close()
    finally:
        del server.extra["/test-hold-snapshot.js"]
    assert page.evaluate(RECORD)["key"] == good["key"]
    reload(page)
    assert boot(page)["used"] is True, boot(page)
