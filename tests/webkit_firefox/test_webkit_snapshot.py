"""The engine's memory snapshot in WebKit (issue 31): WebKitGTK has no OPFS sync access
handles, so Python's worker keeps the snapshot in IndexedDB (web/snapshot/idb.js). The first
visit stores it there, a reload restores from it, and a damaged one is thrown away with a
normal boot and no error on screen (conftest.py checks the page's errors). (Firefox keeps it
in OPFS, as Chromium does: tests/browser/test_snapshot.py.)"""

from __future__ import annotations

import pytest

from .play import wait_ready

# after test_smoke.py, in the same profile and worker (conftest.py ``visited``)
pytestmark = pytest.mark.xdist_group("webkit-firefox")

SNAPSHOT = "window.__tapete.boot.snapshot"
#: The restore's deadline in this test (ms; the app's own is 10 s): see the test.
SLOW_RESTORE_MS = 120_000
ENGINE_WORKS = """import('./engine.js').then(({ engine }) => Promise.all([engine.call({ op: 'games' }),
  engine.call({ op: 'new', game: 'cuatrola', rules: {}, seed: 'webkit snap', seat: 0, meta: {} })]))
  .then(([g, m]) => g.ok && m.ok)"""
# One byte flipped in the middle piece of the stored file (its sizes and checksum unchanged).
FLIP = """new Promise((resolve, reject) => {
  const r = indexedDB.open('tapete-engine-snapshot', 1);
  r.onerror = () => reject(r.error);
  r.onsuccess = () => {
    const db = r.result;
    const st = () => db.transaction('pieces', 'readwrite').objectStore('pieces');
    const f = st().get('file');
    f.onsuccess = () => {
      const i = Math.floor(f.result.size / f.result.piece / 2);
      const g = st().get(i);
      g.onsuccess = () => {
        const bytes = new Uint8Array(g.result);
        bytes[bytes.length >> 1] ^= 0xff;
        const p = st().put(bytes.buffer, i);
        p.onsuccess = () => { db.close(); resolve(i); };
        p.onerror = () => reject(p.error);
      };
    };
  };
})"""


@pytest.mark.parametrize("browser_kind", [pytest.param("webkit", id="webkitgtk")], indirect=True)
def test_webkit_restores_from_the_snapshot_in_indexeddb(visited, app_url):
    """In WebKit's profile of the run (conftest.py ``visited``; test_smoke.py ran there first,
    when the whole folder runs)."""
    d = visited.d
    # its first visit: a normal boot (no snapshot yet), then the snapshot stored in IndexedDB
    snap = visited.snapshot
    assert snap["used"] is False and snap["reason"] == "none" and snap["store"] == "idb", snap
    assert visited.stored["stored"] > 1_000_000, visited.stored
    d.goto(app_url + "#/")
    # the restore's deadline (10 s after the wasm is compiled) longer for this test: in a CI
    # run at a load average of 13-19, WebKit's restore from IndexedDB took more than 10 s and
    # fell back to a normal boot (the app's right answer to a slow restore, not this test's
    # subject)
    d.eval(f"(() => {{ localStorage.setItem('tapete.debug.snapshot', 'timeout={SLOW_RESTORE_MS}'); return true; }})()")
    d.reload()
    wait_ready(d)
    snap = d.eval(SNAPSHOT)
    assert snap["used"] is True and snap["store"] == "idb", snap
    assert d.eval(ENGINE_WORKS) is True
    # a damaged snapshot: a normal boot, nothing said, the engine works
    assert d.eval(FLIP) > 0
    d.reload()
    wait_ready(d)
    snap = d.eval(SNAPSHOT)
    assert snap["used"] is False and snap["reason"] == "checksum", snap
    assert d.eval("window.__tapete.error") is None
    assert d.eval(ENGINE_WORKS) is True
    d.eval("(() => { localStorage.removeItem('tapete.debug.snapshot'); return true; })()")
