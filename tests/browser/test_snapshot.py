"""The engine's memory snapshot (docs/app.md, "Fast start"): made on a first visit, restored
afterwards, and every kind of bad snapshot falls back to a normal boot unnoticed."""

from __future__ import annotations

import json

import pytest

from .conftest import Browser, host_rule, phone_options
from .helpers import (claim_position, hand_cards, moves, my_turn, new_match, open_stored, set_settings, step,
                      stored, under_boot_bar, wait_moved, wait_ready)
from .waits import engine_calls, engine_mark, inputs_handled

# The stored snapshot in each store (web/snapshot/): the same file (a 4096-byte JSON header,
# then the pages) as one OPFS file, or in IndexedDB as pieces of 1 MiB (idb.js); FILES[store]
# reads it whole (null: none) and writes it back, from the page.
FILES = """const FILES = {
  opfs: {
    async load() {
      const root = await navigator.storage.getDirectory();
      try { return new Uint8Array(await (await (await root.getFileHandle('tapete-snapshot.bin')).getFile()).arrayBuffer()); }
      catch { return null; }
    },
    async save(bytes) {
      const root = await navigator.storage.getDirectory();
      const w = await (await root.getFileHandle('tapete-snapshot.bin', { create: true })).createWritable();
      await w.write(bytes);
      await w.close();
    },
  },
  idb: {
    PIECE: 1 << 20,
    db(version = 1) {
      return new Promise((resolve, reject) => {
        const r = indexedDB.open('tapete-engine-snapshot', version);
        r.onupgradeneeded = () => { if (!r.result.objectStoreNames.contains('pieces')) r.result.createObjectStore('pieces'); };
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    },
    req(r) { return new Promise((resolve, reject) => { r.onsuccess = () => resolve(r.result); r.onerror = () => reject(r.error); }); },
    async load() {
      const db = await this.db();
      try {
        const st = () => db.transaction('pieces').objectStore('pieces');
        const file = await this.req(st().get('file'));
        if (!file) return null;
        const out = new Uint8Array(file.size);
        for (let i = 0; i * this.PIECE < file.size; i++) out.set(new Uint8Array(await this.req(st().get(i))), i * this.PIECE);
        return out;
      } finally { db.close(); }
    },
    async save(bytes) {
      const db = await this.db();
      const tx = db.transaction('pieces', 'readwrite');
      const st = tx.objectStore('pieces');
      st.clear();
      for (let i = 0; i * this.PIECE < bytes.length; i++) st.put(bytes.slice(i * this.PIECE, (i + 1) * this.PIECE).buffer, i);
      st.put({ size: bytes.length, piece: this.PIECE }, 'file');
      await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = tx.onabort = () => reject(tx.error); });
      db.close();
    },
  },
};"""

RECORD = """async (store) => {
  """ + FILES + """
  const bytes = await FILES[store].load();
  if (!bytes) return null;
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(0, 4096)));
  return { key: head.key, size: head.size, stored: head.stored, pages: head.pages, checksum: head.checksum,
           body: bytes.length - 4096 };
}"""

# Each tampering reads the stored file, changes it and writes it back (or, for the kinds of
# one store, spoils the store itself).
TAMPER = """async ([store, kind]) => {
  """ + FILES + """
  if (kind === 'unreadable' && store === 'opfs') {   // a directory where the file was
    const root = await navigator.storage.getDirectory();
    await root.removeEntry('tapete-snapshot.bin');
    await root.getDirectoryHandle('tapete-snapshot.bin', { create: true });
    return;
  }
  if (kind === 'version') {                          // the database of a later app version
    (await FILES.idb.db(2)).close();
    return;
  }
  if (kind === 'piece') {                            // a piece that is not bytes
    const db = await FILES.idb.db();
    const tx = db.transaction('pieces', 'readwrite');
    const file = await FILES.idb.req(tx.objectStore('pieces').get('file'));
    tx.objectStore('pieces').put('not bytes', Math.floor(file.size / FILES.idb.PIECE / 2));
    await new Promise((resolve) => { tx.oncomplete = resolve; });
    db.close();
    return;
  }
  const bytes = await FILES[store].load();
  const head = JSON.parse(new TextDecoder().decode(bytes.subarray(0, 4096)));
  let body = bytes.subarray(4096);
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
  headBytes = headBytes || new TextEncoder().encode(JSON.stringify(head).padEnd(4096, ' '));
  const out = new Uint8Array(headBytes.length + body.length);
  out.set(headBytes);
  out.set(body, headBytes.length);
  await FILES[store].save(out);
}"""

