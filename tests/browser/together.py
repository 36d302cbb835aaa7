"""Helpers of the play-together tests (test_together_*.py): browsers and a bare page.

The modules of web/together/ are loaded into a blank page of the app's origin, served by a
route with the app's CSP header (the same policy build.py serves), so nothing of the app
(Pyodide, the service worker) runs. Every browser is a conftest ``Browser``: requests off the
origin, CSP violations and uncaught page errors fail the test.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from pathlib import Path

import pytest

import build

from . import conftest
from .conftest import Browser

#: The blank page on the app's origin (never shipped; the route below serves it).
PAGE_NAME = "together-test.html"
PAGE = ('<!doctype html><html lang="en"><meta charset="utf-8"><title>together</title>'
        '<body><main id="main"></main></body></html>')
#: Imports every module of web/together/ into window.T.
LOAD = """async () => {
  const T = {};
  for (const name of ["code", "ice", "peer", "qr", "scan"]) {
    T[name] = await import(new URL(`together/${name}.js`, location.href).href);
  }
  window.T = T;
  return Object.keys(T);
}"""
MDNS_OFF = "--disable-features=WebRtcHideLocalIpsWithMdns"


def launch(pw, app_url, extra_args=(), **options) -> Browser:
    """A conftest Browser (desktop viewport) with extra Chromium flags."""
    saved = conftest.ARGS
    conftest.ARGS = saved + list(extra_args)
    try:
        return Browser(pw, app_url, {"locale": "en-US", **options})
    finally:
        conftest.ARGS = saved


def open_page(browser: Browser):
    """The blank page with the modules of web/together/ loaded (window.T)."""
    url = browser.app_url + PAGE_NAME
    browser.context.route(url, lambda route: route.fulfill(
        status=200, body=PAGE,
        headers={"Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": build.CSP}))
    page = browser.page()
    page.goto(url)
    page.evaluate(LOAD)
    return page


def processes_of(browser: Browser) -> list[int]:
    """Pids of the Chromium processes of this browser's profile (its own user-data-dir)."""
    mark = f"--user-data-dir={browser.dir}".encode()
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if mark in args:
            pids.append(int(proc.name))
    return pids


@pytest.fixture
def together(pw, app_url, dist):
    """A factory: together(*flags) → (browser, page); every browser is checked and closed.
    together.kill(browser) ends that browser's processes at once (SIGKILL, by pid): a phone
    that vanishes with no goodbye."""
    made = []

    def make(*extra_args, **options):
        b = launch(pw, app_url, extra_args, **options)
        made.append(b)
        return b, open_page(b)

    def kill(b: Browser):
        made.remove(b)
        for _ in range(50):
            pids = processes_of(b)
            if not pids:
                break
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.1)
        assert not processes_of(b), "the browser's processes did not end"
        shutil.rmtree(b.dir, ignore_errors=True)

    make.kill = kill
    yield make
    try:
        for b in made:
            b.check()
    finally:
        for b in made:
            b.close()


# Real descriptions: an offer and, from a second connection, the answer to it.
REAL_SDPS = """async (n) => {
  const gather = (pc) => new Promise((r) => {
    if (pc.iceGatheringState === "complete") r();
    pc.addEventListener("icegatheringstatechange", () => pc.iceGatheringState === "complete" && r());
  });
  const out = [];
  for (let i = 0; i < n; i++) {
    const a = new RTCPeerConnection({iceServers: []});
    const b = new RTCPeerConnection({iceServers: []});
    a.createDataChannel("t", {negotiated: true, id: 0});
    b.createDataChannel("t", {negotiated: true, id: 0});
    await a.setLocalDescription(await a.createOffer());
    await gather(a);
    await b.setRemoteDescription(a.localDescription);
    await b.setLocalDescription(await b.createAnswer());
    await gather(b);
    out.push({kind: "offer", sdp: a.localDescription.sdp}, {kind: "answer", sdp: b.localDescription.sdp});
    a.close(); b.close();
  }
  return out;
}"""


def real_codes(page, n=1):
    """Real offer and answer codes (Chromium SDPs here) with their texts."""
    sdps = page.evaluate(REAL_SDPS, n)
    return page.evaluate("""(sdps) => sdps.map((s, i) =>
        window.T.code.encodeSdp(s.sdp, {kind: s.kind, table: "0a1b2c3d", seat: i % 4}))""", sdps)
