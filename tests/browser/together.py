"""Helpers of the play-together tests (test_together_*.py): browsers and a bare page.

The modules of web/together/ are loaded into a blank page of the app's origin, served by a
route with the app's CSP header (the same policy build.py serves), so nothing of the app
(Pyodide, the service worker) runs. Every browser comes from conftest's ``new_browser``:
requests off the origin, CSP violations and uncaught page errors fail the test.
"""

from __future__ import annotations

import pytest

import build

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


@pytest.fixture
def together(new_browser, dist):
    """A factory: together(*flags) → (browser, page), a desktop window with extra Chromium
    flags, from the one factory ``new_browser`` (checked and closed after the test).
    together.kill(browser) ends that browser's processes at once (SIGKILL, by pid): a phone
    that vanishes with no goodbye."""

    def make(*extra_args, **options):
        b = new_browser(phone=False, args=extra_args, **options)
        return b, open_page(b)

    make.kill = new_browser.kill
    return make


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