# The test hook that keeps the worker to one store (web/worker.js: store=<name>); the OPFS
# store is the one Chromium uses by itself.
DEBUG = {"opfs": "", "idb": "store=idb"}


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


@pytest.fixture(params=["opfs", "idb"])
def store(request):
    """The snapshot store under test: OPFS (Chromium's own), or IndexedDB (the worker kept to
    it by its test hook, as in a browser without OPFS sync access handles: WebKit)."""
    return request.param


def debug(page, store, extra=""):
    """Sets the worker's test hooks for the next start: the store's, and ``extra``."""
    value = ",".join(v for v in (DEBUG[store], extra) if v)
    page.evaluate("(v) => localStorage.setItem('tapete.debug.snapshot', v)", value)


def first_visit_with_snapshot(b, app_url, store):
    """``b``'s page after its first visit: the snapshot made and stored in ``store`` (the
    page's ``snap_store``). Every start of this profile uses that store only, also after a
    test's hooks are removed."""
    if DEBUG[store]:
        b.context.add_init_script(
            "try { if (localStorage.getItem('tapete.debug.snapshot') === null) "
            f"localStorage.setItem('tapete.debug.snapshot', {json.dumps(DEBUG[store])}); }} catch {{}}")
    page = b.page()
    page.snap_store = store
    page.goto(app_url)
    wait_ready(page)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    assert boot(page)["used"] is False and boot(page)["reason"] == "none"
    assert boot(page)["store"] == store
    wait_stored(page)
    rec = page.evaluate(RECORD, store)
    assert rec["key"].startswith("314.0.8|") and rec["size"] > rec["stored"] == rec["body"] > 1_000_000
    pages = -(-rec["size"] // 65536)
    assert len(rec["checksum"]) == 32 and len(rec["pages"]) == -(-pages // 4)
    return page


@pytest.fixture
def snap_page(new_browser, app_url, store):
    """A page whose profile has its snapshot stored in ``store``: for OPFS (Chromium's own) a
    copy of the prepared profile (its first visit stored it there: what such a first visit
    stores is checked by ``first_visit_with_snapshot`` in the bad-snapshot cases), started
    from it; for IndexedDB a fresh profile after its first visit (the worker kept to it)."""
    if store != "opfs":
        return first_visit_with_snapshot(new_browser(), app_url, store)
    page = new_browser(installed=True).page()
    page.snap_store = store
    page.goto(app_url)
    wait_ready(page)
    assert boot(page)["used"] is True and boot(page)["store"] == store, boot(page)
    return page


@pytest.fixture(scope="module")
def bad_snapshot_pages(pw, app_url, server):
    """For the bad-snapshot cases: one fresh profile per store, its first visit made when a
    case first asks for it. Each case ends with a good snapshot stored again and a start
    restored from it (its last checks), which is where the next case starts: the first
    visit is paid once per store, not once per case (each took 14-19 s of a CI run)."""
    made = {}

    def page_for(store):
        if store not in made:
            b = Browser(pw, app_url, phone_options(pw), args=[host_rule(server)])
            made[store] = b
            first_visit_with_snapshot(b, app_url, store)
        page = made[store].page()
        page.snap_store = store
        return page

    yield page_for
    try:
        for b in made.values():
            b.check()
    finally:
        for b in made.values():
            b.close()


def test_restores_from_the_snapshot_with_fresh_randomness(snap_page):
    page = snap_page
    reload(page)
    assert boot(page)["used"] is True, boot(page)
    assert boot(page)["store"] == page.snap_store
    engine_works(page)
    first = draw(page)
    reload(page)
    assert boot(page)["used"] is True, boot(page)
    second = draw(page)
    assert first != second, "Python's random is frozen by the snapshot"
    # a restore leaves the stored snapshot as it was (no rewrite)
    assert page.evaluate("() => window.__tapete.snapshot") is None


# Every way a stored file can be refused is read by the pure restore (web/snapshot/format.js,
# pieces.js, file.js) and tested for each kind in Node (tests/js/snapshot.test.mjs: corrupt,
# truncate, cut, key, oversized, header, short, empty, a flipped page map, a missing piece).
# What only the browser shows is that a refusal read from a real store is a normal boot with
# nothing on screen, and a good snapshot stored again: here, one refusal of the file's bytes
# per store (a cut file, "damaged"; in OPFS also a byte flipped, "checksum": the bytes as
# the real store returns them), and what only a store can do.
BAD = [("cut", "damaged")]
# what only one store can have: a directory in place of the OPFS file, and a restore that
# hangs (the worker's own deadline; the store does not matter); an IndexedDB database of a
# later version (it cannot be opened), a piece that is not bytes (in WebKit, whose store this
# is, a byte flipped: tests/webkit_firefox/test_webkit_snapshot.py)
ONE_STORE = [("opfs", "corrupt", "checksum"), ("opfs", "hang", "timeout"), ("opfs", "unreadable", "unreadable"),
             ("idb", "version", "unreadable"), ("idb", "piece", "truncated")]


# the cases of one store share its profile (bad_snapshot_pages): one worker runs them in turn
BAD_CASES = [pytest.param(st, k, r, marks=pytest.mark.xdist_group(f"bad-snapshot-{st}"))
             for st, k, r in [(st, k, r) for st in ("opfs", "idb") for k, r in BAD] + ONE_STORE]


@pytest.mark.parametrize("store,kind,reason", BAD_CASES)
def test_a_bad_snapshot_falls_back_to_a_normal_boot(bad_snapshot_pages, store, kind, reason):
    page = bad_snapshot_pages(store)
    page.goto(page.url.split("#")[0] + "#/")
    if boot(page).get("reason") == "none":   # the store's first case: the page of its first visit
        reload(page)
    # (each case ends on a start restored from the good snapshot it stored again)
    assert boot(page)["used"] is True, f"the case before left no good snapshot: {boot(page)}"
    good = page.evaluate(RECORD, store)
    if kind == "hang":
        debug(page, store, "hang,timeout=1500")
    else:
        page.evaluate(TAMPER, [store, kind])
    reload(page)
    snap = boot(page)
    assert snap["used"] is False and snap["reason"] == reason, snap
    assert page.evaluate("() => window.__tapete.error") is None
    assert page.locator("#new-cuatrola").count() == 1
    engine_works(page)
    # ... and a good snapshot replaces the bad one; the next start uses it
    wait_stored(page)
    page.evaluate("localStorage.removeItem('tapete.debug.snapshot')")
    again = page.evaluate(RECORD, store)
    assert again["key"] == good["key"] and again["stored"] == again["body"] <= again["size"] <= 64 * 1024 * 1024
    reload(page)
    assert boot(page)["used"] is True, boot(page)
    assert boot(page)["store"] == store


@pytest.mark.parametrize("store", ["idb"])   # (the store WebKit uses)
def test_a_slow_wasm_compilation_is_not_a_restore_that_hangs(snap_page, store):
    """docs/performance.md "The snapshot in WebKit": WebKit compiles Pyodide's wasm afresh at
    every start (seconds on a busy machine); the restore's deadline counts from when the wasm
    is compiled, as a normal boot would wait for it too. Before, a compilation longer than
    the deadline made every restore a timeout and a normal boot."""
    page = snap_page
    debug(page, store, "wasmdelay=4000,timeout=3000")
    reload(page)
    snap = boot(page)
    assert snap["used"] is True and snap["store"] == store, snap
    assert page.evaluate("() => window.__tapete.boot.stages.wasm") >= 4000
    engine_works(page)


@pytest.mark.parametrize("store", ["opfs"])   # (how the table is drawn does not depend on the store)
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
    # a tap on a playable card of the stored view is kept and made once the table is live: not
    # lost (before the fix it did nothing, and the WebKit smoke test's tap waited 60 s for it)
    card = page.locator("#screen[data-preview=stored] .hand button.card:not(.illegal)").first
    tapped = card.get_attribute("data-card")
    mark = engine_mark(page)
    card.tap()
    inputs_handled(page)
    assert engine_calls(page, mark, "act") == [], "played on the stored view"
    assert moves(page) == n and len(stored(page, mid)["match"]["actions"]) == n, "played on the stored view"
    page.evaluate("localStorage.removeItem('tapete.debug.snapshot')")
    wait_ready(page)
    page.wait_for_function("() => !document.getElementById('screen').dataset.preview", timeout=30_000)
    wait_moved(page, n)
    assert stored(page, mid)["match"]["actions"][n] == tapped
    my_turn(page)
    step(page)
    assert len(stored(page, mid)["match"]["actions"]) > n + 1
    # the same for a control of the stored view: Cuarenta's ronda claim (the person's first
    # claim, reached in CPython). Before, such a control went to the engine with no live
    # table (base.js submit: it is kept now, as a card's tap is)
    cid = open_stored(page, app_url, claim_position())
    page.wait_for_selector(".controls button.rank-btn[data-action='claim:K']")
    n = len(stored(page, cid)["match"]["actions"])
    wait_stored(page)   # (the start after the hang above was a normal boot: its new snapshot, for the next to hang on)
    page.evaluate("localStorage.setItem('tapete.debug.snapshot', 'hang,timeout=6000')")
    page.reload()
    claim = page.locator("#screen[data-preview=stored] .controls button.rank-btn[data-action='claim:K']")
    claim.wait_for(timeout=10_000)
    assert page.evaluate("() => window.__tapete.ready") is False
    assert moves(page) == n, (moves(page), n)
    # every control of the stored view can be tapped: none is under the boot bar (it covered
    # the claim's second row at the bottom of the table, and the tap waited for Python)
    assert page.locator("#boot").is_visible() and under_boot_bar(page, ".controls button") == []
    mark = engine_mark(page)
    claim.tap()
    inputs_handled(page)
    assert engine_calls(page, mark, "act") == [], "claimed on the stored view"
    assert page.evaluate("() => window.__tapete.ready") is False, "Python came before the check"
    assert moves(page) == n and len(stored(page, cid)["match"]["actions"]) == n, "claimed on the stored view"
    page.evaluate("localStorage.removeItem('tapete.debug.snapshot')")
    wait_ready(page)
    page.wait_for_function("() => !document.getElementById('screen').dataset.preview", timeout=30_000)
    wait_moved(page, n)
    assert stored(page, cid)["match"]["actions"][n] == "claim:K"


# A worker of another tab that holds the snapshot file open (a sync access handle is
# exclusive): served next to the app for this test only.
HOLDER = """const root = await navigator.storage.getDirectory();
const file = await root.getFileHandle('tapete-snapshot.bin');
const handle = await file.createSyncAccessHandle();
postMessage('held');
onmessage = () => { handle.close(); postMessage('released'); };
"""


@pytest.mark.parametrize("store", ["opfs"])   # (only OPFS holds a file exclusively)
def test_a_snapshot_held_by_another_tab_falls_back_to_a_normal_boot(snap_page, app_url, server):
    """docs/app.md "Fast start": another tab reading or writing the snapshot file makes this
    start boot normally (reason ``busy``); the stored snapshot is left intact and used again
    once the other tab lets go."""
    page = snap_page
    good = page.evaluate(RECORD, "opfs")
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
    assert page.evaluate(RECORD, "opfs")["key"] == good["key"]
    reload(page)
    assert boot(page)["used"] is True, boot(page)
