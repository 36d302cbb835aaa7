"""dist/ under a sub-path of a plain static host, in Firefox (issue 38; Chromium's test is
tests/browser/test_deploy.py): Python's own http.server at /tapete/ (tests/browser/plain_host.py),
a first visit with the service worker in control with the sub-path's scope, a backup made in
Chromium restored here (the same records, settings and stars), a deal link and an invitation
link made here under the sub-path, opened in a fresh profile, an offline reload that opens a
restored match, a new version published there reaching the open app, and no request outside
the sub-path (the host's log, the pages' resource timing, the CSP's record). One of WebKit or
Firefox is asked for: Firefox, whose starts after the first restore Python's memory snapshot
from its origin-private file system."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import build

from tests.browser.plain_host import outside, plain_host

from .chromium_backup import CHROMIUM, LESSONS, SETTINGS, matches
from .play import stored, wait_ready

pytestmark = pytest.mark.xdist_group("webkit-firefox")
ROOT = Path(__file__).resolve().parents[2]
REQUIRED = os.environ.get("TAPETE_REQUIRE_BROWSER") == "1"

#: Chooses the file `text` in Settings' "Restore a backup" (as the file picker would).
RESTORE = """(() => {
  const input = document.getElementById('backup-file');
  const dt = new DataTransfer();
  dt.items.add(new File([%s], 'tapete-backup.json', { type: 'application/json' }));
  input.files = dt.files;
  input.dispatchEvent(new Event('change'));
  return true;
})()"""
#: A real offer of this browser (WebRTC) as the host makes it, and its invitation link.
INVITE = """(async () => {
  const code = await import('./together/code.js');
  const invite = await import('./together/invite.js');
  const pc = new RTCPeerConnection();
  pc.createDataChannel('t');
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((resolve) => {
    if (pc.iceGatheringState === 'complete') resolve();
    pc.addEventListener('icegatheringstatechange', () => { if (pc.iceGatheringState === 'complete') resolve(); });
    setTimeout(resolve, 5000);
  });
  const offer = code.encodeSdp(pc.localDescription.sdp, { kind: 'offer', table: code.newTableId(), seat: 1 });
  pc.close();
  return invite.invitationLink(offer, invite.newSecret());
})()"""
#: The addresses a page fetched (its resource timing).
FETCHED = "performance.getEntriesByType('resource').map((e) => e.name)"
DEAL = """(async () => {
  const store = await import('./store.js');
  const links = await import('./links.js');
  return links.makeLink((await store.getMatch('c-playing')).match, 1);
})()"""


@pytest.fixture
def host(dist_dir, tmp_path):
    h = plain_host(dist_dir, tmp_path / "site")
    yield h
    h.stop()


def chromium_backup(url: str) -> str:
    if not Path(CHROMIUM).exists():
        if REQUIRED:
            pytest.fail(f"{CHROMIUM} is missing: run .ci/browser-setup.sh")
        pytest.skip(f"{CHROMIUM} is missing: the backup is made in Chromium")
    run = subprocess.run([sys.executable, "-m", "tests.webkit_firefox.chromium_backup", url], cwd=ROOT,
                         capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])["text"]


# one of WebKit or Firefox: Firefox (tests/webkit_firefox/test_smoke.py covers WebKit)
@pytest.mark.parametrize("browser_kind", [pytest.param("firefox", id="firefox-esr")], indirect=True)
def test_published_under_a_sub_path_and_a_chromium_backup_restored(new_profile, browser_kind, host):
    url = host.url
    text = chromium_backup(url)
    made = matches()
    d = new_profile()
    d.goto(url)
    wait_ready(d)
    d.wait_for("navigator.serviceWorker.controller !== null", what="the service worker in control")
    assert d.eval("navigator.serviceWorker.getRegistration().then((r) => r.scope)") == url

    # the backup made in Chromium, restored here through Settings
    d.goto(url + "#/settings")
    d.wait_for("!!document.getElementById('backup-file')", what="Settings' backup")
    d.eval(RESTORE % json.dumps(text))
    status = d.wait_for("(document.getElementById('backup-status') || {}).textContent"
                        " && document.getElementById('backup-status').textContent.startsWith('Backup') &&"
                        " document.getElementById('backup-status').textContent", what="the restore's answer")
    assert status == "Backup restored. New matches: 2. Brought up to date: 0. Already here: 0.", status
    for mid, m in made.items():
        assert stored(d, mid)["match"] == m
    assert d.eval("JSON.parse(localStorage.getItem('tapete.lessons'))") == LESSONS
    settings = d.eval("JSON.parse(localStorage.getItem('tapete.settings'))")
    assert {k: settings[k] for k in SETTINGS} == SETTINGS
    assert d.eval("document.documentElement.dataset.theme") == "dark"

    # a deal link and an invitation link made here: under the sub-path
    deal = d.eval(DEAL)
    invite = d.eval(INVITE)
    assert deal.startswith(url + "#/deal?") and invite.startswith(url + "#/join?"), (deal, invite)

    # offline (the host answers nothing): a reload, and a restored match opens at its table
    host.server.offline = True
    d.reload()
    wait_ready(d)
    d.goto(url + "#/play/c-playing")
    d.wait_for("document.querySelectorAll('.table .hand button.card').length > 0", what="the restored match's table")
    host.server.offline = False

    # a new version published under the sub-path reaches the open app
    old = d.eval("window.__tapete.version")
    info = build.build(host.app, stamp="firefox-published-again", quiet=True)
    assert info["version"] != old
    d.goto(url + "#/")
    d.eval("navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)")
    d.wait_for("!!document.querySelector('#update:not([hidden]) #update-reload')", what="the new version's banner")
    d.click("#update-reload")
    d.wait_for(f"window.__tapete && window.__tapete.version === {json.dumps(info['version'])}",
               what="the new version running")

    # the links open in a fresh profile: the deal's table (drawn from the link before Python),
    # the join screen with the invitation
    friend = new_profile()
    friend.goto(deal)
    friend.wait_for("document.querySelector('#screen[data-preview]') || location.hash.startsWith('#/play/')",
                    what="the deal link's table")
    friend.goto(invite)
    friend.wait_for("((document.getElementById('offer-code') || {}).value || '').startsWith('TPT:')",
                    what="the invitation on the join screen")
    # no request outside the sub-path: none asked of the host, none in the pages' resource
    # timing, and none to another origin (the CSP refuses it, and a violation fails the test)
    assert outside(host) == [], outside(host)
    for page in (d, friend):
        fetched = page.eval(FETCHED)
        assert fetched and [u for u in fetched if not u.startswith(url)] == [], fetched
